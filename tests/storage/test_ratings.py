"""Skill ratings are kept per player, game and role in the settling transaction, once per
game, on SQLite and PostgreSQL: AI seats are never stored, a seat carried by 托管 is counted
and not rated, and `/lb rating` ranks each (game, role) line."""

from __future__ import annotations

from storage import Storage
from storage.records import GameStart, Outcome, RatedSeat, Settlement


async def settle(storage: Storage, game_id: str, game: str, seats: list[int | None],
                 roles: list[str | None], scores: list[int], *, community: int | None = None,
                 carried: frozenset[int] = frozenset()) -> bool:
    """Book one finished game of points, each seat's score its amount (AI: the house)."""
    start = GameStart(game_id, "room", community, game, {}, 1, seats, 1, "points", 0.0)
    await storage.save_room("room", {}, game_start=start)
    deltas: dict[int, int] = {}
    for player, score in zip(seats, scores, strict=True):
        account = -2 if player is None else player
        deltas[account] = deltas.get(account, 0) + score
    outcomes = [Outcome(p, seat, roles[seat], scores[seat] > 0, scores[seat],
                        carried=p in carried)
                for seat, p in enumerate(seats) if p is not None]
    rated = tuple(RatedSeat(p, roles[seat], scores[seat], p is not None and p not in carried)
                  for seat, p in enumerate(seats))
    settlement = Settlement(game_id, "points", deltas, {}, outcomes, float(len(game_id)),
                            seats=rated)
    return await storage.save_room("room", {}, settlement=settlement)


async def people(storage: Storage, n: int) -> list[int]:
    return [await storage.player("telegram", str(k), f"p{k}") for k in range(n)]


def rating(stats, game: str, role: str) -> float:  # noqa: ANN001 - PlayerStats
    return next(r.value for r in stats.ratings if (r.game, r.role) == (game, role))


async def test_a_landlord_who_keeps_winning_rises_as_landlord_and_not_as_farmer(
        storage: Storage) -> None:
    a, b, c = await people(storage, 3)
    for n in range(6):
        assert await settle(storage, f"g{n}", "doudizhu3", [a, b, c],
                            ["landlord", "farmer", "farmer"], [4, -2, -2])
    mine = await storage.stats(a)
    assert [(r.game, r.role, r.games) for r in mine.ratings] == [("doudizhu3", "landlord", 6)]
    farmer = await storage.stats(b)
    # Both show more than a newcomer's 0 (their ratings grew certain), the winner more.
    assert rating(mine, "doudizhu3", "landlord") > rating(farmer, "doudizhu3", "farmer") > 0
    [landlord], [farmers] = mine.ratings, farmer.ratings
    assert landlord.mu > 1500 > farmers.mu
    # The two farmers were one side: they moved together.
    assert rating(farmer, "doudizhu3", "farmer") == rating(await storage.stats(c),
                                                           "doudizhu3", "farmer")


async def test_a_game_settled_twice_is_rated_once(storage: Storage) -> None:
    a, b = await people(storage, 2)
    assert await settle(storage, "g1", "tianji", [a, b], [None, None], [3, -3])
    before = (await storage.stats(a)).ratings
    assert not await settle(storage, "g1", "tianji", [a, b], [None, None], [3, -3])
    assert (await storage.stats(a)).ratings == before
    assert [(r.role, r.games) for r in before] == [("", 1)]


async def test_ai_seats_are_never_stored_and_a_carried_seat_is_counted_not_rated(
        storage: Storage) -> None:
    a, b = await people(storage, 2)
    await settle(storage, "g1", "doudizhu3", [a, None, b], ["landlord", "farmer", "farmer"],
                 [-4, 2, 2], carried=frozenset({b}))
    assert (await storage.stats(b)).ratings == ()
    assert (await storage.stats(b)).carried == 1
    assert (await storage.stats(a)).carried == 0
    board = await storage.leaderboard("rating")
    assert [(row.player_id, row.role) for row in board] == [(a, "landlord")]
    assert board[0].value > 0  # a newcomer's 0 rises with their first hand, even a loss


async def test_the_rating_board_ranks_each_role_and_a_community_sees_its_own_games(
        storage: Storage) -> None:
    a, b, c = await people(storage, 3)
    club = await storage.community("telegram", "-1", "club")
    await settle(storage, "g1", "doudizhu3", [a, b, c], ["landlord", "farmer", "farmer"],
                 [4, -2, -2], community=club)
    await settle(storage, "g22", "tianji", [b, c], [None, None], [1, -1])
    everywhere = await storage.leaderboard("rating", limit=10)
    assert {(row.player_id, row.game, row.role) for row in everywhere[:2]} == \
        {(a, "doudizhu3", "landlord"), (b, "tianji", "")}  # the two winners
    assert len(everywhere) == 5
    assert [row.value for row in everywhere] == sorted((row.value for row in everywhere),
                                                       reverse=True)
    here = await storage.leaderboard("rating", community_id=club, period="week")
    assert {row.game for row in here} == {"doudizhu3"}
    mine = await storage.rank_of(b, "rating")
    assert mine is not None and mine.game == "tianji" and mine.rank <= 2
    assert len(await storage.rating_series(a, "doudizhu3", "landlord")) == 1


async def test_a_community_shows_the_ratings_earned_at_its_own_tables(
        storage: Storage) -> None:
    # Before (issue 52): a community's player page showed the person's ratings from every
    # community — the game count, the dated chart, a game played only elsewhere.
    a, b, c = await people(storage, 3)
    club = await storage.community("telegram", "-1", "club")
    other = await storage.community("discord", "9", "other")
    for n in range(3):  # a wins three hands as landlord in the club
        await settle(storage, f"c{n}", "doudizhu3", [a, b, c],
                     ["landlord", "farmer", "farmer"], [4, -2, -2], community=club)
    for n in range(2):  # and loses two elsewhere, where he also plays 田忌赛马
        await settle(storage, f"o{n}", "doudizhu3", [a, b, c],
                     ["landlord", "farmer", "farmer"], [-4, 2, 2], community=other)
    await settle(storage, "t1", "tianji", [a, b], [None, None], [1, -1], community=other)
    here = await storage.stats(a, club)
    assert {(r.game, r.role): r.games for r in here.ratings} == {("doudizhu3", "landlord"): 3}
    there = await storage.stats(a, other)
    assert {(r.game, r.role): r.games for r in there.ratings} == {
        ("doudizhu3", "landlord"): 2, ("tianji", ""): 1}
    overall = await storage.stats(a)
    assert {(r.game, r.role): r.games for r in overall.ratings} == {
        ("doudizhu3", "landlord"): 5, ("tianji", ""): 1}
    # three wins in the club rate him higher there than two losses do elsewhere
    assert rating(here, "doudizhu3", "landlord") > rating(there, "doudizhu3", "landlord")
    assert len(await storage.rating_series(a, "doudizhu3", "landlord", club)) == 3
    assert len(await storage.rating_series(a, "doudizhu3", "landlord", other)) == 2
    assert len(await storage.rating_series(a, "doudizhu3", "landlord")) == 5
    board = await storage.leaderboard("rating", community_id=club)
    assert {(row.player_id, row.game) for row in board} == {
        (a, "doudizhu3"), (b, "doudizhu3"), (c, "doudizhu3")}
    top = await storage.rank_of(a, "rating", community_id=club)
    assert top is not None and top.value == rating(here, "doudizhu3", "landlord")
