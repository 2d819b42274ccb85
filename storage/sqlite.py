"""`SqliteTransport`: the SQL core's jobs (storage/core.py) on one SQLite file (aiosqlite).

Two connections on one SQLite file (WAL, synchronous=NORMAL: a commit writes the WAL and
syncs nothing, so a killed process loses nothing committed):
- **writes commit on the event loop**, on a connection of its own, cheaper than handing
  them to a thread: a database thread that must wait for the interpreter each time the loop
  holds it took 3-20 ms per save on a busy host, and most of a press's answer time. The
  writes of one turn of the loop share one transaction (a *turn*, see `write`): the first
  opens it (`BEGIN IMMEDIATE`), each runs in a savepoint of its own, and the turn commits
  (no fsync) at the start of the loop's next turn, before any of them returns. A burst of
  deals (1,000 a second when a restart or a tournament round deals every table at once)
  thus pays one `BEGIN IMMEDIATE ... COMMIT` (a lock, the WAL's frames, about a third of a
  save's CPU) per turn instead of per save. The loop's connection never waits: it never
  checkpoints (`wal_autocheckpoint = 0`) and never waits for a lock (`timeout = 0`);
- **a point read** (`read_now`: one account's balance, looked up by its key) runs on that
  connection too, at once (inside the turn's transaction if one is open: it sees what was
  written before it): a few microseconds, where a hop to the database thread and back
  made the loop wait for the interpreter twice (a deal reads every seat's beans under its
  room's lock; 1,000 deals a second made that most of a burst's stall);
- **the database thread** (aiosqlite) does the rest: every other read (one consistent read
  transaction each), the checkpoints (which fsync: see `_checkpoint`), and any write the
  loop could not take at once because another connection held the write lock. Those are
  group-committed: calls that arrive while a transaction is being written wait and then
  share the next `BEGIN IMMEDIATE ... COMMIT`, each inside its own savepoint.
Either way a call is all or nothing, one failing call rolls back alone, and a call returns
only after its transaction committed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
import threading
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any, Self, TypeVar

import aiosqlite

from storage.errors import StorageError
from storage.migrations import APPLICATION_ID, bundled_migrations, check_compatible, migrate
from storage.records import DatabaseState
from storage.transport import commit_batch

log = logging.getLogger(__name__)

T = TypeVar("T")
Job = Callable[[sqlite3.Connection], Any]
MAX_BATCH = 256  # calls per group commit: bounds the latency one transaction adds
CACHE_KIB = 32 * 1024  # page cache: thousands of live room snapshots stay in memory
# Commits on the loop's connection between two checkpoints on the database thread: a save
# writes a few pages, so about SQLite's own 1,000-page auto-checkpoint.
CHECKPOINT_EVERY = 250


def _prepare(conn: sqlite3.Connection, path: str) -> None:
    """Refuse a foreign or too-new file untouched, then switch to WAL and migrate."""
    migrations = bundled_migrations()
    check_compatible(conn, path, len(migrations))
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = NORMAL")
    conn.execute(f"PRAGMA cache_size = {-CACHE_KIB:d}")
    conn.execute("PRAGMA foreign_keys = OFF")  # SQLite's advice while changing the schema
    migrate(conn, migrations, path)
    conn.execute("PRAGMA foreign_keys = ON")


def _open_writer(path: str) -> sqlite3.Connection | None:
    """The event loop's connection for writes (None where the file is not in WAL mode: there
    a commit would fsync, so every write goes to the database thread)."""
    conn = sqlite3.connect(path, isolation_level=None, timeout=0, check_same_thread=False)
    try:
        if str(conn.execute("PRAGMA journal_mode").fetchone()[0]).lower() != "wal":
            log.warning("%s is not in WAL mode: writes go through the database thread", path)
            conn.close()
            return None
        conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute(f"PRAGMA cache_size = {-CACHE_KIB:d}")
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("PRAGMA wal_autocheckpoint = 0")  # the database thread checkpoints
    except BaseException:
        conn.close()
        raise
    return conn


class _Busy(Exception):
    """Another connection holds the write lock: the write goes to the database thread."""


def _locked(error: sqlite3.OperationalError) -> bool:
    """The error is another connection's lock (busy or locked), not a fault."""
    return error.sqlite_errorcode & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def _begin(conn: sqlite3.Connection) -> None:
    """Open a write transaction without waiting for a lock (_Busy: another connection has
    it)."""
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as error:
        if _locked(error):
            raise _Busy from error
        raise


def _in_savepoint(conn: sqlite3.Connection, job: Job) -> Any:
    """Run one write job inside the open transaction, all or nothing: a job that fails is
    rolled back alone (its error raised), the others of the transaction stay."""
    conn.execute("SAVEPOINT job")
    try:
        value = job(conn)
    except BaseException:
        conn.execute("ROLLBACK TO job")
        conn.execute("RELEASE job")
        raise
    conn.execute("RELEASE job")
    return value


class _Turn:
    """The writes of one turn of the event loop: one transaction, committed by `commit`
    (scheduled when the turn opened, so it runs before any of its writers resumes)."""

    __slots__ = ("error", "jobs")

    def __init__(self) -> None:
        self.error: BaseException | None = None
        self.jobs = 0


def _read_now(conn: sqlite3.Connection, job: Job) -> Any:
    """Run a short read job in one read transaction on the loop's connection, without
    waiting for anything (_Busy: WAL recovery held the file; the database thread reads)."""
    try:
        conn.execute("BEGIN")
        try:
            return job(conn)
        finally:
            conn.execute("COMMIT")
    except sqlite3.OperationalError as error:
        if _locked(error):
            raise _Busy from error
        raise


def _checkpoint(conn: sqlite3.Connection, barrier: threading.Event) -> None:
    """Copy the WAL into the database, on the database thread (this fsyncs), and start the
    WAL again from its beginning once all of it is copied.

    The first commit into a restarted WAL syncs its header, and that must not be the loop's.
    So the bulk of the WAL is copied while the loop goes on writing; then the barrier goes up
    (the loop's writes wait for this call to end), the few frames written meanwhile are copied,
    and a write that changes nothing restarts the WAL here. (Only if the loop wrote nothing
    during the first copy and then began a commit in the moment before the barrier went up
    does the loop restart it: one header sync, on an idle host.)"""
    conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    barrier.set()
    busy, frames, copied = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    if not busy and frames > 0 and copied == frames:
        conn.execute(f"PRAGMA application_id = {APPLICATION_ID:d}")


def _run_batch(conn: sqlite3.Connection, jobs: Sequence[Job]) -> list[tuple[bool, Any]]:
    """Run write jobs in one transaction, each in a savepoint; (ok, value or error) each."""
    results: list[tuple[bool, Any]] = []
    conn.execute("BEGIN IMMEDIATE")
    try:
        for job in jobs:
            conn.execute("SAVEPOINT job")
            try:
                value = job(conn)
            except Exception as error:
                conn.execute("ROLLBACK TO job")
                conn.execute("RELEASE job")
                results.append((False, error))
            else:
                conn.execute("RELEASE job")
                results.append((True, value))
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return results


def _run_read(conn: sqlite3.Connection, job: Job) -> Any:
    """Run a read job in one read transaction, so it sees one state of the database."""
    conn.execute("BEGIN")
    try:
        return job(conn)
    finally:
        conn.execute("COMMIT")


class SqliteTransport:
    """One SQLite file: the event loop's connection for writes and the database thread
    (aiosqlite) for reads, checkpoints and the writes the loop could not take at once."""

    dialect = "sqlite"
    row_locks = False  # one writer at a time: a balance read in a write stays current

    def __init__(self, db: aiosqlite.Connection, writer: sqlite3.Connection | None) -> None:
        """Use `SqliteTransport.open`; this only wires already prepared connections
        (`writer`: the event loop's own, for writes; without it every write goes to the
        database thread)."""
        self._db = db
        self._pending: list[tuple[Job, asyncio.Future[Any]]] = []
        self._drainer: asyncio.Task[None] | None = None
        self._writer = writer
        self._turn: _Turn | None = None  # the loop's open write transaction, if any
        self._commits = 0  # jobs committed on the loop's connection since the last checkpoint
        # Put up by the database thread once a checkpoint has copied most of the WAL: the
        # loop's writes wait until the checkpoint is over (`write`, `_checkpoint`).
        self._barrier = threading.Event()
        self._lowered: asyncio.Future[None] | None = None  # waited on while the barrier is up
        self._checkpointing: asyncio.Task[None] | None = None
        self._closed = False

    @classmethod
    async def open(cls, path: str | Path) -> Self:
        """Open (creating folder and file) and migrate; SchemaTooNewError leaves it
        untouched."""
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(str(path), isolation_level=None, timeout=5.0)
        try:
            await db._execute(_prepare, db._conn, str(path))
            writer = _open_writer(str(path))
        except BaseException:
            await db.close()
            raise
        return cls(db, writer)

    async def close(self) -> None:
        """Finish queued writes and close the file."""
        if self._closed:
            return
        self._closed = True
        while self._checkpointing is not None or self._drainer is not None:
            for task in (self._checkpointing, self._drainer):
                if task is not None:
                    await asyncio.shield(task)
            await asyncio.sleep(0)  # writes that waited for a checkpoint's barrier go in
        if self._turn is not None:  # its commit is scheduled, but the connection closes now
            self._commit_turn(self._turn)
        if self._writer is not None:  # first: the last connection closed checkpoints the WAL
            self._writer.close()
            self._writer = None
        try:
            await self._db.execute("PRAGMA optimize")
        except sqlite3.OperationalError as error:
            # Only advice to the query planner: another connection on the file (a second host,
            # a lease heartbeat) holding a write lock must not make closing fail.
            log.info("PRAGMA optimize skipped at close: %s", error)
        finally:
            await self._db.close()

    # -- the database thread ---------------------------------------------------------------

    async def _call(self, fn: Callable[..., T], *args: Any) -> T:
        # aiosqlite runs one thread per connection and `_execute` queues a function on it:
        # a whole transaction then runs in one hop, with nothing interleaved.
        return await self._db._execute(fn, self._db._conn, *args)

    async def read(self, job: Callable[[sqlite3.Connection], T]) -> T:
        """Run a read job on the database thread, in one read transaction."""
        if self._closed:
            raise StorageError("storage is closed")
        return await self._call(_run_read, job)

    async def read_now(self, job: Callable[[sqlite3.Connection], T]) -> T:
        """Run a short read job (a lookup by key: microseconds) in one read transaction on
        the loop's connection; on the database thread while writes queued there are not
        committed yet (a read sees what was written before it) or the loop has no
        connection."""
        if self._closed:
            raise StorageError("storage is closed")
        if self._writer is not None and self._drainer is None:
            if self._turn is not None:  # the loop's writes of this turn: read after them
                return job(self._writer)
            try:
                return _read_now(self._writer, job)
            except _Busy:
                log.debug("the file was busy: the database thread reads this")
        return await self._call(_run_read, job)

    async def write(self, job: Callable[[sqlite3.Connection], T]) -> T:
        """Commit a write job on the loop's connection, in the transaction of this turn of
        the loop; or queue it for the database thread when another connection holds the
        write lock (or the loop has no connection)."""
        if self._closed:
            raise StorageError("storage is closed")
        while self._writer is not None and self._drainer is None:
            if self._barrier.is_set():  # a checkpoint is restarting the WAL: a moment
                await self._barrier_lowered()
                continue
            turn = self._turn
            if turn is None:
                try:
                    _begin(self._writer)
                except _Busy:
                    log.debug("write lock held elsewhere: the database thread writes this")
                    break
                turn = self._turn = _Turn()
                asyncio.get_running_loop().call_soon(self._commit_turn, turn)
            value: T = _in_savepoint(self._writer, job)
            turn.jobs += 1
            # The turn commits first (scheduled when it opened, before this resumes): a call
            # returns only once committed. Meanwhile others run, as they always did after a
            # write: a room's timers and AI seats chain moves through saves, and must not
            # hold the loop for a whole trick.
            await asyncio.sleep(0)
            if turn.error is not None:
                raise StorageError(f"commit failed: {turn.error}") from turn.error
            return value
        done: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._pending.append((job, done))
        if self._drainer is None:
            self._drainer = asyncio.create_task(self._drain())
        return await done

    def _commit_turn(self, turn: _Turn) -> None:
        """Commit the turn's transaction (once; a failed commit fails each of its writes)."""
        if self._turn is not turn:
            return
        self._turn = None
        assert self._writer is not None
        try:
            self._writer.execute("COMMIT")
        except Exception as error:  # noqa: BLE001 - a disk error: every writer hears it
            turn.error = error
            with contextlib.suppress(sqlite3.Error):
                if self._writer.in_transaction:
                    self._writer.execute("ROLLBACK")
            log.error("a commit on the loop failed: %s", error)
            return
        self._commits += turn.jobs
        if self._commits >= CHECKPOINT_EVERY and self._checkpointing is None \
                and not self._closed:
            self._commits = 0
            self._checkpointing = asyncio.get_running_loop().create_task(self._checkpoint())

    def _barrier_lowered(self) -> asyncio.Future[None]:
        if self._lowered is None:
            self._lowered = asyncio.get_running_loop().create_future()
        return self._lowered

    async def _drain(self) -> None:
        """Commit the writes queued for the database thread (another connection held the
        write lock): together, in order; the loop's own commits wait until they are done."""
        try:
            while self._pending:
                batch = self._pending[:MAX_BATCH]
                del self._pending[:MAX_BATCH]
                await commit_batch(batch, partial(self._call, _run_batch))
        finally:
            self._drainer = None

    async def _checkpoint(self) -> None:
        """A checkpoint on the database thread (see `_checkpoint`); the loop's writes wait
        from the moment its barrier is up until it is over (a few frames' copy)."""
        try:
            await self._call(_checkpoint, self._barrier)
        except Exception as error:  # noqa: BLE001 - a disk error: the next one tries again
            log.warning("checkpoint failed (tried again later): %s", error)
        finally:
            self._checkpointing = None
            self._barrier.clear()
            lowered, self._lowered = self._lowered, None
            if lowered is not None and not lowered.done():
                lowered.set_result(None)



def inspect_file(path: str | Path) -> DatabaseState:
    """A SQLite file as the doctor sees it, opened read-only (nothing is written)."""
    latest = len(bundled_migrations())
    file = Path(path)
    if not file.exists():
        return DatabaseState(False, 0, latest)
    problems = []
    for place in (file, file.parent):  # the folder too: WAL keeps -wal and -shm files there
        if not os.access(place, os.R_OK | os.W_OK):
            problems.append(f"{place} is not writable by this user")
    try:
        conn = sqlite3.connect(f"{file.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as error:
        return DatabaseState(True, 0, latest, (*problems, f"{file}: {error}"))
    try:
        version = check_compatible(conn, file, latest)
    except StorageError as error:
        return DatabaseState(True, 0, latest, (*problems, str(error).splitlines()[0]))
    finally:
        conn.close()
    return DatabaseState(True, version, latest, tuple(problems))
