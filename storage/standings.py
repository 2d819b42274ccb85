"""The aggregate rows behind the leaderboards, kept in the settling transaction.

A scope is (community_id, period): community 0 stands for every community, period is
"all", an ISO week such as "2026-W05" or a season such as "2026-12" (the season's first
month; seasons are monthly by default). Each settled game adds to six rows per person
(overall and its community; all-time, its week and its season); so a board is one index
walk however many games were played. A season's rows stop changing when it ends: that is
its frozen standings.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Mapping
from datetime import UTC, datetime, tzinfo

OVERALL = 0
ALL_TIME = "all"
COUNTERS = ("games", "wins", "landlord_games", "landlord_wins", "beans", "points", "cup",
            "carried")  # carried: hands 托管 played for the person (migration 0012)


def iso_week(at: float, tz: tzinfo = UTC) -> str:
    """The ISO week of an epoch time as "YYYY-Www" (weeks start on Monday)."""
    year, week, _ = datetime.fromtimestamp(at, tz).isocalendar()
    return f"{year:04d}-W{week:02d}"


def season_of(at: float, tz: tzinfo = UTC, months: int = 1) -> str:
    """The season of an epoch time as "YYYY-MM", its first month (seasons of `months`
    months start in January: 1 monthly, 3 quarterly, 12 yearly)."""
    if months < 1 or 12 % months:
        raise ValueError(f"a season lasts 1, 2, 3, 4, 6 or 12 months, not {months}")
    moment = datetime.fromtimestamp(at, tz)
    first = (moment.month - 1) // months * months + 1
    return f"{moment.year:04d}-{first:02d}"


SEASON_KEY = re.compile(r"^\d{4}-(0[1-9]|1[0-2])$")
"""What a season's period looks like ("2026-12")."""


def scopes(community_id: int | None, week: str, season: str | None = None) -> list[tuple[int, str]]:
    """The standings rows one scored event adds to."""
    periods = [ALL_TIME, week] + ([season] if season is not None else [])
    found = [(OVERALL, period) for period in periods]
    if community_id is not None:
        found += [(community_id, period) for period in periods]
    return found


def add(
    conn: sqlite3.Connection,
    community_id: int | None,
    week: str,
    increments: Mapping[int, Mapping[str, int]],
    season: str | None = None,
) -> None:
    """Add counters per player (player id -> {counter: amount}) to every scope of the event."""
    rows = []
    for player_id, counters in sorted(increments.items()):
        if player_id <= 0:  # system accounts are not on the boards
            continue
        unknown = set(counters) - set(COUNTERS)
        if unknown:
            raise ValueError(f"unknown standings counters {sorted(unknown)}")
        values = [counters.get(name, 0) for name in COUNTERS]
        for scope, period in scopes(community_id, week, season):
            rows.append((scope, period, player_id, *values))
    if not rows:
        return
    columns = ", ".join(COUNTERS)
    marks = ", ".join("?" * len(COUNTERS))
    updates = ", ".join(f"{name} = standings.{name} + excluded.{name}" for name in COUNTERS)
    conn.executemany(
        f"INSERT INTO standings (community_id, period, player_id, {columns})"
        f" VALUES (?, ?, ?, {marks})"
        f" ON CONFLICT (community_id, period, player_id) DO UPDATE SET {updates}",
        rows,
    )


def add_roles(conn: sqlite3.Connection, community_id: int | None, game: str,
              roles: list[tuple[int, str, bool, bool]]) -> None:
    """Count each (player, role the game gave them, won, carried by 托管) of a settled game,
    overall and in its community (all time)."""
    rows = [(scope, player_id, game, role, int(won), int(won and not carried))
            for player_id, role, won, carried in roles if player_id > 0
            for scope in ([OVERALL] + ([community_id] if community_id is not None else []))]
    if rows:
        # streak: the current run of the person's own wins in the role (a loss ends it, and
        # so does a hand 托管 played for them).
        conn.executemany(
            "INSERT INTO role_standings (community_id, player_id, game, role, games, wins,"
            " streak) VALUES (?, ?, ?, ?, 1, ?, ?) ON CONFLICT (community_id, player_id,"
            " game, role) DO UPDATE SET games = role_standings.games + 1,"
            " wins = role_standings.wins + excluded.wins, streak = CASE WHEN"
            " excluded.streak > 0 THEN role_standings.streak + 1 ELSE 0 END",
            rows,
        )


def streak(conn: sqlite3.Connection, player_id: int, game: str, role: str) -> int:
    """A player's current run of wins in a role of a game (all time, everywhere)."""
    row = conn.execute(
        "SELECT streak FROM role_standings WHERE community_id = ? AND player_id = ?"
        " AND game = ? AND role = ?", (OVERALL, player_id, game, role)).fetchone()
    return 0 if row is None else int(row[0])


def roles_of(conn: sqlite3.Connection, player_id: int,
             community_id: int) -> list[tuple[str, str, int, int]]:
    """A player's (game, role, games, wins) in a scope, most played first."""
    return [(str(game), str(role), int(games), int(wins)) for game, role, games, wins in
            conn.execute(
                "SELECT game, role, games, wins FROM role_standings"
                " WHERE community_id = ? AND player_id = ? ORDER BY games DESC, game, role",
                (community_id, player_id)).fetchall()]
