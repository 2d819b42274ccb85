"""Each player's games and wins are counted per game and per role in the game's own words,
overall and in the game's community (SQLite and PostgreSQL): no landlord columns for a game
that has no landlord."""

from __future__ import annotations

from storage import Storage
from storage.records import GameStart, Outcome, RoleRecord, Settlement


async def settle(storage: Storage, game_id: str, game: str, community: int | None,
                 seats: list[int], roles: list[str], winners: set[int]) -> None:
    """Book one finished game: each winner takes 1 from each loser."""
    start = GameStart(game_id, "room", community, game, {}, 1, seats, 1, "points", 0.0)
    await storage.save_room("room", {}, game_start=start)
    losers = [p for p in seats if p not in winners]
    deltas = {p: (len(losers) if p in winners else -len(winners)) for p in seats}
    outcomes = [Outcome(p, seat, roles[seat], p in winners, deltas[p])
                for seat, p in enumerate(seats)]
    settlement = Settlement(game_id, "points", deltas, {}, outcomes, 0.0)
    assert await storage.save_room("room", {}, settlement=settlement)


async def test_roles_are_counted_per_game_overall_and_in_the_community(
        storage: Storage) -> None:
    players = [await storage.player("telegram", str(n), f"p{n}") for n in range(4)]
    club = await storage.community("telegram", "-1", "club")
    a, b, c, d = players
    await settle(storage, "g1", "doudizhu3", club, [a, b, c], ["landlord", "farmer", "farmer"],
                 {a})
    await settle(storage, "g2", "doudizhu3", None, [b, a, c], ["landlord", "farmer", "farmer"],
                 {a, c})
    await settle(storage, "g3", "dabangzi", club, [a, b, c, d],
                 ["dbz_dealer", "dbz_attacker", "dbz_partner", "dbz_attacker"], {a, c})
    overall = (await storage.stats(a)).roles
    assert set(overall) == {RoleRecord("doudizhu3", "landlord", 1, 1),
                            RoleRecord("doudizhu3", "farmer", 1, 1),
                            RoleRecord("dabangzi", "dbz_dealer", 1, 1)}
    in_club = (await storage.stats(a, club)).roles
    assert set(in_club) == {RoleRecord("doudizhu3", "landlord", 1, 1),
                            RoleRecord("dabangzi", "dbz_dealer", 1, 1)}
    assert set((await storage.stats(d)).roles) == {RoleRecord("dabangzi", "dbz_attacker", 1, 0)}
    assert await storage.books_balanced()


async def test_a_game_settled_twice_counts_its_roles_once(storage: Storage) -> None:
    a, b = [await storage.player("telegram", str(n), f"p{n}") for n in range(2)]
    await settle(storage, "g1", "doudizhu2", None, [a, b], ["landlord", "farmer"], {b})
    outcomes = [Outcome(a, 0, "landlord", False, -1), Outcome(b, 1, "farmer", True, 1)]
    again = Settlement("g1", "points", {a: -1, b: 1}, {}, outcomes, 0.0)
    assert not await storage.save_room("room", {}, settlement=again)
    assert (await storage.stats(b)).roles == (RoleRecord("doudizhu2", "farmer", 1, 1),)
