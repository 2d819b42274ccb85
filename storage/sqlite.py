"""`Storage`: the aiosqlite implementation of the storage port the host uses.

Two connections on one SQLite file (WAL, synchronous=NORMAL: a commit writes the WAL and
syncs nothing, so a killed process loses nothing committed):
- **writes commit on the event loop**, on a connection of its own: a save is one short
  `BEGIN IMMEDIATE ... COMMIT` (tens of microseconds of CPU, no fsync), cheaper than handing
  it to a thread. A database thread that must wait for the interpreter each time the loop
  holds it took 3-20 ms per save on a busy host, and most of a press's answer time
  (see `_write`). The loop's connection never waits: it never checkpoints
  (`wal_autocheckpoint = 0`) and never waits for a lock (`timeout = 0`);
- **the database thread** (aiosqlite) does the rest: every read (one consistent read
  transaction each), the checkpoints (which fsync: see `_checkpoint`), and any write the
  loop could not take at once because another connection held the write lock. Those are
  group-committed: calls that arrive while a transaction is being written wait and then
  share the next `BEGIN IMMEDIATE ... COMMIT`, each inside its own savepoint.
Either way a call is all or nothing, one failing call rolls back alone, and a call returns
only after its transaction committed.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import sqlite3
import threading
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from datetime import UTC, date, tzinfo
from functools import partial
from pathlib import Path
from types import TracebackType
from typing import Any, Self, TypeVar

import aiosqlite

from storage import games, identities, leaderboard, leases, ledger, standings, web
from storage.errors import LedgerError, StorageError, UnknownRecordError
from storage.migrations import APPLICATION_ID, bundled_migrations, check_compatible, migrate
from storage.records import (
    ActionRecord,
    CommunityRow,
    GameRecordRow,
    GameStart,
    KeptAnnouncement,
    LeaderRow,
    PlayerGame,
    PlayerStats,
    SeasonLine,
    Settlement,
)

log = logging.getLogger(__name__)

T = TypeVar("T")
Job = Callable[[sqlite3.Connection], Any]
MAX_BATCH = 256  # calls per group commit: bounds the latency one transaction adds
RESERVED_KEY_PREFIXES = ("game:", "grant:", "relief:", "link:")  # keys booked by storage itself
PLAYER_CACHE_SECONDS = 60.0  # a link made by another process is seen within this
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


def _commit_now(conn: sqlite3.Connection, job: Job) -> Any:
    """Run one write job in a transaction of its own, without waiting for a lock (_Busy)."""
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as error:
        if error.sqlite_errorcode & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
            raise _Busy from error
        raise
    try:
        value = job(conn)
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return value


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


async def commit_batch(batch: Sequence[tuple[Job, asyncio.Future[Any]]],
                       commit: Callable[[list[Job]], Awaitable[list[tuple[bool, Any]]]]) -> None:
    """Commit a batch of queued write jobs with `commit` (one transaction: (ok, value or
    error) per job) and give each caller its result; a failed BEGIN or COMMIT fails every
    job, a cancellation cancels them all."""
    try:
        results = await commit([job for job, _ in batch])
    except Exception as error:  # BEGIN or COMMIT failed: nobody's job committed
        results = [(False, error)] * len(batch)
    except BaseException:
        for _, done in batch:
            done.cancel()
        raise
    for (_, done), (ok, value) in zip(batch, results, strict=True):
        if done.done():  # the caller was cancelled; its job still committed
            continue
        if ok:
            done.set_result(value)
        else:
            done.set_exception(value)


def _run_read(conn: sqlite3.Connection, job: Job) -> Any:
    """Run a read job in one read transaction, so it sees one state of the database."""
    conn.execute("BEGIN")
    try:
        return job(conn)
    finally:
        conn.execute("COMMIT")


class Storage:
    """Players, rooms, game records, the ledger and leaderboards in one SQLite file.

    `storage.postgres.PostgresStorage` is the same class on a PostgreSQL server: it changes
    only how a job reaches the database (`_read`, `_write`) and says which SQL dialect the
    few dialect-dependent statements use.
    """

    dialect = "sqlite"
    row_locks = False  # one writer at a time: a balance read in a write stays current

    def __init__(
        self,
        db: aiosqlite.Connection | None,
        *,
        starting_grant: int,
        daily_relief: int,
        relief_threshold: int,
        clock: Callable[[], float],
        tz: tzinfo,
        season_months: int = 1,
        writer: sqlite3.Connection | None = None,
    ) -> None:
        """Use `Storage.open`; this only wires already prepared connections (`writer`: the
        event loop's own, for writes; without it every write goes to the database thread)."""
        self._db = db
        self.starting_grant = starting_grant
        self.daily_relief_level = daily_relief
        self.relief_threshold = relief_threshold
        self._clock = clock
        self._tz = tz
        self.season_months = season_months
        self._pending: list[tuple[Job, asyncio.Future[Any]]] = []
        self._drainer: asyncio.Task[None] | None = None
        self._writer = writer
        self._commits = 0  # on the loop's connection since the last checkpoint
        # Put up by the database thread once a checkpoint has copied most of the WAL: the
        # loop's writes wait until the checkpoint is over (`_write`, `_checkpoint`).
        self._barrier = threading.Event()
        self._lowered: asyncio.Future[None] | None = None  # waited on while the barrier is up
        self._checkpointing: asyncio.Task[None] | None = None
        self._closed = False
        self._players: dict[tuple[str, str], tuple[int, str, float]] = {}
        self._communities: dict[tuple[str, str], tuple[int, str]] = {}

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        starting_grant: int = 1000,
        daily_relief: int = 500,
        relief_threshold: int = 100,
        clock: Callable[[], float] = time.time,
        tz: tzinfo = UTC,
        season_months: int = 1,
    ) -> Self:
        """Open (creating folder and file) and migrate; SchemaTooNewError leaves it untouched.

        `daily_relief` is the level a broke player is topped up to; `clock` gives epoch
        seconds for the current week of the weekly boards and the current season (of
        `season_months` months: monthly by default), counted in `tz`. A `postgresql://`
        URL instead of a path opens `PostgresStorage` on that server.
        """
        standings.season_of(0, tz, season_months)  # refuses a season length before opening
        if isinstance(path, str) and path.startswith(("postgresql://", "postgres://")):
            # asyncpg is loaded only by those who use a server.
            from storage.postgres import PostgresStorage

            return await PostgresStorage.open(  # type: ignore[return-value]
                path, starting_grant=starting_grant, daily_relief=daily_relief,
                relief_threshold=relief_threshold, clock=clock, tz=tz,
                season_months=season_months,
            )
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(str(path), isolation_level=None, timeout=5.0)
        try:
            await db._execute(_prepare, db._conn, str(path))
            writer = _open_writer(str(path))
        except BaseException:
            await db.close()
            raise
        return cls(
            db, starting_grant=starting_grant, daily_relief=daily_relief,
            relief_threshold=relief_threshold, clock=clock, tz=tz, season_months=season_months,
            writer=writer,
        )

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

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    # -- the database thread ---------------------------------------------------------------

    async def _call(self, fn: Callable[..., T], *args: Any) -> T:
        # aiosqlite runs one thread per connection and `_execute` queues a function on it:
        # a whole transaction then runs in one hop, with nothing interleaved.
        return await self._db._execute(fn, self._db._conn, *args)

    async def _read(self, job: Callable[[sqlite3.Connection], T]) -> T:
        if self._closed:
            raise StorageError("storage is closed")
        return await self._call(_run_read, job)

    async def _write(self, job: Callable[[sqlite3.Connection], T]) -> T:
        if self._closed:
            raise StorageError("storage is closed")
        while self._writer is not None and self._drainer is None:
            if self._barrier.is_set():  # a checkpoint is restarting the WAL: a moment
                await self._barrier_lowered()
                continue
            try:
                value: T = _commit_now(self._writer, job)
            except _Busy:
                log.debug("write lock held elsewhere: the database thread writes this")
                break
            self._commits += 1
            if self._commits >= CHECKPOINT_EVERY and self._checkpointing is None:
                self._commits = 0
                self._checkpointing = asyncio.create_task(self._checkpoint())
            # Committed. Still a moment when others run, as a write always was: a room's
            # timers and AI seats chain moves through saves, and must not hold the loop for
            # a whole trick (nor keep the table edits of a move from going out before the
            # next).
            await asyncio.sleep(0)
            return value
        done: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._pending.append((job, done))
        if self._drainer is None:
            self._drainer = asyncio.create_task(self._drain())
        return await done

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

    def _week(self) -> str:
        return standings.iso_week(self._clock(), self._tz)

    def season(self) -> str:
        """The current season ("2026-12": its first month) by the storage's clock."""
        return standings.season_of(self._clock(), self._tz, self.season_months)

    # -- identities ------------------------------------------------------------------------

    async def player(self, platform: str, user_id: str, display_name: str) -> int:
        """The player's id, creating them (with the starting grant) or refreshing the name;
        for an identity linked to another player (storage/identities.py), that player's."""
        cached = self._players.get((platform, user_id))
        if cached is not None and cached[1] == display_name:
            if time.monotonic() - cached[2] < PLAYER_CACHE_SECONDS:
                return cached[0]
            # Known and unrenamed: a read tells whether it was linked meanwhile.
            found = await self._read(partial(
                identities.lookup, platform=platform, user_id=user_id))
            if found is not None:
                self._players[(platform, user_id)] = (found, display_name, time.monotonic())
                return found

        def upsert(conn: sqlite3.Connection) -> int:
            player_id, linked_to = conn.execute(
                "INSERT INTO players (platform, user_id, display_name, created_at)"
                " VALUES (?, ?, ?, ?) ON CONFLICT (platform, user_id)"
                " DO UPDATE SET display_name = excluded.display_name RETURNING id, linked_to",
                (platform, user_id, display_name, self._clock()),
            ).fetchall()[0]
            conn.execute(
                "INSERT INTO accounts (id, player_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
                (player_id, player_id),
            )
            # Booked on every uncached call, not only on creation: it is idempotent, and a
            # player created before the ledger existed gets theirs too.
            ledger.grant_start(conn, player_id, self.starting_grant, self._clock())
            return int(linked_to if linked_to is not None else player_id)

        player_id = await self._write(upsert)
        self._players[(platform, user_id)] = (player_id, display_name, time.monotonic())
        return player_id

    async def identity(self, platform: str, user_id: str, display_name: str) -> int:
        """The player row of this platform identity itself (not the one it is linked to)."""
        await self.player(platform, user_id, display_name)
        row = await self._read(lambda conn: conn.execute(
            "SELECT id FROM players WHERE platform = ? AND user_id = ?", (platform, user_id)
        ).fetchone())
        return int(row[0])

    async def link_code(self, player_id: int) -> str:
        """A new code (replacing the old) that links another platform's identity to this
        player when typed there within `identities.CODE_SECONDS`."""
        code = "".join(secrets.choice(identities.CODE_ALPHABET)
                       for _ in range(identities.CODE_LENGTH))
        return await self._write(
            partial(identities.make_code, player_id=player_id, code=code, now=self._clock()))

    async def link(self, code: str, identity: int) -> identities.LinkResult:
        """Link the identity that typed `code` to the code's maker (see identities.link)."""
        result = await self._write(partial(
            identities.link, code=code.strip().upper(), player_id=identity, now=self._clock(),
            lock=self.row_locks))
        self._players.clear()
        return result

    async def unlink(self, identity: int) -> list[int]:
        """Part an identity from its link (or those linked to it); the identities parted."""
        parted = await self._write(partial(identities.unlink, player_id=identity))
        self._players.clear()
        return parted

    async def linked_players(self, player_id: int) -> list[tuple[str, str]]:
        """(platform, name) of every identity that plays with this player's wallet."""
        return await self._read(partial(identities.linked_players, player_id=player_id))

    async def player_name(self, player_id: int) -> str:
        """The display name of a player; UnknownRecordError if there is none."""
        row = await self._read(
            lambda conn: conn.execute(
                "SELECT display_name FROM players WHERE id = ?", (player_id,)
            ).fetchone()
        )
        if row is None:
            raise UnknownRecordError(f"no player with id {player_id}")
        return str(row[0])

    async def community(self, platform: str, external_id: str, name: str = "") -> int:
        """The community's id (a Discord server, a Telegram group); an empty name keeps the old."""
        cached = self._communities.get((platform, external_id))
        if cached is not None and (not name or cached[1] == name):
            return cached[0]

        def upsert(conn: sqlite3.Connection) -> tuple[int, str]:
            row = conn.execute(
                "INSERT INTO communities (platform, external_id, name) VALUES (?, ?, ?)"
                " ON CONFLICT (platform, external_id) DO UPDATE SET name = CASE"
                " WHEN excluded.name <> '' THEN excluded.name ELSE communities.name END"
                " RETURNING id, name",
                (platform, external_id, name),
            ).fetchall()[0]
            return int(row[0]), str(row[1])

        community_id, stored_name = await self._write(upsert)
        self._communities[(platform, external_id)] = (community_id, stored_name)
        return community_id

    # -- rooms -----------------------------------------------------------------------------

    async def save_room(
        self,
        room_id: str,
        snapshot: dict[str, Any],
        *,
        action: ActionRecord | None = None,
        game_start: GameStart | None = None,
        settlement: Settlement | None = None,
        announcements: Sequence[KeptAnnouncement] = (),
        lease: str | None = None,
    ) -> bool:
        """Save one accepted action all or nothing; True if `settlement` was newly booked.
        `announcements` are kept (once per key) until `announcement_delivered`.

        With `lease` (an owner), nothing is written unless that owner holds the room's lease
        (LeaseLostError): a process that lost a room cannot write over its new owner.
        """
        snapshot_json = games.to_json(snapshot)
        saved_at = self._clock()

        def save(conn: sqlite3.Connection) -> bool:
            if lease is not None:
                leases.check_held(conn, room_id, lease, saved_at)
            conn.execute(
                "INSERT INTO rooms (room_id, snapshot, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (room_id) DO UPDATE SET snapshot = excluded.snapshot,"
                " updated_at = excluded.updated_at",
                (room_id, snapshot_json, saved_at),
            )
            if announcements:  # once a hand; a statement less for every other action
                conn.executemany(
                    "INSERT INTO kept_announcements (key, room_id, body, created_at)"
                    " VALUES (?, ?, ?, ?) ON CONFLICT (key) DO NOTHING",
                    [(a.key, a.room_id, a.body, saved_at) for a in announcements],
                )
            if game_start is not None:
                games.start_game(conn, game_start)
            if action is not None:
                games.append_action(conn, action)
            if settlement is not None:
                return games.settle(conn, settlement, self._tz, self.season_months)
            return False

        return await self._write(save)

    async def kept_announcements(self) -> list[KeptAnnouncement]:
        """Announcements not yet delivered, oldest first."""
        rows = await self._read(
            lambda conn: conn.execute(
                "SELECT key, room_id, body FROM kept_announcements ORDER BY created_at, key"
            ).fetchall()
        )
        return [KeptAnnouncement(key, room_id, body) for key, room_id, body in rows]

    async def announcement_delivered(self, key: str) -> None:
        """The platform took a kept announcement: forget it."""
        await self._write(
            lambda conn: conn.execute("DELETE FROM kept_announcements WHERE key = ?", (key,))
        )

    async def load_rooms(self) -> list[tuple[str, dict[str, Any]]]:
        """Every saved room snapshot, by room id."""
        rows = await self._read(
            lambda conn: conn.execute(
                "SELECT room_id, snapshot FROM rooms ORDER BY room_id"
            ).fetchall()
        )
        return [(room_id, json.loads(snapshot)) for room_id, snapshot in rows]

    async def load_room(self, room_id: str) -> dict[str, Any] | None:
        """One saved room snapshot, or None."""
        row = await self._read(
            lambda conn: conn.execute(
                "SELECT snapshot FROM rooms WHERE room_id = ?", (room_id,)
            ).fetchone()
        )
        return None if row is None else json.loads(row[0])

    # -- room leases (several processes on one database: storage/leases.py) ----------------

    async def acquire_room(self, room_id: str, owner: str, ttl: float) -> bool:
        """Take (or renew) a room's lease for `ttl` seconds; False if another owner holds it."""
        return await self._write(
            partial(leases.acquire, room_id=room_id, owner=owner, now=self._clock(), ttl=ttl))

    async def renew_leases(self, owner: str, ttl: float) -> set[str]:
        """The heartbeat: extend all of `owner`'s unexpired leases; the rooms it still holds."""
        return await self._write(partial(leases.renew, owner=owner, now=self._clock(), ttl=ttl))

    async def release_rooms(self, room_ids: Sequence[str], owner: str) -> None:
        """Park rooms' leases (those `owner` holds): free for any process, and no orphans."""
        await self._write(partial(leases.release, room_ids=list(room_ids), owner=owner))

    async def orphaned_rooms(self) -> list[str]:
        """Saved rooms whose owner's lease expired (it died holding them), or never leased."""
        return await self._read(partial(leases.orphans, now=self._clock()))

    async def room_leases(self) -> dict[str, str]:
        """room id -> owner of every unexpired lease."""
        return await self._read(partial(leases.holders, now=self._clock()))

    async def delete_room(self, room_id: str) -> None:
        """Forget a closed room's snapshot (its game records stay)."""
        await self._write(
            lambda conn: conn.execute("DELETE FROM rooms WHERE room_id = ?", (room_id,))
        )

    # -- ledger ----------------------------------------------------------------------------

    async def balance(self, player_id: int, kind: str = "beans") -> int:
        """An account's balance of one kind (0 if it never moved)."""
        return await self._read(partial(ledger.balance, account=player_id, kind=kind))

    async def balances(self, player_ids: Sequence[int], kind: str = "beans") -> dict[int, int]:
        """Balances of several accounts at one moment."""
        return await self._read(partial(ledger.balances, accounts=list(player_ids), kind=kind))

    async def daily_relief(self, player_id: int, day: date) -> int:
        """低保: top a broke player up once per `day`; the amount granted, or 0."""
        return await self._write(
            partial(
                ledger.relief, player_id=player_id, day=day, threshold=self.relief_threshold,
                level=self.daily_relief_level, at=self._clock(), lock=self.row_locks,
            )
        )

    async def transfer(
        self,
        key: str,
        kind: str,
        deltas: Mapping[int, int],
        *,
        memo: str = "",
        community_id: int | None = None,
        on_boards: bool = True,
    ) -> bool:
        """Book a zero-sum transaction once per (key, kind); False if it was booked before.

        With `on_boards` the player amounts count on the weekly and community boards (in
        `community_id` if given), as competition cup points should.
        """
        if key.startswith(RESERVED_KEY_PREFIXES):
            raise LedgerError(f"ledger keys starting with {RESERVED_KEY_PREFIXES} are reserved")
        amounts = dict(deltas)
        at = self._clock()

        def book(conn: sqlite3.Connection) -> bool:
            booked = ledger.book(
                conn, key, kind, amounts, at=at, on_boards=on_boards,
                community_id=community_id, memo=memo,
            )
            if booked and on_boards:
                increments = {
                    account: {kind: amount} for account, amount in amounts.items() if amount
                }
                standings.add(conn, community_id, standings.iso_week(at, self._tz), increments,
                              season=standings.season_of(at, self._tz, self.season_months))
            return booked

        return await self._write(book)

    async def books_balanced(self) -> bool:
        """Every transaction sums to zero and every cached balance equals its ledger sum."""
        return not await self.ledger_problems()

    async def ledger_problems(self) -> list[str]:
        """What `books_balanced` found wrong, for a log line (empty when the books balance)."""
        return await self._read(ledger.ledger_problems)

    # -- records, stats, leaderboards ------------------------------------------------------

    async def finished_games(self) -> list[GameRecordRow]:
        """Every settled game with actions and deltas, for replay by the referee."""
        return await self._read(games.finished_games)

    async def unfinished_games(self) -> list[str]:
        """The ids of games started and not yet settled (in play, or abandoned)."""
        return await self._read(games.unfinished_games)

    async def hands_recorded(self, room_id: str) -> int:
        """The highest hand number recorded for a room, 0 if none (see games.hands_recorded)."""
        return await self._read(partial(games.hands_recorded, room_id=room_id))

    async def game_record(self, game_id: str) -> GameRecordRow | None:
        """One game record (finished or not), or None."""
        return await self._read(partial(games.game_record, game_id=game_id))

    async def stats(self, player_id: int, community_id: int | None = None) -> PlayerStats:
        """A player's wallet and all-time record, overall or in one community."""
        scope = standings.OVERALL if community_id is None else community_id

        def read(conn: sqlite3.Connection) -> PlayerStats:
            row = conn.execute(
                "SELECT display_name FROM players WHERE id = ?", (player_id,)
            ).fetchone()
            if row is None:
                raise UnknownRecordError(f"no player with id {player_id}")
            record = conn.execute(
                "SELECT games, wins, landlord_games, landlord_wins, beans, points FROM standings"
                " WHERE community_id = ? AND period = ? AND player_id = ?",
                (scope, standings.ALL_TIME, player_id),
            ).fetchone() or (0, 0, 0, 0, 0, 0)
            wallet = [ledger.balance(conn, player_id, kind) for kind in ("beans", "points", "cup")]
            return PlayerStats(player_id, str(row[0]), *wallet, *record)

        return await self._read(read)

    async def leaderboard(
        self, metric: str, *, community_id: int | None = None, period: str = "all",
        limit: int = 10, season: str | None = None,
    ) -> list[LeaderRow]:
        """The top `limit` of a board (see storage/leaderboard.py for what each ranks);
        period "season" is the current season, or the past one named by `season`."""
        return await self._read(
            partial(
                leaderboard.top, metric=metric, community_id=community_id, period=period,
                week=self._week(), limit=limit, season=season or self.season(),
                dialect=self.dialect,
            )
        )

    async def rank_of(
        self, player_id: int, metric: str, *, community_id: int | None = None,
        period: str = "all", season: str | None = None,
    ) -> LeaderRow | None:
        """A player's line on a board, or None if they are not on it."""
        return await self._read(
            partial(
                leaderboard.rank_of, player_id=player_id, metric=metric,
                community_id=community_id, period=period, week=self._week(),
                season=season or self.season(),
                dialect=self.dialect,
            )
        )

    # -- the web pages (storage/web.py) -----------------------------------------------------

    async def community_row(self, community_id: int) -> CommunityRow | None:
        """A community by id, or None."""
        return await self._read(partial(web.community, community_id=community_id))

    async def seasons(self, community_id: int | None = None) -> list[str]:
        """The seasons with standings here (overall for None), newest first."""
        return await self._read(partial(web.seasons, community_id=community_id))

    async def season_lines(self, player_id: int,
                           community_id: int | None = None) -> list[SeasonLine]:
        """A player's record in every season, newest first."""
        return await self._read(
            partial(web.season_lines, player_id=player_id, community_id=community_id))

    async def player_games(self, player_id: int, community_id: int | None = None,
                           limit: int = 50) -> list[PlayerGame]:
        """A player's finished games, newest first."""
        return await self._read(partial(web.player_games, player_id=player_id,
                                        community_id=community_id, limit=limit))

    async def beans_series(self, player_id: int,
                           community_id: int | None = None) -> list[tuple[float, int]]:
        """A player's beans over time (epoch seconds, beans), oldest first: the wallet, or
        what they won and lost in one community's games."""
        return await self._read(partial(web.beans_series, player_id=player_id,
                                        community_id=community_id))

    async def room_counters(self, room_ids: Sequence[str]) -> dict[str, int]:
        """The action counters of saved rooms (absent: no longer saved)."""
        return await self._read(partial(web.room_counters, room_ids=list(room_ids),
                                        dialect=self.dialect))

    async def room_snapshot(self, room_id: str) -> dict[str, Any] | None:
        """One saved room's snapshot, or None."""
        return await self._read(partial(web.room_snapshot, room_id=room_id))
