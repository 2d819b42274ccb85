"""Fixtures: a fake Telegram server with the real adapter and host on a SQLite file.

Every test that uses `tg` is checked at teardown: no request to a group chat showed a card
still hidden in a hand (checked as each request arrived), every button press was answered,
and nothing logged an error.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from adapters.telegram import Limits
from tests.adapters.telegram.harness import FAST, LeakGuard, Table, checked_table

WATCHED_LOGGERS = ("adapters", "bot", "storage", "telegram")


@pytest.fixture
def limits() -> Limits:
    """Flood limits for the adapter (parametrize `limits` to slow them to Telegram's)."""
    return FAST


@pytest.fixture
def pictures() -> bool:
    """Card art on (override in a module that looks at pictures; off keeps the text flow)."""
    return False


@pytest.fixture
async def tg(tmp_path: Path, caplog: pytest.LogCaptureFixture,
             limits: Limits, pictures: bool) -> AsyncIterator[Table]:
    """A booted Table; teardown asserts privacy, answered presses and a clean log."""
    caplog.set_level(logging.INFO)
    guard = LeakGuard()
    async with checked_table(guard, lambda fake: Table(
            fake, tmp_path / "data" / "paiju.sqlite3", guard, limits, pictures)) as table:
        yield table
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR
              and r.name.startswith(WATCHED_LOGGERS)]
    assert not errors, "\n".join(f"{r.name}: {r.getMessage()}" for r in errors)
