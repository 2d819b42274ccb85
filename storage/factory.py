"""Opening a database: the factory picks the transport and puts the SQL core on it.

A `postgresql://` (or `postgres://`) URL opens `PostgresTransport` (asyncpg, loaded only by
those who use a server); anything else is a SQLite file path (`SqliteTransport`). Neither
transport knows the other, nor the core: this module is the only one that knows all three.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from datetime import UTC, tzinfo
from pathlib import Path
from typing import Any

from storage import standings
from storage.core import StorageCore
from storage.errors import CopyError
from storage.records import DatabaseState
from storage.transport import Transport
from storage.urls import is_postgres_url


async def open_transport(database: str | Path, *, pool_size: int | None = None) -> Transport:
    """The transport for a SQLite path or a PostgreSQL URL, opened and migrated
    (`pool_size`: connections to a server; None keeps the default)."""
    if is_postgres_url(database):
        from storage.postgres import PostgresTransport  # asyncpg only for a server

        sized: dict[str, Any] = {} if pool_size is None else {"pool_size": pool_size}
        return await PostgresTransport.open(str(database), **sized)
    from storage.sqlite import SqliteTransport

    return await SqliteTransport.open(database)


async def open_storage(
    database: str | Path,
    *,
    starting_grant: int = 1000,
    daily_relief: int = 500,
    relief_threshold: int = 100,
    clock: Callable[[], float] = time.time,
    tz: tzinfo = UTC,
    season_months: int = 1,
    pool_size: int | None = None,
) -> Storage:
    """Open (creating a SQLite file and its folder) and migrate; SchemaTooNewError leaves
    the database untouched.

    `daily_relief` is the level a broke player is topped up to; `clock` gives epoch seconds
    for the current week of the weekly boards and the current season (of `season_months`
    months: monthly by default), counted in `tz`.
    """
    standings.season_of(0, tz, season_months)  # refuses a season length before opening
    transport = await open_transport(database, pool_size=pool_size)
    return Storage(transport, starting_grant=starting_grant, daily_relief=daily_relief,
                   relief_threshold=relief_threshold, clock=clock, tz=tz,
                   season_months=season_months)


async def inspect_database(database: str | Path) -> DatabaseState:
    """What the doctor reads of a database (a SQLite path or a server's URL), unchanged."""
    if is_postgres_url(database):
        from storage.postgres import inspect_server  # asyncpg only for a server

        return await inspect_server(str(database))
    from storage.sqlite import inspect_file

    return inspect_file(database)


async def backup_database(database: str | Path, file: Path) -> int:
    """A consistent copy of the live database in `file` (SQLite: a SQLite file made with
    the online backup API; PostgreSQL: the project's export); its schema version."""
    if is_postgres_url(database):
        from storage.postgres_copy import export_server

        return await export_server(str(database), file)
    from storage.sqlite_copy import backup_file

    return await asyncio.to_thread(backup_file, Path(database), file)


async def restore_database(file: Path, database: str | Path) -> int:
    """`file` (a backup of the same kind of database) into an empty database; the backup's
    schema version. CopyError when it cannot be done (not empty, not a backup, ...)."""
    from storage.postgres_copy import is_export, restore_server
    from storage.sqlite_copy import is_sqlite_file, restore_file

    if not file.is_file():
        raise CopyError("restore.not_a_backup", path=str(file))
    if is_postgres_url(database):
        if is_sqlite_file(file):
            raise CopyError("restore.wrong_kind", path=str(file), kind="SQLite",
                            target="PostgreSQL")
        return await restore_server(file, str(database))
    if is_export(file):
        raise CopyError("restore.wrong_kind", path=str(file), kind="PostgreSQL",
                        target="SQLite")
    return await asyncio.to_thread(restore_file, file, Path(database))


class Storage(StorageCore):
    """The storage port the host uses, on whichever database `open` is given."""

    open = staticmethod(open_storage)  # a SQLite path or a PostgreSQL URL


class PostgresStorage(Storage):
    """The storage port on a PostgreSQL server (its `open` takes only a URL)."""

    @classmethod
    async def open(cls, database: str | Path, **config: Any) -> Storage:
        """`open_storage` of a `postgresql://` URL (`pool_size`: connections)."""
        if not is_postgres_url(database):
            raise ValueError("PostgresStorage.open takes a postgresql:// URL")
        return await open_storage(database, **config)
