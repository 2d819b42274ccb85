"""Reads for the web pages (bot.web): a community, its seasons, a player's games and beans
over time, and the public part of live rooms. Read only; every function runs in one read
transaction on the database thread."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from typing import Any

from storage import standings
from storage.records import METRICS, CommunityRow, PlayerGame, SeasonLine

MAX_SERIES_POINTS = 400  # a beans chart needs no more; older points are thinned out


def community(conn: sqlite3.Connection, community_id: int) -> CommunityRow | None:
    """A community by id, or None."""
    row = conn.execute(
        "SELECT id, platform, external_id, name FROM communities WHERE id = ?", (community_id,)
    ).fetchone()
    return CommunityRow(*row) if row is not None else None


# Boards that rank only the hands some games have: a metric → the all-time counter that
# must be above zero in the scope for its board to be offered (a community whose games give
# no seat an alone role — no 斗地主 played there — has no alone-role win rate to show).
COUNTED_BY = {"landlord_win_rate": "landlord_games"}


def metrics_offered(conn: sqlite3.Connection, community_id: int | None) -> tuple[str, ...]:
    """The boards a scope (overall for None) has anything for, in board order."""
    scope = standings.OVERALL if community_id is None else community_id
    absent = {metric for metric, counter in COUNTED_BY.items() if conn.execute(
        f"SELECT 1 FROM standings WHERE community_id = ? AND period = ? AND {counter} > 0"
        " LIMIT 1", (scope, standings.ALL_TIME)).fetchone() is None}
    return tuple(metric for metric in METRICS if metric not in absent)


def seasons(conn: sqlite3.Connection, community_id: int | None) -> list[str]:
    """The seasons with standings in a scope (overall for None), newest first."""
    scope = standings.OVERALL if community_id is None else community_id
    rows = conn.execute(
        "SELECT DISTINCT period FROM standings WHERE community_id = ? AND period LIKE '____-__'"
        " ORDER BY period DESC",
        (scope,),
    ).fetchall()
    return [period for (period,) in rows if standings.SEASON_KEY.match(period)]


def season_lines(conn: sqlite3.Connection, player_id: int,
                 community_id: int | None) -> list[SeasonLine]:
    """A player's record in every season of a scope, newest first."""
    scope = standings.OVERALL if community_id is None else community_id
    rows = conn.execute(
        "SELECT period, games, wins, beans, points, cup FROM standings"
        " WHERE community_id = ? AND player_id = ? AND period LIKE '____-__'"
        " ORDER BY period DESC",
        (scope, player_id),
    ).fetchall()
    return [SeasonLine(*row) for row in rows if standings.SEASON_KEY.match(row[0])]


def player_games(conn: sqlite3.Connection, player_id: int, community_id: int | None,
                 limit: int) -> list[PlayerGame]:
    """A player's finished games (in a community, or anywhere), newest first."""
    where = "o.player_id = ? AND g.finished_at IS NOT NULL"
    params: tuple[Any, ...] = (player_id,)
    if community_id is not None:
        where += " AND g.community_id = ?"
        params += (community_id,)
    rows = conn.execute(
        "SELECT g.game_id, g.game, g.mode, g.finished_at, o.seat, o.role, o.won, o.delta"
        f" FROM outcomes o JOIN games g USING (game_id) WHERE {where}"
        " ORDER BY g.finished_at DESC, g.game_id DESC LIMIT ?",
        (*params, max(0, limit)),
    ).fetchall()
    return [PlayerGame(game_id, game, mode, at, seat, role, bool(won), delta)
            for game_id, game, mode, at, seat, role, won, delta in rows]


def beans_series(conn: sqlite3.Connection, player_id: int,
                 community_id: int | None = None) -> list[tuple[float, int]]:
    """A player's beans over time, oldest first: (epoch seconds, beans).

    Overall (None): the wallet's balance after each change. In a community: the beans won
    and lost in its games alone, from 0 before the first (a community's page shows nothing
    its members did elsewhere: no grant, no relief, no other community's game). Long
    histories are thinned to MAX_SERIES_POINTS evenly spaced changes (the last one kept)."""
    if community_id is None:
        rows = conn.execute(
            "SELECT t.at, e.amount FROM ledger_entries e JOIN ledger_txns t ON t.id = e.txn_id"
            " WHERE e.account_id = ? AND e.kind = 'beans' ORDER BY t.at, t.id",
            (player_id,),
        ).fetchall()
    else:
        rows = conn.execute(
            "SELECT g.finished_at, o.delta FROM outcomes o JOIN games g USING (game_id)"
            " WHERE o.player_id = ? AND g.community_id = ? AND g.mode = 'beans'"
            " AND g.finished_at IS NOT NULL ORDER BY g.finished_at, g.game_id",
            (player_id, community_id),
        ).fetchall()
        rows = [(rows[0][0], 0), *rows] if rows else []
    series: list[tuple[float, int]] = []
    balance = 0
    for at, amount in rows:
        balance += amount
        series.append((float(at), balance))
    if len(series) <= MAX_SERIES_POINTS:
        return series
    step = len(series) / (MAX_SERIES_POINTS - 1)
    return [series[int(i * step)] for i in range(MAX_SERIES_POINTS - 1)] + [series[-1]]


def room_counters(conn: sqlite3.Connection, room_ids: Sequence[str],
                  dialect: str = "sqlite") -> dict[str, int]:
    """The action counter of each saved room among `room_ids` (rooms that are gone: absent)."""
    counter_of = ("json_extract(snapshot, '$.counter')" if dialect == "sqlite"
                  else "(snapshot::json ->> 'counter')::bigint")  # PostgreSQL's JSON
    found: dict[str, int] = {}
    ids = list(room_ids)
    for start in range(0, len(ids), 500):  # under SQLite's limit of bound parameters
        chunk = ids[start:start + 500]
        marks = ", ".join("?" * len(chunk))
        for room_id, counter in conn.execute(
            f"SELECT room_id, {counter_of} FROM rooms"
            f" WHERE room_id IN ({marks})",
            chunk,
        ):
            found[room_id] = int(counter or 0)
    return found


def room_snapshot(conn: sqlite3.Connection, room_id: str) -> dict[str, Any] | None:
    """A saved room's snapshot (the whole room, hands included: the caller keeps it private)."""
    row = conn.execute("SELECT snapshot FROM rooms WHERE room_id = ?", (room_id,)).fetchone()
    return json.loads(row[0]) if row is not None else None
