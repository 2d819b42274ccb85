"""Skill ratings through the host: a stronger AI level playing a weaker one over many hands
rises above it as landlord and as farmer; AI seats are never rated; a seat 托管 carried for
most of the hand is counted in `/me` and not rated; `/lb rating` shows each game and role."""

from __future__ import annotations

import random

from bot.host import commands as cmd
from bot.host.room import Room
from bot.host.views import Phase
from tests.host.conftest import PLACE, actor, ok, open_table, play_out, room

HANDS = 24


def as_level(current: Room, level: str) -> object:
    """The hand's state as an AI of `level` would read it (the room's `ai_level` option)."""
    data = current.state_dict()
    data["options"] = {**data["options"], "ai_level": level}
    return current.spec.state_from_dict(data)


async def play_levels(host, levels: dict[int, str], hand: int) -> Room:  # noqa: ANN001
    """Let each person play as the AI of their level until the hand is over."""
    for move in range(400):
        await host.quiesce()
        current = room(host)
        if current.phase is not Phase.PLAYING:
            return current
        seat = next(s for s in current.to_act() if not current.seats[s].plays_itself)
        player = int(current.seats[seat].user_id[1:])
        action = current.spec.ai_action(as_level(current, levels[player]), seat,
                                        random.Random(f"{hand}:{move}"))
        await ok(host, cmd.Act(actor(player), PLACE, text=action))
    raise AssertionError("the hand did not end")


def rating(stats, role: str) -> float:  # noqa: ANN001 - PlayerStats
    """The rating's estimate of skill (its mean; what it shows also counts its certainty,
    which grows with the hands played in the role)."""
    return next(r.mu for r in stats.ratings if (r.game, r.role) == ("doudizhu3", role))


async def test_a_stronger_ai_level_rises_above_a_weaker_one_as_landlord_and_as_farmer(
        make_host) -> None:
    host, _ = await make_host(seed=3)
    await open_table(host, "doudizhu3", 3, mode="points")
    levels = {0: "normal", 1: "easy", 2: "easy"}
    for hand in range(HANDS):
        if hand:
            await ok(host, cmd.Start(actor(0), PLACE))
        await play_levels(host, levels, hand)
    strong, *weak = [await host.store.stats(await host.player_id(actor(n))) for n in range(3)]
    for role in ("landlord", "farmer"):
        assert rating(strong, role) > max(rating(w, role) for w in weak), role
    assert sum(r.games for r in strong.ratings) == HANDS
    board = await host.handle(cmd.Leaderboard(actor(1), PLACE, metric="rating"))
    assert board.ok and board.text.splitlines()[1].startswith("1. Player0 (Dou Dizhu")


async def test_ai_seats_are_not_rated_and_a_hand_carried_by_auto_play_is_counted_not_rated(
        make_host) -> None:
    host, _ = await make_host()
    await open_table(host, "doudizhu3", 2, ais=1, mode="points")
    await ok(host, cmd.Auto(actor(1), PLACE, on=True))
    for _ in range(400):
        await host.quiesce()
        current = room(host)
        if current.phase is not Phase.PLAYING:
            break
        seat = next(s for s in current.to_act() if not current.seats[s].plays_itself)
        await ok(host, cmd.Act(actor(0), PLACE,
                               text=current.spec.hints(current.state, seat)[0]))
    me, carried = [await host.store.stats(await host.player_id(actor(n))) for n in range(2)]
    assert carried.ratings == () and carried.carried == 1
    assert [r.games for r in me.ratings] == [1] and me.carried == 0
    shown = await host.handle(cmd.MyStats(actor(1), PLACE))
    assert "Hands carried by auto-play (托管), not rated: 1" in shown.text
    zh = await host.handle(cmd.MyStats(actor(0, lang="zh"), PLACE))
    assert "等级分" in zh.text
    board = await host.store.leaderboard("rating")
    assert [row.player_id for row in board] == [await host.player_id(actor(0))]


async def test_a_sweep_in_tianji_shows_in_the_sweepers_me_in_the_games_words(make_host) -> None:
    host, _ = await make_host(seed=4)
    await open_table(host, "tianji", 3, mode="points")
    for hand in range(60):
        if hand:
            await ok(host, cmd.Rematch(actor(0), PLACE))
        finished = await play_out(host)
        sweeper = finished.state.settlement.sweeper  # the finished table, as the engine says
        if sweeper is not None:
            break
    else:
        raise AssertionError("nobody swept a table")
    who = actor(int(finished.seats[sweeper].user_id[1:]))
    mine = await host.handle(cmd.MyStats(who, PLACE))
    assert "Tianji poker (田忌赛马) achievements: Clean sweep (通杀) ×1" in mine.text
    zh = await host.handle(cmd.MyStats(actor(int(who.user_id[1:]), lang="zh"), PLACE))
    assert "田忌赛马 成就:通杀 ×1" in zh.text
    other = actor((int(who.user_id[1:]) + 1) % 3)
    assert "achievements" not in (await host.handle(cmd.MyStats(other, PLACE))).text
