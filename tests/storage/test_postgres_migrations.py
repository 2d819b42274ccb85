"""PostgreSQL migrations: twins of SQLite's, numbered alike, refusing what is not ours."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from storage import NotOurDatabaseError, SchemaTooNewError, Storage
from storage.migrations import bundled_migrations
from storage.postgres import postgres_migrations
from tests import postgres
from tests.storage.conftest import raw_execute


def test_every_sqlite_migration_has_a_postgres_twin_of_the_same_number_and_name() -> None:
    assert [m.name for m in postgres_migrations()] == [m.name for m in bundled_migrations()]


@pytest.fixture
def empty() -> Iterator[str]:
    url = postgres.fresh_database()
    yield url
    postgres.drop_database(url)


@pytest.mark.postgres
async def test_an_empty_database_is_migrated_once_by_processes_opening_it_together(
    empty: str,
) -> None:
    opened = await asyncio.gather(*(Storage.open(empty) for _ in range(3)))
    versions = await opened[0]._read(
        lambda conn: conn.execute("SELECT version FROM paiju_schema").fetchall())
    assert versions == [(len(postgres_migrations()),)]
    player = await opened[1].player("console", "me", "Me")
    assert await opened[2].balance(player) == 1000
    for storage in opened:
        await storage.close()


@pytest.mark.postgres
async def test_a_newer_postgres_database_is_refused_untouched(empty: str) -> None:
    storage = await Storage.open(empty)
    await storage.close()
    await raw_execute(empty, "UPDATE paiju_schema SET version = 999")
    with pytest.raises(SchemaTooNewError, match="upgrade"):
        await Storage.open(empty)


@pytest.mark.postgres
async def test_a_database_with_another_applications_tables_is_refused(empty: str) -> None:
    await raw_execute(empty, "CREATE TABLE notes (body TEXT)")
    with pytest.raises(NotOurDatabaseError, match="notes"):
        await Storage.open(empty)
