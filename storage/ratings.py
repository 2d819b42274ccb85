"""Skill ratings per player, game and role (OpenSkill's Plackett-Luce), kept in the settling
transaction of each game, once.

A hand is rated side against side: a side is the seats that scored alike (斗地主's two
farmers, 打棒子's dealer and partner), ranked by their score. Each person takes part with
their rating in the role the game gave them (role "" in a game that gives none), so a
landlord is measured against landlords' results and a farmer against farmers'. An AI seat
takes part with a fixed rating and is never stored; a seat carried by 托管 (`rated` False)
takes part with its rating and keeps it unchanged. What a rating shows is its conservative
value, mean - 3 × uncertainty: 0 for a newcomer, rising as their games make it certain.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from functools import cache

from openskill.models import PlackettLuce, PlackettLuceRating

from storage.records import RatedSeat, RatingRecord

SCALE = 60.0  # OpenSkill's defaults (mean 25, uncertainty 25/3) × 60: a newcomer's mean 1500
MU, SIGMA = 25 * SCALE, 25 / 3 * SCALE
AI_SIGMA = SIGMA / 3  # AI seats: a fixed rating, an average player's, fairly certain


@cache
def model() -> PlackettLuce:
    """The rating model (built on first use, not on import)."""
    return PlackettLuce(mu=MU, sigma=SIGMA, beta=SIGMA / 2, tau=SIGMA / 100)


def shown(mu: float, sigma: float) -> float:
    """The value a rating shows and ranks by: mean - 3 × uncertainty."""
    return mu - 3 * sigma


def _current(conn: sqlite3.Connection, game: str, seat: RatedSeat) -> PlackettLuceRating:
    if seat.player_id is None:
        return model().rating(mu=MU, sigma=AI_SIGMA)
    row = conn.execute(
        "SELECT mu, sigma FROM ratings WHERE player_id = ? AND game = ? AND role = ?",
        (seat.player_id, game, seat.role or ""),
    ).fetchone()
    return model().rating(mu=MU, sigma=SIGMA) if row is None \
        else model().rating(mu=float(row[0]), sigma=float(row[1]))


def update(conn: sqlite3.Connection, game_id: str, game: str, seats: Sequence[RatedSeat],
           at: float) -> None:
    """Rate one settled game (call it once per game: the settlement's first booking)."""
    if not any(seat.rated and seat.player_id is not None for seat in seats):
        return
    sides: dict[int, list[int]] = {}
    for index, seat in enumerate(seats):
        sides.setdefault(seat.score, []).append(index)
    if len(sides) < 2:  # everyone scored alike: nothing to learn
        return
    order = sorted(sides, reverse=True)
    teams = [[_current(conn, game, seats[i]) for i in sides[score]] for score in order]
    ranks = [float(rank) for rank in range(len(order))]
    rated = model().rate(teams, ranks=ranks)
    rows = []
    for score, team in zip(order, rated, strict=True):
        for index, after in zip(sides[score], team, strict=True):
            seat = seats[index]
            if seat.player_id is not None and seat.rated:
                rows.append((seat.player_id, game, seat.role or "", after.mu, after.sigma))
    conn.executemany(
        "INSERT INTO ratings (player_id, game, role, mu, sigma, games) VALUES (?, ?, ?, ?, ?, 1)"
        " ON CONFLICT (player_id, game, role) DO UPDATE SET mu = excluded.mu,"
        " sigma = excluded.sigma, games = ratings.games + 1",
        rows,
    )
    conn.executemany(
        "INSERT INTO rating_history (game_id, player_id, game, role, mu, sigma, at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, player_id) DO NOTHING",
        [(game_id, *row, at) for row in rows],
    )


def ratings_of(conn: sqlite3.Connection, player_id: int) -> list[RatingRecord]:
    """A player's ratings, most played first."""
    return [RatingRecord(str(game), str(role), shown(mu, sigma), float(mu), float(sigma),
                         int(games))
            for game, role, mu, sigma, games in conn.execute(
                "SELECT game, role, mu, sigma, games FROM ratings WHERE player_id = ?"
                " ORDER BY games DESC, game, role", (player_id,)).fetchall()]


def history(conn: sqlite3.Connection, player_id: int, game: str,
            role: str) -> list[tuple[float, float]]:
    """A player's shown rating after each rated game of one game and role, oldest first."""
    return [(float(at), shown(mu, sigma)) for at, mu, sigma in conn.execute(
        "SELECT at, mu, sigma FROM rating_history WHERE player_id = ? AND game = ?"
        " AND role = ? ORDER BY at, game_id", (player_id, game, role)).fetchall()]
