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
from tests.adapters.telegram.harness import CHECKED_METHODS, FAST, LeakGuard, Table
from tests.fakes.telegram import FakeTelegram

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
    async with FakeTelegram() as fake:
        guard.install(fake)
        table = Table(fake, tmp_path / "data" / "paiju.sqlite3", guard, limits, pictures)
        await table.boot()
        try:
            yield table
            await table.settle()
        finally:
            await table.shutdown()
        assert not guard.violations, "\n".join(guard.violations)
        to_groups = [c for c in fake.calls if c.method in CHECKED_METHODS
                     and isinstance(c.chat_id, int) and c.chat_id < 0 and c.ok]
        assert guard.checked >= len(to_groups), "every request to a group was checked"
        assert fake.unanswered_callbacks() == []
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR
              and r.name.startswith(WATCHED_LOGGERS)]
    assert not errors, "\n".join(f"{r.name}: {r.getMessage()}" for r in errors)
