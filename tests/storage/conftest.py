"""Fixtures: a real SQLite file in tmp_path and a clock the test moves."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pytest

from storage import Storage

MONDAY = datetime(2026, 3, 2, 12, 0, tzinfo=UTC).timestamp()  # ISO week 2026-W10


@dataclass
class FakeClock:
    """Epoch seconds that only move when the test says so."""

    now: float = MONDAY

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "paiju.db"


@pytest.fixture
async def storage(db_path: Path, clock: FakeClock) -> AsyncIterator[Storage]:
    opened = await Storage.open(db_path, clock=clock)
    yield opened
    await opened.close()
