"""The real PostgreSQL server of the tests: `.ci/run` starts one and exports its URL.

`PAIJU_TEST_POSTGRES` is a URL with the right to create databases (`.ci/postgres start`
prints one). Without it the PostgreSQL tests are skipped on a developer's machine and fail
in CI (CI=true), where the server must be there. Each test gets a database of its own,
dropped afterwards.
"""

from __future__ import annotations

import asyncio
import atexit
import itertools
import os
import threading
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar
from urllib.parse import parse_qs, urlsplit, urlunsplit

import asyncpg
import pytest

T = TypeVar("T")
ENV = "PAIJU_TEST_POSTGRES"
_counter = itertools.count()
_lock = threading.Lock()


def server_url() -> str:
    """The server's URL, or skip (fail in CI) when no server was given."""
    url = os.environ.get(ENV, "").strip()
    if not url:
        message = f"{ENV} is not set: no PostgreSQL server for this test (.ci/run starts one)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    return url


def _in_thread(coroutine: Coroutine[Any, Any, T]) -> T:
    # Fixtures may run while a test's event loop is running: use a loop of our own.
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def with_database(url: str, name: str) -> str:
    """The same server and credentials, another database."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


async def _admin(statement: str) -> None:
    conn = await asyncpg.connect(_test_database())
    try:
        await conn.execute(statement)
    finally:
        await conn.close()


_database: str | None = None


def _test_database() -> str:
    """One database per test run (made on first use, dropped at exit); tests get schemas."""
    global _database
    with _lock:
        if _database is None:
            name = f"paiju_tests_{os.getpid()}"

            async def create() -> None:
                conn = await asyncpg.connect(server_url())
                try:
                    await conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
                    await conn.execute(f"CREATE DATABASE {name} TEMPLATE template0")
                finally:
                    await conn.close()

            async def drop() -> None:
                conn = await asyncpg.connect(server_url())
                try:
                    await conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
                finally:
                    await conn.close()

            _in_thread(create())
            atexit.register(lambda: asyncio.run(drop()))
            _database = with_database(server_url(), name)
        return _database


def fresh_database() -> str:
    """The URL of a new empty database of its own: a schema of the run's database, named by
    `search_path` in the URL (asyncpg passes unknown URL parameters as server settings)."""
    schema = f"t{next(_counter)}"
    _in_thread(_admin(f"CREATE SCHEMA {schema}"))
    return f"{_test_database()}?search_path={schema}"


def drop_database(url: str) -> None:
    """Drop what `fresh_database` made."""
    schema = parse_qs(urlsplit(url).query)["search_path"][0]
    _in_thread(_admin(f"DROP SCHEMA IF EXISTS {schema} CASCADE"))


async def execute(url: str, statement: str, *args: Any) -> Any:
    """Run one statement on its own connection (to tamper with the books in a test)."""
    conn = await asyncpg.connect(url)
    try:
        return await conn.execute(statement, *args)
    finally:
        await conn.close()
