"""`PostgresStorage`: the storage port on a PostgreSQL server (asyncpg), for several bot
processes on one database.

Selected by a `postgresql://user:password@host:port/database` URL where a SQLite path would
go (`Storage.open`). Every public call and every SQL statement is `Storage`'s own (storage/
sqlite.py and the modules it calls): only the transport differs. Each call is one
transaction on a connection of a small pool: reads are REPEATABLE READ READ ONLY (one
snapshot, like a SQLite read transaction), writes READ COMMITTED where every amount moves
by an atomic upsert (`balances`, `standings`: the row is locked until commit, never read and
written back) and the daily relief locks the balance it reads (`FOR UPDATE`). A write that
PostgreSQL aborts as a deadlock or a serialization failure is run again from the start.

The shared jobs are plain functions of a DB-API style connection (`conn.execute(sql,
params).fetchall()`); `_Bridge` gives them one over an asyncpg connection: the job runs on a
worker thread and each statement hops to the event loop, where asyncpg runs it. `?`
placeholders become `$1, $2, …`; integrity violations surface as `sqlite3.IntegrityError`
(what the jobs catch); sums come back as ints.
"""

from __future__ import annotations

import asyncio
import logging
import re
import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, tzinfo
from decimal import Decimal
from importlib import resources
from typing import Any, Self, TypeVar

import asyncpg

from storage.errors import MigrationError, NotOurDatabaseError, SchemaTooNewError, StorageError
from storage.migrations import Migration, bundled_migrations
from storage.sqlite import Storage

T = TypeVar("T")
log = logging.getLogger(__name__)

URL_SCHEMES = ("postgresql://", "postgres://")
POOL_SIZE = 8  # connections per process: several bot processes share one server
RETRIES = 8  # a deadlock or serialization failure is retried this often, then raised
APPLICATION = "paiju"  # the row of `paiju_schema` that marks a database as ours
MIGRATION_LOCK = 0x5061694A  # advisory lock key: one process migrates at a time
_RETRYABLE = (asyncpg.exceptions.DeadlockDetectedError, asyncpg.exceptions.SerializationError)


def is_postgres_url(database: object) -> bool:
    """Whether a database setting names a PostgreSQL server rather than a SQLite file."""
    return isinstance(database, str) and database.startswith(URL_SCHEMES)


def redacted(url: str) -> str:
    """The URL with its password replaced, for logs and errors."""
    return re.sub(r"(://[^:/@]*:)[^@]*@", r"\1***@", url)


def postgres_migrations() -> list[Migration]:
    """The PostgreSQL twins of the SQLite migrations, numbered 1..N like them."""
    return bundled_migrations(resources.files("storage.migrations") / "postgres")


def to_dollar_params(sql: str) -> str:
    """`?` placeholders as PostgreSQL's `$1, $2, …` (string literals left alone)."""
    out: list[str] = []
    number = 0
    quoted = False
    for char in sql:
        if char == "'":
            quoted = not quoted
        if char == "?" and not quoted:
            number += 1
            out.append(f"${number}")
        else:
            out.append(char)
    return "".join(out)


class IntegrityError(sqlite3.IntegrityError):
    """A PostgreSQL constraint violation, as the shared jobs expect to catch it."""


def _plain(value: Any) -> Any:
    # SUM over BIGINT is NUMERIC in PostgreSQL; SQLite gives an int.
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    return value


class _Cursor:
    """The rows and row count of one statement, as a sqlite3 cursor gives them."""

    def __init__(self, rows: list[tuple[Any, ...]], rowcount: int) -> None:
        self._rows = rows
        self.rowcount = rowcount

    def fetchall(self) -> list[tuple[Any, ...]]:
        return self._rows

    def fetchone(self) -> tuple[Any, ...] | None:
        return self._rows[0] if self._rows else None

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        return iter(self._rows)


def _rowcount(status: str | None) -> int:
    # "INSERT 0 1", "UPDATE 3", "DELETE 0", "SELECT 2"
    last = (status or "").rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else -1


class _Connection:
    """One pooled asyncpg connection with its prepared statements."""

    def __init__(self, raw: asyncpg.Connection) -> None:
        self.raw = raw
        self.statements: dict[str, Any] = {}

    async def statement(self, sql: str) -> Any:
        prepared = self.statements.get(sql)
        if prepared is None:
            prepared = self.statements[sql] = await self.raw.prepare(to_dollar_params(sql))
        return prepared

    async def run(self, sql: str, params: Sequence[Any]) -> _Cursor:
        try:
            prepared = await self.statement(sql)
            rows = await prepared.fetch(*params)
        except asyncpg.exceptions.IntegrityConstraintViolationError as error:
            raise IntegrityError(str(error)) from error
        except asyncpg.exceptions.RaiseError as error:  # the append-only trigger
            raise IntegrityError(str(error)) from error
        return _Cursor([tuple(map(_plain, row)) for row in rows],
                       _rowcount(prepared.get_statusmsg()))

    async def run_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> _Cursor:
        try:
            prepared = await self.statement(sql)
            await prepared.executemany(rows)
        except asyncpg.exceptions.IntegrityConstraintViolationError as error:
            raise IntegrityError(str(error)) from error
        return _Cursor([], len(rows))


class _Bridge:
    """A blocking, sqlite3-like face of a `_Connection` for a job on a worker thread."""

    def __init__(self, connection: _Connection, loop: asyncio.AbstractEventLoop) -> None:
        self._connection = connection
        self._loop = loop

    def execute(self, sql: str, params: Sequence[Any] = ()) -> _Cursor:
        """Run one statement on the event loop and wait for its rows."""
        return asyncio.run_coroutine_threadsafe(
            self._connection.run(sql, list(params)), self._loop).result()

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> _Cursor:
        """Run one statement for each row of parameters."""
        rows = [list(row) for row in rows]
        if not rows:
            return _Cursor([], 0)
        return asyncio.run_coroutine_threadsafe(
            self._connection.run_many(sql, rows), self._loop).result()


class PostgresStorage(Storage):
    """`Storage` on a PostgreSQL server: same calls, same SQL, a pool of connections."""

    dialect = "postgres"
    row_locks = True

    def __init__(self, url: str, connections: list[_Connection], **config: Any) -> None:
        """Use `PostgresStorage.open`; this only wires migrated connections."""
        super().__init__(None, **config)
        self.url = url
        self._idle: asyncio.Queue[_Connection] = asyncio.Queue()
        for connection in connections:
            self._idle.put_nowait(connection)
        self._all = list(connections)
        self._threads = ThreadPoolExecutor(len(connections), thread_name_prefix="paiju-pg")
        self._inflight: set[asyncio.Task[Any]] = set()

    @classmethod
    async def open(  # type: ignore[override]
        cls,
        url: str,
        *,
        starting_grant: int = 1000,
        daily_relief: int = 500,
        relief_threshold: int = 100,
        clock: Callable[[], float] = time.time,
        tz: tzinfo = UTC,
        season_months: int = 1,
        pool_size: int = POOL_SIZE,
    ) -> Self:
        """Connect, migrate (one process at a time) and open a pool of `pool_size`."""
        try:
            first = await asyncpg.connect(url)
        except (OSError, asyncpg.PostgresError) as error:
            raise StorageError(f"cannot connect to {redacted(url)}: {error}") from error
        connections = [first]
        try:
            await migrate(first, postgres_migrations(), redacted(url))
            connections += await asyncio.gather(
                *(asyncpg.connect(url) for _ in range(pool_size - 1)))
        except BaseException:
            for raw in connections:
                await raw.close()
            raise
        return cls(
            url, [_Connection(raw) for raw in connections], starting_grant=starting_grant,
            daily_relief=daily_relief, relief_threshold=relief_threshold, clock=clock, tz=tz,
            season_months=season_months,
        )

    async def close(self) -> None:
        """Finish the transactions in flight and close the connections."""
        if self._closed:
            return
        self._closed = True
        if self._inflight:
            await asyncio.gather(*self._inflight, return_exceptions=True)
        for connection in self._all:
            await connection.raw.close()
        self._threads.shutdown(wait=False)

    async def _read(self, job: Callable[[Any], T]) -> T:
        return await self._transaction(job, write=False)

    async def _write(self, job: Callable[[Any], T]) -> T:
        return await self._transaction(job, write=True)

    async def _transaction(self, job: Callable[[Any], T], *, write: bool) -> T:
        if self._closed:
            raise StorageError("storage is closed")
        # Shielded: a caller cancelled mid-transaction must not leave its connection
        # half-way (the job's statements still run on it); the job finishes or rolls back.
        task = asyncio.ensure_future(self._run(job, write))
        self._inflight.add(task)
        task.add_done_callback(self._inflight.discard)
        return await asyncio.shield(task)

    async def _run(self, job: Callable[[Any], T], write: bool) -> T:
        loop = asyncio.get_running_loop()
        connection = await self._idle.get()
        try:
            bridge = _Bridge(connection, loop)
            for attempt in range(1, RETRIES + 1):
                transaction = connection.raw.transaction(
                    isolation="read_committed" if write else "repeatable_read",
                    readonly=not write)
                await transaction.start()
                try:
                    value = await loop.run_in_executor(self._threads, job, bridge)
                    await transaction.commit()
                    return value
                except _RETRYABLE as error:
                    await _rollback(transaction)
                    if attempt == RETRIES:
                        raise
                    log.info("postgres: %s; transaction retried (%d)", type(error).__name__,
                             attempt)
                    await asyncio.sleep(0.002 * attempt)
                except BaseException:
                    await _rollback(transaction)
                    raise
            raise AssertionError("unreachable")
        finally:
            self._idle.put_nowait(connection)


async def _rollback(transaction: Any) -> None:
    try:
        await transaction.rollback()
    except asyncpg.exceptions.InterfaceError:  # already ended by the failed commit
        pass


async def migrate(conn: asyncpg.Connection, migrations: Sequence[Migration], where: str) -> int:
    """Bring the database to the last migration, each in a transaction with its version."""
    latest = len(migrations)
    await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
    try:
        version = await _check_compatible(conn, where, latest)
        for migration in migrations[version:]:
            try:
                async with conn.transaction():
                    await conn.execute(migration.sql)
                    await conn.execute(
                        "UPDATE paiju_schema SET version = $1 WHERE application = $2",
                        migration.version, APPLICATION)
            except asyncpg.PostgresError as error:
                raise MigrationError(
                    f"migration postgres/{migration.name} failed and was rolled back: {error}"
                ) from error
        return await _version(conn)
    finally:
        await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)


async def _version(conn: asyncpg.Connection) -> int:
    return int(await conn.fetchval(
        "SELECT version FROM paiju_schema WHERE application = $1", APPLICATION))


async def _check_compatible(conn: asyncpg.Connection, where: str, latest: int) -> int:
    """The schema version (marking a new empty database as ours); refuse foreign or newer."""
    marked = await conn.fetchval("SELECT to_regclass('paiju_schema') IS NOT NULL")
    if not marked:
        foreign = await conn.fetch(
            "SELECT table_name FROM information_schema.tables"
            " WHERE table_schema = current_schema() LIMIT 5")
        if foreign:
            names = ", ".join(row[0] for row in foreign)
            raise NotOurDatabaseError(
                f"{where} holds tables of another application ({names}); give the bot an "
                "empty database")
        await conn.execute(
            "CREATE TABLE paiju_schema (application TEXT PRIMARY KEY, version INTEGER NOT NULL);"
            f" INSERT INTO paiju_schema VALUES ('{APPLICATION}', 0)")
    version = await _version(conn)
    if version > latest:
        raise SchemaTooNewError(where, version, latest)
    return version
