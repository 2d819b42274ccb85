"""`PostgresTransport`: the SQL core's jobs (storage/core.py) on a PostgreSQL server
(asyncpg), for several bot processes on one database.

Selected by a `postgresql://user:password@host:port/database` URL where a SQLite path would
go (`open_storage`, storage/factory.py). Every public call and every SQL statement is the
core's own: only the transport differs. Each call is one
transaction on a connection of a small pool: reads are REPEATABLE READ READ ONLY (one
snapshot, like a SQLite read transaction), writes READ COMMITTED where every amount moves
by an atomic upsert (`balances`, `standings`: the row is locked until commit, never read and
written back) and the daily relief locks the balance it reads (`FOR UPDATE`).

The shared jobs are plain functions of a DB-API style connection (`conn.execute(sql,
params).fetchall()`); `_Connection` gives them one over an asyncpg connection that lives on
a thread of its own with its own event loop: a whole transaction (a batch of writes, or one
read) is one hop from the host's loop to that thread and back, and each statement runs on
the thread's loop, never waiting for the host's. `?` placeholders become `$1, $2, …`;
integrity violations surface as `sqlite3.IntegrityError` (what the jobs catch); sums come
back as ints.

Writes are group-committed like SQLite's (`SqliteTransport.write`): the calls waiting share one
transaction, each in a savepoint, so a failing call (a LeaseLostError, an unbalanced
settlement) rolls back alone. Several such batches commit at once, one per connection. A
batch that hits a deadlock or serialization failure is rolled back in full and run again
from its start: a job may run more than once, so it must do nothing outside its connection.

Nearly every save is one statement (`OneStatement`, storage/rooms.py: a snapshot, an action,
the lease check), which the server runs as a transaction of its own and commits before it
answers: no BEGIN, no COMMIT, no savepoint. Such a write, with nothing queued before it, runs
on one of `ON_LOOP` connections of the host's own loop: one round trip and no hop to a
thread and back, which cost the process more CPU than the statement itself (a thread's
wake-ups, the interpreter's lock passed back and forth). Holding no lock while its answer
waits for the loop, it loses nothing to a busy loop. When those connections are all busy,
it goes to the threads' connections, alone (no BEGIN, no COMMIT) or in a batch.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from decimal import Decimal
from functools import lru_cache, partial
from importlib import resources
from typing import Any, Self, TypeVar

import asyncpg

from storage.errors import (
    MigrationError,
    NotOurDatabaseError,
    SchemaTooNewError,
    ServerUnusableError,
    StorageError,
)
from storage.migrations import Migration, bundled_migrations
from storage.records import DatabaseState
from storage.transport import OneStatement, commit_batch
from storage.urls import redacted, scrubbed, server_url

T = TypeVar("T")
log = logging.getLogger(__name__)

POOL_SIZE = 8  # connections per process: several bot processes share one server
# Of those, on the host's loop: one-statement writes (nearly every save) run there, one at a
# time each, when one is free. At 1,000 rooms of people (~275 saves a second) one was busy
# for a third of the saves, which then took a thread's connection (~3x the CPU).
ON_LOOP = 3
RETRIES = 8  # a deadlock or serialization failure is retried this often, then raised
APPLICATION = "paiju"  # the row of `paiju_schema` that marks a database as ours
MIGRATION_LOCK = 0x5061694A  # advisory lock key: one process migrates at a time
_RETRYABLE = (asyncpg.exceptions.DeadlockDetectedError, asyncpg.exceptions.SerializationError)
# Writes per transaction. Each is a subtransaction with an id of its own: PostgreSQL keeps 64
# per backend in shared memory and beyond that every other snapshot has to look them up.
MAX_BATCH = 32
# Batches committing at once per process: more threads then compete for the GIL and the
# batches get smaller. On 2 busy cores (simulate --think 3, 1,000 rooms; noisy) paired runs
# gave answer p99 123/117/289 ms with 3 against 147/147/226 ms with 6 (2 processes, 2,000
# rooms: 964 against 1,145 ms).
WRITERS = 3
# How long a transaction about to begin waits for a lost server to come back (a restart:
# `pg_ctl restart -m fast` takes a second or two) before its caller hears that it failed.
RECONNECT_SECONDS = 10.0
Job = Callable[[Any], Any]


def postgres_migrations() -> list[Migration]:
    """The PostgreSQL twins of the SQLite migrations, numbered 1..N like them."""
    return bundled_migrations(resources.files("storage.migrations") / "postgres")


@lru_cache(maxsize=512)
def to_dollar_params(sql: str) -> str:
    """`?` placeholders as PostgreSQL's `$1, $2, …` (string literals left alone); the
    project's statements are a fixed few, so each is translated once."""
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


def _new_loop() -> asyncio.AbstractEventLoop:
    """An event loop for a connection's thread: uvloop's where it is installed. Each
    statement runs the loop until its answer is in (a few turns: send, wait, read, wake the
    statement); uvloop does that in half the CPU of asyncio's own loop (~50 against ~100 µs
    a save on this machine), and a connection's thread does little else."""
    try:
        import uvloop
    except ImportError:  # not on this platform (Windows): asyncio's own
        return asyncio.new_event_loop()
    return uvloop.new_event_loop()


def _settle(done: asyncio.Future[Any], ok: bool, value: Any) -> None:
    """Give a call's outcome to its caller (on the caller's loop), unless it gave up."""
    if done.cancelled():
        return
    if ok:
        done.set_result(value)
    else:
        done.set_exception(value)


class _Connection:
    """One pooled asyncpg connection on a thread of its own, which runs its own event loop.

    Everything on the connection happens on that thread: a job (a plain sync function) calls
    `execute`, which runs the statement on the thread's loop (`run_until_complete`) and
    returns its rows. The host's event loop only hands a whole transaction to the thread and
    gets its results back (one hop each way), so a busy host loop never delays a statement.
    """

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.raw: asyncpg.Connection | None = None
        self.url = ""
        self.statements: dict[str, Any] = {}
        self._calls: queue.SimpleQueue[tuple[Any, ...] | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """Run `fn(*args)` on the connection's thread (from the host's event loop). The hop
        is a queue and one `call_soon_threadsafe` back: a thread pool's futures, chained to
        an asyncio future, cost the host's loop a third more per save."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._serve, name="paiju-pg", daemon=True)
            self._thread.start()
        loop = asyncio.get_running_loop()
        done: asyncio.Future[T] = loop.create_future()
        self._calls.put((loop, done, fn, args))
        return await done

    def shutdown(self) -> None:
        """Let the thread end once the calls queued are done."""
        self._calls.put(None)

    def _serve(self) -> None:
        while (call := self._calls.get()) is not None:
            loop, done, fn, args = call
            try:
                outcome = (True, fn(*args))
            except BaseException as error:  # noqa: BLE001 - the caller's to handle
                outcome = (False, error)
            try:
                loop.call_soon_threadsafe(_settle, done, *outcome)
            except RuntimeError:  # the caller's loop is closed: nobody waits any more
                pass

    # -- on the connection's thread ---------------------------------------------------------

    def wait(self, awaitable: Any) -> Any:
        """Run a coroutine of the connection on the thread's own loop until it is done."""
        if self.loop is None:
            self.loop = _new_loop()
        return self.loop.run_until_complete(awaitable)

    def connect(self, url: str) -> None:
        self.url = url
        self.raw = self.wait(asyncpg.connect(url))

    def begin(self, sql: str) -> None:
        """Open a transaction, on a new connection if the old one was lost (the server
        restarted, a network cut, an administrator ended it): nothing of a transaction that
        never began was sent, so only then is it safe to go on as if nothing happened. A
        server that is not back yet (a restart) is waited for, up to `RECONNECT_SECONDS`."""
        deadline: float | None = None
        while True:
            deadline = self.reopened(deadline)
            try:
                self.script(sql)
                return
            except Exception:
                if self.raw is not None and not self.raw.is_closed():
                    raise  # the server refused the BEGIN itself
                if deadline is not None and time.monotonic() >= deadline:
                    raise
                # Lost before or while it began: nothing of the transaction ran. Again.

    def reopened(self, deadline: float | None) -> float | None:
        """Connect again if the connection was lost, waiting for the server until the
        deadline, which the first loss sets `RECONNECT_SECONDS` ahead; the deadline."""
        if self.raw is None or self.raw.is_closed():
            if deadline is None:
                deadline = time.monotonic() + RECONNECT_SECONDS
            self.reconnect(deadline)
        return deadline

    def reconnect(self, deadline: float) -> None:
        """A new connection in place of a lost one (its prepared statements went with it),
        trying again while the server is not back, until `deadline` (time.monotonic)."""
        log.warning("postgres: a connection was lost; connecting again to %s",
                    redacted(self.url))
        self.statements.clear()
        self.raw = None
        pause = 0.05
        while True:
            try:
                self.raw = self.wait(asyncpg.connect(self.url))
                return
            except _UNUSABLE as error:
                left = deadline - time.monotonic()
                if left <= 0:
                    log.warning("postgres: %s still unreachable, given up for now: %s",
                                redacted(self.url), scrubbed(str(error), self.url))
                    raise
                time.sleep(min(pause, left))  # on this connection's thread, not the loop
                pause = min(2 * pause, 1.0)

    def close(self) -> None:
        try:
            if self.raw is not None:
                self.wait(self.raw.close())
        finally:
            if self.loop is not None:
                self.loop.close()

    def script(self, sql: str) -> None:
        """Statements without parameters (BEGIN, SAVEPOINT …) in one round trip."""
        self.wait(self.raw.execute(sql))  # type: ignore[union-attr]

    def execute(self, sql: str, params: Sequence[Any] = ()) -> _Cursor:
        """One statement, blocking until its rows are back (the DB-API face of the jobs)."""
        return self.wait(self._run(sql, list(params)))

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> _Cursor:
        """One statement for each row of parameters."""
        rows = [list(row) for row in rows]
        if not rows:
            return _Cursor([], 0)
        return self.wait(self._run_many(sql, rows))

    async def _statement(self, sql: str) -> Any:
        prepared = self.statements.get(sql)
        if prepared is None:
            prepared = await self.raw.prepare(to_dollar_params(sql))  # type: ignore[union-attr]
            self.statements[sql] = prepared
        return prepared

    async def _run(self, sql: str, params: Sequence[Any]) -> _Cursor:
        try:
            prepared = await self._statement(sql)
            rows = await prepared.fetch(*params)
        except asyncpg.exceptions.IntegrityConstraintViolationError as error:
            raise IntegrityError(str(error)) from error
        except asyncpg.exceptions.RaiseError as error:  # the append-only trigger
            raise IntegrityError(str(error)) from error
        return _Cursor([tuple(map(_plain, row)) for row in rows],
                       _rowcount(prepared.get_statusmsg()))

    async def _run_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> _Cursor:
        try:
            prepared = await self._statement(sql)
            await prepared.executemany(rows)
        except asyncpg.exceptions.IntegrityConstraintViolationError as error:
            raise IntegrityError(str(error)) from error
        return _Cursor([], len(rows))

    def rollback(self) -> None:
        """End a failed transaction (nothing to do if the failure already ended it, or the
        connection: the server rolls back what a lost connection left open)."""
        if self.raw is not None and not self.raw.is_closed() and self.raw.is_in_transaction():
            self.script("ROLLBACK")


# What opening a server may meet: unreachable or unknown host (OSError), a port that is no
# number (ValueError), the server's refusal (PostgresError: the login, the rights, no
# connection left), a connection that broke or timed out.
_UNUSABLE = (OSError, ValueError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError)


def _reason(error: BaseException, url: str, pool_size: int) -> str:
    """One line saying why a server cannot be used, without its password."""
    text = " ".join(str(error).split()) or type(error).__name__
    if isinstance(error, asyncpg.exceptions.TooManyConnectionsError):
        text = (f"{text} (no connection left on the server: each bot process keeps "
                f"{pool_size}; raise max_connections or run fewer processes)")
    elif isinstance(error, (asyncpg.exceptions.InsufficientPrivilegeError,
                            asyncpg.exceptions.InvalidSchemaNameError)):
        text = (f"{text} (the role needs to own the database, or the rights to create "
                f"tables in it and to use them)")
    elif isinstance(error, ValueError):
        text = f"the URL is not valid: {text}"
    return scrubbed(text, url)[:300]


def _retryable(error: BaseException) -> bool:
    """A deadlock or serialization failure, also when a job raised another error from it."""
    seen: BaseException | None = error
    for _ in range(8):
        if seen is None:
            return False
        if isinstance(seen, _RETRYABLE):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def _write_batch(conn: _Connection, jobs: Sequence[Job]) -> list[tuple[bool, Any]]:
    """Run write jobs in one READ COMMITTED transaction, each in a savepoint; (ok, value or
    error) each. A deadlock or serialization failure rolls everything back and is raised:
    the whole batch is then run again, so a job must have no effect outside `conn` (it may
    run more than once; only the committed run's value is returned)."""
    results: list[tuple[bool, Any]] = []
    alone = len(jobs) == 1  # its own transaction is its savepoint
    try:
        conn.begin(_BEGIN_WRITE if alone else _BEGIN_WRITE + "; SAVEPOINT job")
        for index, job in enumerate(jobs):
            if index:
                conn.script("RELEASE SAVEPOINT job; SAVEPOINT job")
            try:
                value = job(conn)
            except Exception as error:
                if _retryable(error):
                    raise
                if alone:
                    conn.rollback()
                    return [(False, error)]
                conn.script("ROLLBACK TO SAVEPOINT job")
                results.append((False, error))
            else:
                results.append((True, value))
        conn.script("COMMIT")
    except BaseException:
        conn.rollback()
        raise
    return results


def _write_alone(conn: _Connection, job: OneStatement) -> list[tuple[bool, Any]]:
    """Run a one-statement write job as a transaction of its own (no BEGIN, no COMMIT: the
    server commits the statement before it answers); (ok, value or error). A connection
    found lost before or during it is replaced and the job sent again: it writes the same
    when run twice. A deadlock or serialization failure is raised, to be run again."""
    deadline: float | None = None
    while True:
        deadline = conn.reopened(deadline)
        try:
            return [(True, job(conn))]
        except Exception as error:
            if _retryable(error):
                raise
            if conn.raw is not None and not conn.raw.is_closed():
                return [(False, error)]  # the statement's own refusal or error
            if deadline is not None and time.monotonic() >= deadline:
                raise
            # Lost before or while it ran (committed or not): again, on a new connection.


def _read_job(conn: _Connection, job: Job) -> Any:
    """Run a read job in one REPEATABLE READ READ ONLY transaction (one snapshot)."""
    conn.begin("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
    try:
        value = job(conn)
        conn.script("COMMIT")
    except BaseException:
        conn.rollback()
        raise
    return value


_BEGIN_WRITE = "BEGIN ISOLATION LEVEL READ COMMITTED"


class PostgresTransport:
    """A pool of connections to a PostgreSQL server.

    Writes are group-committed as on SQLite: calls queue up and a drainer takes all those
    waiting (up to `MAX_BATCH`) into one transaction on one connection, each call in its own
    savepoint, so a failing call rolls back alone. Up to `WRITERS` drainers commit at once
    (fewer in a pool of under `WRITERS + 2`), each on its own connection; reads take any idle
    connection.
    """

    dialect = "postgres"
    row_locks = True

    def __init__(self, url: str, connections: list[_Connection],
                 on_loop: Sequence[asyncpg.Connection] = ()) -> None:
        """Use `PostgresTransport.open`; this only wires migrated connections (`on_loop`:
        those of the host's loop, for one-statement writes)."""
        self.url = url
        self._closed = False
        self._on_loop = list(on_loop)  # the loop's connections, busy or not
        self._free = list(on_loop)  # those with no statement under way
        self._on_loop_wanted = len(self._on_loop)
        self._redialing: asyncio.Task[None] | None = None
        for connection in self._on_loop:
            connection.add_termination_listener(self._lost)
        self._pending: list[tuple[Job, asyncio.Future[Any]]] = []
        self._idle: asyncio.Queue[_Connection] = asyncio.Queue()
        for connection in connections:
            self._idle.put_nowait(connection)
        self._all = list(connections)
        self._inflight: set[asyncio.Task[Any]] = set()
        self._writers = max(1, min(WRITERS, len(connections) - 2))  # the rest: for reads
        self._draining = 0  # drainers running
        self._waiting = 0  # drainers waiting for a connection (they take what is queued)

    @classmethod
    async def open(cls, url: str, *, pool_size: int = POOL_SIZE) -> Self:
        """Connect, migrate (one process at a time) and open `pool_size` connections (at
        least 2): up to `ON_LOOP` on the host's loop (3 of the default 8; 1 in a pool of
        6 or fewer), the others each on a thread of its own."""
        if pool_size < 2:
            raise ValueError(f"a pool of at least 2 connections, not {pool_size}")
        on_loop_count = max(1, min(ON_LOOP, pool_size - 5))
        connections = [_Connection() for _ in range(pool_size - on_loop_count)]
        on_loop: list[asyncpg.Connection] = []
        first = connections[0]
        where = redacted(url)
        url = server_url(url)  # an unencoded `@` in the password reaches the driver encoded
        try:
            try:
                await first.call(first.connect, url)
                await first.call(first.wait, migrate(first.raw, postgres_migrations(), where))
                # The others at once, each on its own thread.
                failed = [error for error in await asyncio.gather(
                    *(c.call(c.connect, url) for c in connections[1:]), return_exceptions=True)
                    if error is not None]
                if failed:
                    raise failed[0]
                made = await asyncio.gather(
                    *(asyncpg.connect(url) for _ in range(on_loop_count)),
                    return_exceptions=True)
                on_loop += [raw for raw in made if isinstance(raw, asyncpg.Connection)]
                failed = [error for error in made if isinstance(error, BaseException)]
                if failed:
                    raise failed[0]
            except StorageError as error:  # not ours, too new, a migration refused
                error.server = where
                raise
            except _UNUSABLE as error:
                raise ServerUnusableError(where, _reason(error, url, pool_size)) from None
        except BaseException:
            for raw in on_loop:
                await raw.close()
            for connection in connections:
                if connection.loop is not None:  # it tried to connect
                    await connection.call(connection.close)
                connection.shutdown()
            raise
        return cls(url, connections, on_loop)

    async def close(self) -> None:
        """Finish the transactions in flight and queued writes, and close the connections."""
        if self._closed:
            return
        self._closed = True
        while self._inflight:
            await asyncio.gather(*self._inflight, return_exceptions=True)
        if self._redialing is not None:
            self._redialing.cancel()
            await asyncio.gather(self._redialing, return_exceptions=True)
        for raw in self._on_loop:
            with contextlib.suppress(Exception):  # a lost one: nothing left to close
                await raw.close()
        for connection in self._all:
            try:
                await connection.call(connection.close)
            finally:
                connection.shutdown()

    def _track(self, task: asyncio.Task[Any]) -> None:
        self._inflight.add(task)
        task.add_done_callback(self._inflight.discard)

    async def read(self, job: Callable[[Any], T]) -> T:
        """Run a read job on an idle connection, in one REPEATABLE READ transaction."""
        if self._closed:
            raise StorageError("storage is closed")
        # Shielded: a caller cancelled mid-transaction must not leave its connection
        # half-way (the job still runs on it); the job finishes or rolls back.
        task = asyncio.ensure_future(self._run_read(job))
        self._track(task)
        return await asyncio.shield(task)

    async def _run_read(self, job: Callable[[Any], T]) -> T:
        connection = await self._idle.get()
        try:
            for attempt in range(1, RETRIES + 1):
                try:
                    return await connection.call(_read_job, connection, job)
                except _RETRYABLE as error:
                    if attempt == RETRIES:
                        raise
                    log.info("postgres: %s; read retried (%d)", type(error).__name__, attempt)
                    await asyncio.sleep(0.002 * attempt)
            raise AssertionError("unreachable")
        finally:
            self._idle.put_nowait(connection)

    async def read_now(self, job: Callable[[Any], T]) -> T:
        """A short read job: a read like any other (a round trip either way)."""
        return await self.read(job)

    async def write(self, job: Callable[[Any], T]) -> T:
        """Queue a write job for the next group commit; its value once committed. A
        one-statement job (`OneStatement`) with nothing queued before it goes on the loop's
        own connection if that is free: no thread, one round trip. An urgent one (the
        leases' heartbeat) goes there even while other writes are queued: behind a batch
        that waits for a lock another process holds, it could wait past the leases it
        renews."""
        if self._closed:
            raise StorageError("storage is closed")
        if isinstance(job, OneStatement) and (job.urgent or not self._pending):
            while self._free:
                connection = self._free.pop()
                if connection.is_closed():
                    self._lost(connection)
                    continue
                # Shielded: a cancelled caller must not cut the statement off half-way.
                task = asyncio.ensure_future(self._write_on_loop(connection, job))
                self._track(task)
                return await asyncio.shield(task)  # type: ignore[no-any-return]
        return await self._queued(job)

    async def _write_on_loop(self, connection: asyncpg.Connection, job: OneStatement) -> Any:
        """Run a one-statement job on a connection of the loop (the server commits it before
        it answers). If that connection was lost before or during it, the job goes to the
        threads' connections (it writes the same when run twice) while a new one is made;
        a deadlock or serialization failure sends it there too, to be run again."""
        free = True
        try:  # prepared once per connection: asyncpg's own statement cache
            rows = await connection.fetch(to_dollar_params(job.sql), *job.params)
        except (asyncpg.exceptions.IntegrityConstraintViolationError,
                asyncpg.exceptions.RaiseError) as error:
            raise job.refusal(IntegrityError(str(error))) from error
        except Exception as error:
            if not connection.is_closed() and not _retryable(error):
                raise
            free = False  # given back (or replaced) now, not once the job has run elsewhere
            if connection.is_closed():
                self._lost(connection)
            else:
                self._free.append(connection)
            return await self._queued(job)
        finally:
            if free:
                self._free.append(connection)
        return job.answer([tuple(map(_plain, row)) for row in rows])

    def _lost(self, connection: asyncpg.Connection) -> None:
        """A connection of the loop was lost (seen when used, or told by asyncpg when the
        server ended it): another is made in the background (writes go to the threads'
        connections meanwhile)."""
        if self._closed or connection not in self._on_loop:
            return
        if connection in self._free:
            self._free.remove(connection)
        log.warning("postgres: a connection was lost; connecting again to %s",
                    redacted(self.url))
        self._on_loop.remove(connection)
        if self._redialing is None:
            self._redialing = asyncio.get_running_loop().create_task(self._redial())

    async def _redial(self) -> None:
        pause = 0.05
        try:
            while not self._closed and len(self._on_loop) < self._on_loop_wanted:
                try:
                    connection = await asyncpg.connect(self.url)
                except _UNUSABLE:
                    await asyncio.sleep(pause)
                    pause = min(2 * pause, 1.0)
                    continue
                connection.add_termination_listener(self._lost)
                self._on_loop.append(connection)
                self._free.append(connection)
        finally:
            self._redialing = None

    async def _queued(self, job: Callable[[Any], T]) -> T:
        done: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._pending.append((job, done))
        if not self._waiting and self._draining < self._writers:
            self._draining += 1
            self._track(asyncio.create_task(self._drain()))
        return await done

    async def _drain(self) -> None:
        try:
            while self._pending:
                self._waiting += 1
                try:
                    connection = await self._idle.get()
                finally:
                    self._waiting -= 1
                batch = self._pending[:MAX_BATCH]
                del self._pending[:MAX_BATCH]
                try:
                    if not batch:  # another drainer took them all
                        continue
                    await commit_batch(batch, partial(self._commit, connection))
                finally:
                    self._idle.put_nowait(connection)
        finally:
            self._draining -= 1

    async def _commit(self, connection: _Connection,
                      jobs: list[Job]) -> list[tuple[bool, Any]]:
        """Commit a batch, running it again from the start after a deadlock or serialization
        failure (rolled back in full); a batch that fails so twice is split in halves, so
        one contended call cannot keep the others waiting."""
        for attempt in range(1, RETRIES + 1):
            try:
                if len(jobs) == 1 and isinstance(jobs[0], OneStatement):
                    return await connection.call(_write_alone, connection, jobs[0])
                return await connection.call(_write_batch, connection, jobs)
            except Exception as error:
                if not _retryable(error) or attempt == RETRIES:
                    raise
                log.info("postgres: %s; %d writes retried (%d)", type(error).__name__,
                         len(jobs), attempt)
                if attempt >= 2 and len(jobs) > 1:
                    half = len(jobs) // 2
                    return (await self._commit(connection, jobs[:half])
                            + await self._commit(connection, jobs[half:]))
                await asyncio.sleep(0.002 * attempt)
        raise AssertionError("unreachable")


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


# The rights a bot process needs on each table and sequence of its schema.
TABLE_RIGHTS = ("SELECT", "INSERT", "UPDATE", "DELETE")
SEQUENCE_RIGHTS = ("USAGE", "UPDATE")
INSPECT_TIMEOUT = 5.0  # s to connect when only looking


async def inspect_server(url: str) -> DatabaseState:
    """A PostgreSQL database as the doctor sees it: reachable, its schema version, and the
    rights its role lacks (to use each table and sequence; to create tables when migrations
    are still to run). Reads only."""
    latest = len(postgres_migrations())
    try:
        conn = await asyncpg.connect(server_url(url), timeout=INSPECT_TIMEOUT)
    except (OSError, TimeoutError, asyncpg.PostgresError, ValueError) as error:
        return DatabaseState(False, 0, latest, (_reason(error, url, POOL_SIZE),))
    try:
        marked = await conn.fetchval("SELECT to_regclass('paiju_schema') IS NOT NULL")
        version = await _version(conn) if marked else 0
        problems = await _missing_rights(conn, version < latest)
        if not marked and await conn.fetchval(
                "SELECT count(*) FROM information_schema.tables"
                " WHERE table_schema = current_schema()"):
            problems.append("the database holds tables of another application: give the bot "
                            "an empty database")
        if version > latest:
            problems.append(f"its schema (version {version}) is newer than this bot's "
                            f"({latest}): run the newer bot, or restore a backup")
    except asyncpg.PostgresError as error:
        return DatabaseState(True, 0, latest, (_reason(error, url, POOL_SIZE),))
    finally:
        await conn.close()
    return DatabaseState(True, version, latest, tuple(problems))


async def _missing_rights(conn: asyncpg.Connection, migrating: bool) -> list[str]:
    role = await conn.fetchval("SELECT current_user")
    problems = []
    if not await conn.fetchval("SELECT has_schema_privilege(current_schema(), 'USAGE')"):
        problems.append(f"role {role} may not use schema {await _schema(conn)} "
                        f"(GRANT USAGE ON SCHEMA ... TO {role})")
    if migrating and not await conn.fetchval(
            "SELECT has_schema_privilege(current_schema(), 'CREATE')"):
        problems.append(f"role {role} may not create tables in schema {await _schema(conn)}, "
                        f"which the migrations need (GRANT CREATE ON SCHEMA ... TO {role}, "
                        "or make it the database's owner)")
    schema = await _schema(conn)
    for kind, what, rights, check in (
            ("r", "TABLES", TABLE_RIGHTS, "has_table_privilege"),
            ("S", "SEQUENCES", SEQUENCE_RIGHTS, "has_sequence_privilege")):
        lacking = await conn.fetch(
            "SELECT c.relname, array_agg(r ORDER BY r) FROM pg_class c"
            " JOIN pg_namespace n ON n.oid = c.relnamespace, unnest($1::text[]) r"
            f" WHERE n.nspname = current_schema() AND c.relkind = '{kind}'"
            f" AND NOT {check}(c.oid, r) GROUP BY c.relname ORDER BY c.relname", list(rights))
        by_rights: dict[tuple[str, ...], list[str]] = {}
        for name, missing in lacking:
            by_rights.setdefault(tuple(missing), []).append(name)
        for missing, names in by_rights.items():
            shown = ", ".join(names[:4]) + (f" and {len(names) - 4} more" if len(names) > 4
                                            else "")
            problems.append(f"role {role} lacks {', '.join(missing)} on {shown}: GRANT "
                            f"{', '.join(rights)} ON ALL {what} IN SCHEMA {schema} TO {role}")
    return problems


async def _schema(conn: asyncpg.Connection) -> str:
    return str(await conn.fetchval("SELECT current_schema()"))
