"""Leaderboards against a brute-force recount of the same random games."""

from __future__ import annotations

import asyncio
import random
import tempfile
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from storage import (
    HOUSE,
    METRICS,
    MIN_GAMES_FOR_RATE,
    GameStart,
    LeaderRow,
    Outcome,
    Settlement,
    Storage,
)
from storage.standings import iso_week
from tests.storage.conftest import MONDAY, FakeClock, drop, new_database

WEEK = 7 * 24 * 3600
GRANT = 1000


@dataclass(frozen=True)
class PlayedGame:
    """One random game: who sat where, who was landlord, who won, where and when."""

    seats: tuple[int | None, int | None, int | None]  # player index, None for an AI seat
    landlord: int
    landlord_won: bool
    stake: int
    kind: str
    community: int | None  # community index
    week: int


@dataclass(frozen=True)
class CupAward:
    """A competition award through `transfer`, on the boards."""

    player: int
    amount: int
    community: int | None
    week: int


@dataclass
class Model:
    """What the boards should say, counted the slow and obvious way."""

    balances: dict[tuple[int, str], int] = field(default_factory=dict)
    rows: dict[tuple[int | None, str], dict[int, dict[str, int]]] = field(
        default_factory=lambda: defaultdict(lambda: defaultdict(lambda: defaultdict(int)))
    )

    def add(self, player: int, community: int | None, week: str, counters: dict[str, int]) -> None:
        scopes = [(None, "all"), (None, week)]
        if community is not None:
            scopes += [(community, "all"), (community, week)]
        for scope in scopes:
            row = self.rows[scope][player]
            for name, amount in counters.items():
                row[name] += amount

    def book(self, deltas: dict[int, int], kind: str) -> None:
        for account, amount in deltas.items():
            if amount:
                self.balances[(account, kind)] = self.balances.get((account, kind), 0) + amount

    def board(self, metric: str, community: int | None, period: str) -> list[tuple[int, float]]:
        if metric in ("beans", "points", "cup") and community is None and period == "all":
            values = {a: v for (a, kind), v in self.balances.items() if kind == metric and a > 0}
        else:
            rows = self.rows[(community, period)]
            if metric == "win_rate":
                values = {p: r["wins"] * 1.0 / r["games"] for p, r in rows.items()
                          if r["games"] >= MIN_GAMES_FOR_RATE}
            elif metric == "landlord_win_rate":
                values = {p: r["landlord_wins"] * 1.0 / r["landlord_games"]
                          for p, r in rows.items() if r["landlord_games"] >= MIN_GAMES_FOR_RATE}
            else:
                values = {p: r[metric] for p, r in rows.items()}
        return sorted(values.items(), key=lambda item: (-item[1], item[0]))


def _ranked(board: list[tuple[int, float]]) -> list[tuple[int, int, float]]:
    ranked = []
    for position, (player, value) in enumerate(board, start=1):
        rank = position
        if ranked and ranked[-1][2] == value:
            rank = ranked[-1][0]
        ranked.append((rank, player, value))
    return ranked


async def _replay_and_compare(
    games: list[PlayedGame], awards: list[CupAward], players: int, now_week: int,
    database: Path | str,
) -> None:
    clock = FakeClock(MONDAY + now_week * WEEK)
    storage = await Storage.open(database, clock=clock)
    ids = [await storage.player("telegram", str(n), f"p{n}") for n in range(players)]
    communities = [await storage.community("telegram", f"-{n}", f"g{n}") for n in range(2)]
    model = Model()
    for player_id in ids:
        model.book({player_id: GRANT}, "beans")
    for number, game in enumerate(games):
        at = MONDAY + game.week * WEEK + number
        community = None if game.community is None else communities[game.community]
        seats = [None if seat is None else ids[seat] for seat in game.seats]
        deltas: dict[int, int] = defaultdict(int)
        outcomes = []
        for seat, player_id in enumerate(seats):
            is_landlord = seat == game.landlord
            won = game.landlord_won == is_landlord
            amount = game.stake * (2 if is_landlord else 1) * (1 if won else -1)
            deltas[HOUSE if player_id is None else player_id] += amount
            if player_id is not None:
                role = "landlord" if is_landlord else "farmer"
                outcomes.append(Outcome(player_id, seat, role, won, amount, alone=is_landlord))
                counters = {"games": 1, "wins": int(won), game.kind: amount,
                            "landlord_games": int(is_landlord),
                            "landlord_wins": int(is_landlord and won)}
                model.add(player_id, community, iso_week(at), counters)
        game_id = f"game-{number}"
        start = GameStart(game_id, "room", community, "doudizhu3", {}, number, seats,
                          game.stake, game.kind, at)
        await storage.save_room("room", {}, game_start=start)
        settlement = Settlement(game_id, game.kind, dict(deltas), {}, outcomes, at)
        assert await storage.save_room("room", {}, settlement=settlement)
        model.book(dict(deltas), game.kind)
    for number, award in enumerate(awards):
        clock.now = MONDAY + award.week * WEEK + number
        community = None if award.community is None else communities[award.community]
        deltas = {ids[award.player]: award.amount, HOUSE: -award.amount}
        assert await storage.transfer(f"award-{number}", "cup", deltas, community_id=community)
        model.book(deltas, "cup")
        if award.amount:
            model.add(ids[award.player], community, iso_week(clock.now), {"cup": award.amount})
    clock.now = MONDAY + now_week * WEEK

    assert await storage.books_balanced()
    week = iso_week(clock.now)
    for community_index in (None, 0, 1):
        community = None if community_index is None else communities[community_index]
        for period, model_period in (("all", "all"), ("week", week)):
            # The rating board is no count of settlements: tests/storage/test_ratings.py.
            for metric in (m for m in METRICS if m != "rating"):
                expected = _ranked(model.board(metric, community, model_period))
                scope = {"community_id": community, "period": period}
                got = await storage.leaderboard(metric, limit=players + 1, **scope)
                assert [(r.rank, r.player_id, r.value) for r in got] == expected, (metric, scope)
                assert [r.name for r in got] == [f"p{ids.index(p)}" for _, p, _ in expected]
                top_two = await storage.leaderboard(metric, limit=2, **scope)
                assert top_two == got[:2]
                on_board = {player: (rank, value) for rank, player, value in expected}
                for player_id in ids:
                    mine = await storage.rank_of(player_id, metric, **scope)
                    if player_id in on_board:
                        rank, value = on_board[player_id]
                        assert mine == LeaderRow(rank, player_id, mine.name, value)
                    else:
                        assert mine is None
    for player_id in ids:
        stats = await storage.stats(player_id)
        row = model.rows[(None, "all")].get(player_id, {})
        assert (stats.games, stats.wins, stats.landlord_games, stats.landlord_wins) == tuple(
            row.get(name, 0) for name in ("games", "wins", "landlord_games", "landlord_wins")
        )
        assert stats.beans == model.balances.get((player_id, "beans"), 0)
    await storage.close()


def _games(players: int) -> st.SearchStrategy[PlayedGame]:
    seat = st.one_of(st.none(), st.integers(0, players - 1))
    return st.builds(
        PlayedGame,
        seats=st.tuples(seat, seat, seat).filter(
            lambda s: len([p for p in s if p is not None]) == len({p for p in s if p is not None})
        ),
        landlord=st.integers(0, 2),
        landlord_won=st.booleans(),
        stake=st.sampled_from([1, 2, 5]),
        kind=st.sampled_from(["beans", "points"]),
        community=st.sampled_from([None, 0, 1]),
        week=st.integers(0, 2),
    )


@st.composite
def _scenarios(draw: st.DrawFn) -> tuple[list[PlayedGame], list[CupAward], int, int]:
    players = draw(st.integers(2, 5))
    games = draw(st.lists(_games(players), max_size=45))
    awards = draw(st.lists(st.builds(
        CupAward, player=st.integers(0, players - 1), amount=st.integers(-3, 5),
        community=st.sampled_from([None, 0, 1]), week=st.integers(0, 2),
    ), max_size=5))
    return games, awards, players, draw(st.integers(0, 2))


# `backend` only names the backend: nothing of it is shared between examples.
@settings(max_examples=20, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(_scenarios())
def test_every_board_matches_a_brute_force_recount(
    backend: str, scenario: tuple[list[PlayedGame], list[CupAward], int, int],
) -> None:
    games, awards, players, now_week = scenario
    with tempfile.TemporaryDirectory() as folder:
        database = new_database(backend, Path(folder))
        try:
            asyncio.run(_replay_and_compare(games, awards, players, now_week, database))
        finally:
            drop(database)


@pytest.mark.parametrize("seed", [1, 2])
def test_long_random_seasons_match_a_brute_force_recount(
    seed: int, database: Path | str
) -> None:
    rng = random.Random(seed)
    players = 7
    games = []
    for _ in range(250):
        people = rng.sample(range(players), rng.choice([2, 3, 3, 3]))
        seats = tuple(people + [None] * (3 - len(people)))
        games.append(PlayedGame(
            seats=seats, landlord=rng.randrange(3), landlord_won=rng.random() < 0.45,
            stake=rng.choice([1, 2, 3]), kind=rng.choice(["beans", "beans", "points"]),
            community=rng.choice([None, 0, 1]), week=rng.randrange(2),
        ))
    awards = [CupAward(rng.randrange(players), rng.randint(1, 4), rng.choice([None, 0]),
                       rng.randrange(2)) for _ in range(10)]
    asyncio.run(_replay_and_compare(games, awards, players, 1, database))


async def test_unknown_metrics_and_periods_are_refused(storage: Storage) -> None:
    with pytest.raises(ValueError, match="metric"):
        await storage.leaderboard("elo")
    with pytest.raises(ValueError, match="period"):
        await storage.rank_of(1, "wins", period="month")


async def test_a_player_with_too_few_games_is_not_on_the_win_rate_board(
    storage: Storage,
) -> None:
    alice = await storage.player("telegram", "1", "Alice")
    assert await storage.rank_of(alice, "win_rate") is None
    assert await storage.leaderboard("win_rate") == []
    assert (await storage.rank_of(alice, "beans")) == LeaderRow(1, alice, "Alice", 1000)
