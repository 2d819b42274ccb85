"""Achievements are counted per player, game and achievement once per game (SQLite and
PostgreSQL); a streak the game names is awarded when a role's run of wins reaches it."""

from __future__ import annotations

from storage import Storage
from storage.records import AchievementRecord, GameStart, Outcome, Settlement

STREAK = ("landlord_streak", 3)


async def settle(storage: Storage, game_id: str, a: int, b: int, landlord_won: bool,
                 earned: tuple[str, ...] = (), carried: bool = False) -> bool:
    start = GameStart(game_id, "room", None, "doudizhu2", {}, 1, [a, b], 1, "points", 0.0)
    await storage.save_room("room", {}, game_start=start)
    sign = 1 if landlord_won else -1
    outcomes = [Outcome(a, 0, "landlord", landlord_won, sign, achievements=earned,
                        streak=None if carried else STREAK, carried=carried),
                Outcome(b, 1, "farmer", not landlord_won, -sign)]
    settlement = Settlement(game_id, "points", {a: sign, b: -sign}, {}, outcomes, 0.0)
    return await storage.save_room("room", {}, settlement=settlement)


async def test_achievements_count_once_per_game_and_a_streak_when_its_run_reaches_it(
        storage: Storage) -> None:
    a, b = [await storage.player("telegram", str(n), f"p{n}") for n in range(2)]
    await settle(storage, "g1", a, b, True, ("spring",))
    assert not await settle(storage, "g1", a, b, True, ("spring",))  # settled already
    for n, won in enumerate((True, True, True, False, True, True, True), start=2):
        await settle(storage, f"g{n}", a, b, won)
    # Runs: g1-g4 (the third win, g3, awards it; g4 does not again), the loss, g6-g8.
    assert set((await storage.stats(a)).achievements) == {
        AchievementRecord("doudizhu2", "spring", 1),
        AchievementRecord("doudizhu2", "landlord_streak", 2)}
    assert (await storage.stats(b)).achievements == ()


async def test_a_win_carried_by_auto_play_ends_the_run_instead_of_adding_to_it(
        storage: Storage) -> None:
    a, b = [await storage.player("telegram", str(n), f"p{n}") for n in range(2)]
    for n, carried in enumerate((False, False, True, False, False)):
        await settle(storage, f"g{n}", a, b, True, carried=carried)
    assert (await storage.stats(a)).achievements == ()
    await settle(storage, "g9", a, b, True)
    assert (await storage.stats(a)).achievements == (
        AchievementRecord("doudizhu2", "landlord_streak", 1),)
