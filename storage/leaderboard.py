"""Leaderboards: top N and one player's rank, per community or overall, all-time or a week.

What each board ranks:
- beans / points / cup, overall and all-time: the wallet balance (grants and relief count).
- beans / points / cup in a community, a week or a season: the net amount won in games
  (and competition transfers) of that scope; grants and relief do not count.
- games, wins: games finished and won in the scope.
- win_rate, landlord_win_rate: wins / games (landlord wins / landlord games) as a fraction
  0..1, only for players with at least MIN_GAMES_FOR_RATE such games in the scope, so one
  lucky game does not top the board.
Period "season" is a season's standings ("2026-12": monthly by default): the current one,
or a past one, frozen since it ended. A board lists the players who have a row in its
scope. Ties share a rank (1, 2, 2, 4) and are listed older player first. Every query is an
index walk (top N) or an index range count (rank), see migration 0003.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from storage import standings
from storage.records import METRICS, MIN_GAMES_FOR_RATE, PERIODS, LeaderRow

# MIN_GAMES_FOR_RATE (storage.records, where the host reads it too) is also written in the
# partial indexes of migration 0003.
_RATES = {
    "win_rate": ("s.wins * 1.0 / s.games", f"s.games >= {MIN_GAMES_FOR_RATE}"),
    "landlord_win_rate": (
        "s.landlord_wins * 1.0 / s.landlord_games",
        f"s.landlord_games >= {MIN_GAMES_FOR_RATE}",
    ),
}
# PostgreSQL: `* 1.0` would be NUMERIC; double precision gives SQLite's REAL exactly, so both
# backends rank (and tie) the same. The expressions match its migration 0003's indexes.
_PG_RATES = {
    "win_rate": "s.wins::double precision / s.games",
    "landlord_win_rate": "s.landlord_wins::double precision / s.landlord_games",
}


@dataclass(frozen=True, slots=True)
class _Board:
    """Where one board's values come from, written so SQLite uses the matching index."""

    table: str
    index: str  # named in walks and counts: the planner's guess is poor for rates
    id_column: str
    value: str
    where: str
    params: tuple[object, ...]


def _board(metric: str, community_id: int | None, period: str, week: str,
           season: str | None, dialect: str = "sqlite") -> _Board:
    if metric not in METRICS:
        raise ValueError(f"unknown leaderboard metric {metric!r}; expected one of {METRICS}")
    if period not in PERIODS:
        raise ValueError(f"unknown leaderboard period {period!r}; expected one of {PERIODS}")
    if metric in ("beans", "points", "cup") and community_id is None and period == "all":
        return _Board("balances b", "balances_by_amount", "b.account_id", "b.amount",
                      "b.kind = ? AND b.account_id > 0", (metric,))
    if period == "season" and not (season and standings.SEASON_KEY.match(season)):
        raise ValueError(f"a season board needs a season like '2026-12', not {season!r}")
    scope = standings.OVERALL if community_id is None else community_id
    where = "s.community_id = ? AND s.period = ?"
    key = {"all": standings.ALL_TIME, "week": week}.get(period, season)
    params = (scope, key)
    if metric in _RATES:
        value, eligible = _RATES[metric]
        if dialect == "postgres":
            value = _PG_RATES[metric]
        return _Board(
            "standings s", f"standings_by_{metric}", "s.player_id", value,
            f"{where} AND {eligible}", params,
        )
    return _Board(
        "standings s", f"standings_by_{metric}", "s.player_id", f"s.{metric}", where, params
    )


def _indexed_by(board: _Board, dialect: str) -> str:
    # SQLite's planner is told the index; PostgreSQL's finds it from the statistics.
    return f" INDEXED BY {board.index}" if dialect == "sqlite" else ""


def top(
    conn: sqlite3.Connection,
    metric: str,
    *,
    community_id: int | None,
    period: str,
    week: str,
    limit: int,
    season: str | None = None,
    dialect: str = "sqlite",
) -> list[LeaderRow]:
    """The first `limit` rows of a board."""
    board = _board(metric, community_id, period, week, season, dialect)
    rows = conn.execute(
        f"SELECT {board.id_column}, {board.value}, p.display_name"
        f" FROM {board.table}{_indexed_by(board, dialect)}"
        f" JOIN players p ON p.id = {board.id_column} WHERE {board.where}"
        # An identity linked to another plays on that one's row (storage/identities.py).
        f" AND p.linked_to IS NULL"
        f" ORDER BY {board.value} DESC, {board.id_column} LIMIT ?",
        (*board.params, max(0, limit)),
    ).fetchall()
    leaders: list[LeaderRow] = []
    for position, (player_id, value, name) in enumerate(rows, start=1):
        # The list starts at the top, so a tie's rank is the position of its first row.
        tied = leaders and leaders[-1].value == value
        rank = leaders[-1].rank if tied else position
        leaders.append(LeaderRow(rank, player_id, name, value))
    return leaders


def rank_of(
    conn: sqlite3.Connection,
    player_id: int,
    metric: str,
    *,
    community_id: int | None,
    period: str,
    week: str,
    season: str | None = None,
    dialect: str = "sqlite",
) -> LeaderRow | None:
    """One player's line on a board, or None if they are not on it."""
    board = _board(metric, community_id, period, week, season, dialect)
    # The player's own row by primary key, not through the board's index.
    mine = conn.execute(
        f"SELECT {board.value}, p.display_name FROM {board.table}"
        f" JOIN players p ON p.id = {board.id_column}"
        f" WHERE {board.where} AND {board.id_column} = ?",
        (*board.params, player_id),
    ).fetchone()
    if mine is None:
        return None
    value, name = mine
    ahead = conn.execute(
        f"SELECT COUNT(*) FROM {board.table}{_indexed_by(board, dialect)}"
        f" WHERE {board.where} AND {board.value} > ?",
        (*board.params, value),
    ).fetchone()[0]
    return LeaderRow(ahead + 1, player_id, name, value)
