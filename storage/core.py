"""The SQL core: the storage port the host uses, written once over either transport.

Every call builds a job (a plain function of a DB-API style connection, see
storage/transport.py) from the SQL here and in the modules it calls (ledger, games, leases,
standings, leaderboards, identities, web reads), and hands it to its transport: SQLite
(storage/sqlite.py) or PostgreSQL (storage/postgres.py). storage/factory.py opens one and
puts this core on it. Account ids are player ids (> 0) or the system accounts BANK and HOUSE
(< 0).
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import time
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, date, datetime, tzinfo
from functools import partial
from types import TracebackType
from typing import Any, Self, TypeVar

from storage import (
    achievements,
    admin,
    games,
    identities,
    leaderboard,
    leases,
    ledger,
    preferences,
    ratings,
    rooms,
    standings,
    teaching,
    web,
)
from storage.errors import LedgerError, UnknownRecordError
from storage.records import (
    ActionRecord,
    CommunityRow,
    GameRecordRow,
    GameStart,
    KeptAnnouncement,
    LeaderRow,
    PlayerGame,
    PlayerStats,
    RoleRecord,
    SeasonLine,
    Settlement,
)
from storage.transport import Transport

T = TypeVar("T")
# keys booked by storage itself
RESERVED_KEY_PREFIXES = ("game:", "grant:", "relief:", "link:", "admin:")
PLAYER_CACHE_SECONDS = 60.0  # a link made by another process is seen within this


class StorageCore:
    """Players, rooms, game records, the ledger and leaderboards on one transport.

    `storage.Storage` (storage/factory.py) is this class with the factory as its `open`.
    """

    # The transport's own calls, bound once: a save is one call deep, as it always was.
    _read: Callable[[Callable[[Any], Any]], Any]
    _read_now: Callable[[Callable[[Any], Any]], Any]
    _write: Callable[[Callable[[Any], Any]], Any]

    def __init__(
        self,
        transport: Transport,
        *,
        starting_grant: int = 1000,
        daily_relief: int = 500,
        relief_threshold: int = 100,
        clock: Callable[[], float] = time.time,
        tz: tzinfo = UTC,
        season_months: int = 1,
    ) -> None:
        """Use `storage.open_storage`; this puts the core on an opened transport."""
        self.transport = transport
        self.dialect = transport.dialect
        self.row_locks = transport.row_locks  # a balance read in a write: lock its row
        self._read = transport.read
        # A lookup by key: SQLite runs it on the event loop's connection, at once.
        self._read_now = transport.read_now
        self._write = transport.write
        self.starting_grant = starting_grant
        self.daily_relief_level = daily_relief
        self.relief_threshold = relief_threshold
        self._clock = clock
        self._tz = tz
        self.season_months = season_months
        self._players: dict[tuple[str, str], tuple[int, str, float]] = {}
        self._communities: dict[tuple[str, str], tuple[int, str]] = {}

    async def close(self) -> None:
        """Finish queued writes and close the database."""
        await self.transport.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

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
            # Known and unrenamed: a read tells whether it was linked meanwhile (a lookup by
            # key: on SQLite at once on the loop's connection, not a hop to the database
            # thread for every person's first press after the cache lapsed).
            found = await self._read_now(partial(
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

    async def player_settings(self, player_id: int, game: str) -> dict[str, str]:
        """The settings the player keeps for tables of `game` (storage/preferences.py)."""
        return await self._read(partial(preferences.load, player_id=player_id, game=game))

    async def keep_player_settings(self, player_id: int, game: str,
                                   values: dict[str, str]) -> None:
        """Keep settings for the player: for `game`, or for every game with game ""."""
        await self._write(partial(preferences.save, player_id=player_id, game=game,
                                  values=values))

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
        if self.dialect == "postgres" and game_start is None and settlement is None \
                and not announcements:  # nearly every save: one statement, one round trip
            return await self._write(rooms.save(room_id, snapshot_json, saved_at, lease,
                                                action))

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
        return await self._write(leases.renew(owner, self._clock(), ttl))

    async def release_rooms(self, room_ids: Sequence[str], owner: str) -> None:
        """Park rooms' leases (those `owner` holds): free for any process, and no orphans."""
        await self._write(partial(leases.release, room_ids=list(room_ids), owner=owner))

    async def expire_rooms(self, room_ids: Sequence[str], owner: str) -> None:
        """End `owner`'s leases of rooms it no longer has in memory: orphans now, taken over
        from their last save (by whichever process looks first, this one too)."""
        await self._write(partial(leases.expire, room_ids=list(room_ids), owner=owner))

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

    async def ping(self) -> None:
        """One trivial read, at once: raises when the database cannot be reached (/readyz)."""
        await self._read_now(lambda conn: conn.execute("SELECT 1").fetchall())

    async def balance(self, player_id: int, kind: str = "beans") -> int:
        """An account's balance of one kind (0 if it never moved)."""
        return await self._read_now(partial(ledger.balance, account=player_id, kind=kind))

    async def balances(self, player_ids: Sequence[int], kind: str = "beans") -> dict[int, int]:
        """Balances of several accounts at one moment."""
        return await self._read(partial(ledger.balances, accounts=list(player_ids), kind=kind))

    async def adjust_beans(self, community_id: int, admin_id: int, admin_name: str,
                           player_id: int, amount: int, reason: str) -> admin.Adjusted:
        """An admin moves beans bank ↔ player with a reason (audited, zero-sum; never below
        zero): storage/admin.py."""
        return await self._write(partial(
            admin.adjust_beans, community_id=community_id, admin_id=admin_id,
            admin_name=admin_name, player_id=player_id, amount=amount, reason=reason,
            at=self._clock(), lock=self.row_locks))

    async def bar(self, community_id: int, admin_id: int, player_id: int, reason: str,
                  barred: bool = True) -> bool:
        """Bar (or with `barred` False, unbar) a player from a community's tables, audited;
        False if nothing changed."""
        change = admin.bar if barred else admin.unbar
        return await self._write(partial(change, community_id=community_id, admin_id=admin_id,
                                         player_id=player_id, reason=reason, at=self._clock()))

    async def is_barred(self, community_id: int, player_id: int) -> bool:
        """Whether an admin barred the player from the community's tables."""
        return await self._read_now(partial(admin.is_barred, community_id=community_id,
                                            player_id=player_id))

    async def admin_log(self, community_id: int, admin_id: int, action: str,
                        reason: str = "") -> None:
        """Audit a use of an admin tool that changes no stored record of its own (a table
        closed, an export)."""
        await self._write(partial(admin.log, community_id=community_id, admin_id=admin_id,
                                  action=action, reason=reason, at=self._clock()))

    async def community_records(self, community_id: int) -> list[tuple[object, ...]]:
        """A community's finished hands, one row per person (storage.admin.RECORD_COLUMNS)."""
        return await self._read(partial(admin.records, community_id=community_id))

    async def set_admin_role(self, community_id: int, admin_id: int,
                             role: str | None) -> None:
        """Name (or clear) the role whose members may use the admin tools; audited."""
        await self._write(partial(admin.set_role, community_id=community_id,
                                  admin_id=admin_id, role=role, at=self._clock()))

    async def admin_role(self, community_id: int) -> str | None:
        """The community's admin role (None: only the admins)."""
        return await self._read_now(partial(admin.role_of, community_id=community_id))

    async def adjustments(self, player_id: int, limit: int = 5) -> list[admin.AdminEntry]:
        """The latest bean adjustments admins made to a player, newest first."""
        return await self._read(partial(admin.adjustments, player_id=player_id, limit=limit))

    async def admin_audit(self, community_id: int, limit: int = 1000) -> list[admin.AdminEntry]:
        """A community's audit log of admin tools, newest first."""
        return await self._read(partial(admin.audit, community_id=community_id, limit=limit))

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
                "SELECT games, wins, landlord_games, landlord_wins, beans, points, carried"
                " FROM standings WHERE community_id = ? AND period = ? AND player_id = ?",
                (scope, standings.ALL_TIME, player_id),
            ).fetchone() or (0, 0, 0, 0, 0, 0, 0)
            wallet = [ledger.balance(conn, player_id, kind) for kind in ("beans", "points", "cup")]
            roles = tuple(RoleRecord(*found)
                          for found in standings.roles_of(conn, player_id, scope))
            # Ratings as everything else here: the community's own, or overall.
            return PlayerStats(player_id, str(row[0]), *wallet, *record[:6], roles=roles,
                               carried=int(record[6]),
                               ratings=tuple(ratings.ratings_of(conn, player_id,
                                                                community_id)),
                               achievements=tuple(achievements.achievements_of(conn,
                                                                               player_id)))

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

    async def metrics_offered(self, community_id: int | None = None) -> tuple[str, ...]:
        """The boards a community (overall for None) has anything for (storage.web)."""
        return await self._read(partial(web.metrics_offered, community_id=community_id))

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

    async def rating_series(self, player_id: int, game: str, role: str,
                            community_id: int | None = None) -> list[tuple[float, float]]:
        """A player's shown rating in one game and role after each rated game, oldest
        first: in one community, or overall (None)."""
        return await self._read(partial(ratings.history, player_id=player_id, game=game,
                                        role=role, community_id=community_id))

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

    # -- replays that teach, the daily puzzle (storage/teaching.py) --------------------------

    async def analysis(self, game_id: str) -> teaching.Analysis | None:
        """A game's kept analysis (pending, done or failed), or None."""
        return await self._read(partial(teaching.analysis, game_id=game_id))

    async def claim_analysis(self, game_id: str, stale: float) -> bool:
        """True for the one caller that is to analyse the game now (see teaching.claim_analysis)."""
        return await self._write(partial(teaching.claim_analysis, game_id=game_id,
                                         now=self._clock(), stale=stale))

    async def keep_analysis(self, game_id: str, status: str, data: Any) -> None:
        """Keep a claimed analysis's result (`done`) or why it failed (`failed`)."""
        await self._write(partial(teaching.keep_analysis, game_id=game_id, status=status,
                                  data=data, now=self._clock()))

    def day(self, days_ago: int = 0) -> str:
        """The day (ISO date) by the storage's clock and zone, or one `days_ago` before it."""
        today = datetime.fromtimestamp(self._clock(), self._tz).date()
        return date.fromordinal(today.toordinal() - days_ago).isoformat()

    async def puzzle(self, day: str) -> tuple[str, Any] | None:
        """The kept puzzle of a day: (game, data), or None."""
        return await self._read(partial(teaching.puzzle, day=day))

    async def keep_puzzle(self, day: str, game: str, data: Any) -> None:
        """Keep a day's puzzle (the first kept stays)."""
        await self._write(partial(teaching.keep_puzzle, day=day, game=game, data=data))

    async def answer_puzzle(self, community_id: int, day: str, player_id: int, answer: str,
                            solved: bool) -> teaching.PuzzleAnswer:
        """Keep a person's first answer to a group's puzzle of a day; the kept one back."""
        return await self._write(partial(teaching.answer_puzzle, community_id=community_id,
                                         day=day, player_id=player_id, answer=answer,
                                         solved=solved, now=self._clock()))

    async def puzzle_answer(self, community_id: int, day: str,
                            player_id: int) -> teaching.PuzzleAnswer | None:
        """A person's answer to a group's puzzle of a day, or None."""
        return await self._read(partial(teaching.puzzle_answer, community_id=community_id,
                                        day=day, player_id=player_id))

    async def puzzle_board(self, community_id: int, limit: int = 10) -> list[teaching.PuzzleRow]:
        """A group's puzzle board (solved, run of days, tries)."""
        return await self._read(partial(teaching.puzzle_board, community_id=community_id,
                                        today=self.day(), limit=limit))
