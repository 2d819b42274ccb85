"""Fixtures: a real SQLite file in tmp_path, or a real PostgreSQL database of its own, and a
clock the test moves. Every test that takes `database` or `storage` runs on both backends."""

from __future__ import annotations

import itertools
import os
import secrets
import sqlite3
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from storage import Storage
from storage.postgres import to_dollar_params
from tests import postgres

MONDAY = datetime(2026, 3, 2, 12, 0, tzinfo=UTC).timestamp()  # ISO week 2026-W10
BACKENDS = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
_roles = itertools.count()
RAW_ERRORS = (sqlite3.DatabaseError, asyncpg.PostgresError)  # what `raw_execute` may raise


@dataclass
class FakeClock:
    """Epoch seconds that only move when the test says so."""

    now: float = MONDAY

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def new_database(backend: str, folder: Path) -> Path | str:
    """A new empty database: a SQLite file path in `folder`, or a PostgreSQL URL."""
    if backend == "postgres":
        return postgres.fresh_database()
    return folder / "data" / "paiju.db"


def drop(database: Path | str) -> None:
    """Remove a PostgreSQL database `new_database` made (a SQLite file goes with tmp_path)."""
    if isinstance(database, str):
        postgres.drop_database(database)


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A new empty PostgreSQL database for a test of PostgreSQL alone (its URL), dropped
    afterwards."""
    url = postgres.fresh_database()
    yield url
    postgres.drop_database(url)


def server_connections(storage: Storage) -> list[asyncpg.Connection]:
    """The asyncpg connections a PostgreSQL storage holds now: its threads' and its loop's."""
    transport = storage.transport
    raws = [connection.raw for connection in transport._all] + transport._on_loop
    return [raw for raw in raws if raw is not None]


@pytest.fixture
def database(backend: str, tmp_path: Path) -> Iterator[Path | str]:
    """Where `Storage.open` opens this test's database, on the test's backend."""
    found = new_database(backend, tmp_path)
    yield found
    drop(found)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A SQLite file, for the tests of what only SQLite has (files, pragmas)."""
    return tmp_path / "data" / "paiju.db"


@pytest.fixture
async def storage(database: Path | str, clock: FakeClock) -> AsyncIterator[Storage]:
    opened = await Storage.open(database, clock=clock)
    yield opened
    await opened.close()


async def raw_execute(database: Path | str, statement: str, *args: object) -> None:
    """One statement outside the storage, on its own connection (to tamper with the books);
    `?` placeholders on both backends."""
    if isinstance(database, str):
        await postgres.execute(database, to_dollar_params(statement), *args)
        return
    with sqlite3.connect(database) as conn:
        conn.execute(statement, args)
    conn.close()


@pytest.fixture
def role() -> Iterator[tuple[str, str]]:
    """A login role of its own (name, password), dropped afterwards."""
    name = f"paiju_role_{os.getpid()}_{next(_roles)}"
    password = f"pw-{secrets.token_hex(8)}"
    postgres._in_thread(postgres.execute(
        postgres.server_url(), f"CREATE ROLE {name} LOGIN PASSWORD '{password}'"))
    yield name, password

    async def drop() -> None:
        for url in (postgres._test_database(), postgres.server_url()):
            await postgres.execute(url, f"DROP OWNED BY {name}")
        await postgres.execute(postgres.server_url(), f"DROP ROLE {name}")

    postgres._in_thread(drop())


def as_role(role: tuple[str, str], database: str) -> str:
    """`database` (a URL of the test server) logged in as `role`."""
    parts = urlsplit(database)
    name, password = role
    return urlunsplit(parts._replace(netloc=f"{name}:{password}@{parts.hostname}:{parts.port}"))
