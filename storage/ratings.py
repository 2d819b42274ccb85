"""Skill ratings per player, game and role, kept in the settling transaction of each game,
once: a model whose predictions match outcomes (benchmarks/ratings.py measures it).

A hand is rated side against side, the sides as the game declares them (RatedSeat.side:
partnerships, one against the rest, everyone for themselves). A side's strength is the
**mean** of its members' ratings — two farmers are not twice one player — plus its roles'
advantage, a **fitted term**: the log-odds of the roles' observed win rates (all people's
hands of that game and role, `role_standings`, with a prior of PRIOR_HANDS hands at even
odds), so between equal players the landlord is expected to win as often as landlords do.
The expected result of side A against side B is the logistic `1 / (1 + 10^(−d/400))` of
their difference `d`; each member of a side moves by its K-factor times (result − expected),
averaged over the sides it met. Each person takes part with their rating in the role the
game gave them (role "" in a game that gives none); an AI seat with a fixed average rating,
never stored; a seat carried by 托管 (`rated` False) takes part and keeps its rating.

Ratings are kept per community (the hands played at its tables, `community_id`) and overall
(community 0, every hand: the global pages); each is rated on its own, so a community's
page shows what its members did there and nothing from elsewhere.

What a rating shows is its conservative value, mean − 3 × uncertainty: 0 for a newcomer.
The uncertainty shrinks with every rated hand (SIGMA / √(1 + hands / SETTLE)) faster than one
hand's result can move the mean in the first hands, so a newcomer's shown value rises over
their first hands whatever their results; after that it follows their results.
"""

from __future__ import annotations

import math
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass

from storage.records import RatedSeat, RatingRecord

MU = 1500.0  # a newcomer's (and an AI seat's) mean
SIGMA = 500.0  # a newcomer's uncertainty: shown mean − 3 × 500 = 0
SIGMA_FLOOR = 60.0
SETTLE = 4.0  # hands over which the uncertainty falls to SIGMA/√2
ELO = 400.0  # the logistic's scale: 400 points of difference are odds of 10 to 1
K_NEW, K_FLOOR = 40.0, 12.0  # how far one hand moves a mean: a newcomer's, a veteran's
PRIOR_HANDS = 20.0  # the role terms' prior: this many hands at even odds
AI_SIGMA = SIGMA_FLOOR  # AI seats: a fixed rating, an average player's


@dataclass(frozen=True, slots=True)
class Rating:
    """One seat's rating going into a hand."""

    mu: float
    sigma: float
    games: int


def shown(mu: float, sigma: float) -> float:
    """The value a rating shows and ranks by: mean - 3 × uncertainty."""
    return mu - 3 * sigma


def sigma_after(games: int) -> float:
    """The uncertainty of a rating after `games` rated hands."""
    return max(SIGMA_FLOOR, SIGMA / math.sqrt(1 + games / SETTLE))


def k_factor(games: int) -> float:
    """How far one hand moves the mean of a rating with `games` rated hands."""
    return max(K_FLOOR, K_NEW / math.sqrt(1 + games / SETTLE))


def expected(difference: float) -> float:
    """The expected result (win 1, tie ½) of a side `difference` points stronger."""
    return 1 / (1 + 10 ** (-difference / ELO))


OVERALL = 0  # the community id of the overall ratings


def _current(conn: sqlite3.Connection, game: str, seat: RatedSeat,
             scope: int = OVERALL) -> Rating:
    if seat.player_id is None:
        return Rating(MU, AI_SIGMA, 0)
    row = conn.execute(
        "SELECT mu, sigma, games FROM ratings WHERE player_id = ? AND community_id = ?"
        " AND game = ? AND role = ?",
        (seat.player_id, scope, game, seat.role or ""),
    ).fetchone()
    return Rating(MU, SIGMA, 0) if row is None else Rating(float(row[0]), float(row[1]),
                                                           int(row[2]))


def _role_records(conn: sqlite3.Connection, game: str) -> dict[str, tuple[int, int]]:
    """(hands, wins) of every role of a game, over everyone's hands."""
    return {str(role): (int(games), int(wins)) for role, games, wins in conn.execute(
        "SELECT role, SUM(games), SUM(wins) FROM role_standings WHERE community_id = 0"
        " AND game = ? GROUP BY role", (game,)).fetchall()}


def _log_odds(wins: float, hands: float) -> float:
    rate = (wins + PRIOR_HANDS / 2) / (hands + PRIOR_HANDS)
    return ELO * math.log10(rate / (1 - rate))


def role_terms(records: dict[str, tuple[int, int]],
               sides: list[list[RatedSeat]]) -> list[float]:
    """Each side's fitted advantage in points. Two sides: half the log-odds of the first
    side's roles winning, pooled with the second's losing, for the first, its opposite for
    the second (the difference is the whole log-odds). More: each its own roles' half."""
    def tally(side: list[RatedSeat]) -> tuple[float, float]:
        roles = [records.get(seat.role or "", (0, 0)) for seat in side if seat.role]
        if not roles:
            return 0.0, 0.0
        return (sum(h for h, _ in roles) / len(roles), sum(w for _, w in roles) / len(roles))

    if not any(seat.role for side in sides for seat in side):
        return [0.0] * len(sides)
    if len(sides) == 2:
        (hands_a, wins_a), (hands_b, wins_b) = tally(sides[0]), tally(sides[1])
        term = _log_odds(wins_a + hands_b - wins_b, hands_a + hands_b) / 2
        return [term, -term]
    return [_log_odds(w, h) / 2 for h, w in map(tally, sides)]


def _sides(seats: Sequence[RatedSeat]) -> dict[int, list[int]]:
    sides: dict[int, list[int]] = {}
    for index, seat in enumerate(seats):
        side = seat.side if seat.side is not None else -1 - seat.score  # by score if unsaid
        sides.setdefault(side, []).append(index)
    return sides


def predicted(conn: sqlite3.Connection, game: str, seats: Sequence[RatedSeat],
              scope: int = OVERALL) -> dict[int, float]:
    """Each side's expected result against the others before the hand (a side beats
    another: 1, ties: ½), averaged over the sides it meets; with two sides, its chance to
    win. The sides' scores are not read."""
    expectations, _ = _expectations(conn, game, seats, scope)
    return expectations


def _expectations(conn: sqlite3.Connection, game: str, seats: Sequence[RatedSeat],
                  scope: int = OVERALL
                  ) -> tuple[dict[int, float], dict[int, list[Rating]]]:
    sides = _sides(seats)
    keys = list(sides)
    ratings = {key: [_current(conn, game, seats[i], scope) for i in sides[key]]
               for key in keys}
    terms = role_terms(_role_records(conn, game), [[seats[i] for i in sides[k]] for k in keys])
    strength = {key: sum(r.mu for r in ratings[key]) / len(ratings[key]) + term
                for key, term in zip(keys, terms, strict=True)}
    out = {key: sum(expected(strength[key] - strength[other]) for other in keys
                    if other != key) / max(1, len(keys) - 1) for key in keys}
    return out, ratings


def update(conn: sqlite3.Connection, game_id: str, game: str, seats: Sequence[RatedSeat],
           at: float, community_id: int | None = None) -> None:
    """Rate one settled game (call it once per game: the settlement's first booking):
    overall, and in its community when it has one."""
    if not any(seat.rated and seat.player_id is not None for seat in seats):
        return
    if len(_sides(seats)) < 2:  # one side: nothing to learn
        return
    for scope in (OVERALL, *((community_id,) if community_id else ())):
        _rate(conn, game_id, game, seats, at, scope)


def _rate(conn: sqlite3.Connection, game_id: str, game: str, seats: Sequence[RatedSeat],
          at: float, scope: int) -> None:
    sides = _sides(seats)
    expectations, ratings = _expectations(conn, game, seats, scope)
    score = {key: seats[members[0]].score for key, members in sides.items()}
    rows = []
    for key, members in sides.items():
        result = sum(1.0 if score[key] > score[other] else 0.5 if score[key] == score[other]
                     else 0.0 for other in sides if other != key) / (len(sides) - 1)
        surprise = result - expectations[key]
        for index, before in zip(members, ratings[key], strict=True):
            seat = seats[index]
            if seat.player_id is None or not seat.rated:
                continue
            mu = before.mu + k_factor(before.games) * surprise
            rows.append((seat.player_id, scope, game, seat.role or "", mu,
                         sigma_after(before.games + 1)))
    conn.executemany(
        "INSERT INTO ratings (player_id, community_id, game, role, mu, sigma, games)"
        " VALUES (?, ?, ?, ?, ?, ?, 1) ON CONFLICT (player_id, community_id, game, role)"
        " DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, games = ratings.games + 1",
        rows,
    )
    conn.executemany(
        "INSERT INTO rating_history (game_id, player_id, community_id, game, role, mu, sigma,"
        " at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (game_id, player_id, community_id) DO NOTHING",
        [(game_id, *row, at) for row in rows],
    )


def ratings_of(conn: sqlite3.Connection, player_id: int,
               community_id: int | None = None) -> list[RatingRecord]:
    """A player's ratings, most played first: in one community, or overall (None)."""
    scope = OVERALL if community_id is None else community_id
    return [RatingRecord(str(game), str(role), shown(mu, sigma), float(mu), float(sigma),
                         int(games))
            for game, role, mu, sigma, games in conn.execute(
                "SELECT game, role, mu, sigma, games FROM ratings WHERE player_id = ?"
                " AND community_id = ? ORDER BY games DESC, game, role",
                (player_id, scope)).fetchall()]


def history(conn: sqlite3.Connection, player_id: int, game: str, role: str,
            community_id: int | None = None) -> list[tuple[float, float]]:
    """A player's shown rating after each rated game of one game and role, oldest first:
    in one community, or overall (None)."""
    scope = OVERALL if community_id is None else community_id
    return [(float(at), shown(mu, sigma)) for at, mu, sigma in conn.execute(
        "SELECT at, mu, sigma FROM rating_history WHERE player_id = ? AND community_id = ?"
        " AND game = ? AND role = ? ORDER BY at, game_id",
        (player_id, scope, game, role)).fetchall()]
