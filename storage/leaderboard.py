"""Leaderboards: top N and one player's rank, per community or overall, all-time or a week.

What each board ranks:
- beans / points / cup, overall and all-time: the wallet balance (grants and relief count).
- beans / points / cup in a community, a week or a season: the net amount won in games
  (and competition transfers) of that scope; grants and relief do not count.
- games, wins: games finished and won in the scope.
- win_rate, landlord_win_rate: wins / games (landlord wins / landlord games) as a fraction
  0..1, only for players with at least MIN_GAMES_FOR_RATE such games in the scope, so one
  lucky game does not top the board.
- rating: each (player, game, role)'s skill rating as shown (storage/ratings.py), one line
  each, so a player may be on it as landlord and as farmer; a skill is now, so every period
  shows the same; in a community, the lines of the games its players played there.
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
    if metric == "rating":  # not a standings column: read by _rating_top and _rating_rank
        return _Board("ratings r", "ratings_by_value", "r.player_id", _RATING, "", ())
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


_RATING = "r.mu - 3 * r.sigma"


def _rating_scope(community_id: int | None) -> tuple[str, tuple[object, ...]]:
    """The community's own ratings (rated from its tables alone), or the overall ones."""
    return " AND r.community_id = ?", (0 if community_id is None else community_id,)


def _rating_top(conn: sqlite3.Connection, community_id: int | None,
                limit: int) -> list[LeaderRow]:
    here, params = _rating_scope(community_id)
    rows = conn.execute(
        f"SELECT r.player_id, {_RATING}, p.display_name, r.game, r.role FROM ratings r"
        f" JOIN players p ON p.id = r.player_id WHERE p.linked_to IS NULL{here}"
        f" ORDER BY {_RATING} DESC, r.player_id, r.game, r.role LIMIT ?",
        (*params, max(0, limit)),
    ).fetchall()
    leaders: list[LeaderRow] = []
    for position, (player_id, value, name, game, role) in enumerate(rows, start=1):
        tied = leaders and leaders[-1].value == value
        leaders.append(LeaderRow(leaders[-1].rank if tied else position, player_id, name,
                                 float(value), str(game), str(role)))
    return leaders


def _rating_rank(conn: sqlite3.Connection, player_id: int,
                 community_id: int | None) -> LeaderRow | None:
    """A player's best line on the rating board."""
    here, params = _rating_scope(community_id)
    mine = conn.execute(
        f"SELECT {_RATING}, p.display_name, r.game, r.role FROM ratings r"
        f" JOIN players p ON p.id = r.player_id WHERE r.player_id = ?{here}"
        f" ORDER BY {_RATING} DESC, r.game, r.role LIMIT 1",
        (player_id, *params),
    ).fetchone()
    if mine is None:
        return None
    value, name, game, role = mine
    ahead = conn.execute(
        f"SELECT COUNT(*) FROM ratings r JOIN players p ON p.id = r.player_id"
        f" WHERE p.linked_to IS NULL AND {_RATING} > ?{here}",
        (value, *params),
    ).fetchone()[0]
    return LeaderRow(ahead + 1, player_id, name, float(value), str(game), str(role))


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
    if metric == "rating":
        _board(metric, community_id, period, week, season, dialect)  # checks the period
        return _rating_top(conn, community_id, limit)
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
    if metric == "rating":
        return _rating_rank(conn, player_id, community_id)
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
