"""The group channel within its budget (issue 51), through the real PTB client and a fake Bot
API that enforces Telegram's limits: every hand's result is posted once, in order, with its
own picture and caption, before the next hand's table; a result held back survives a
restart; a command is answered while the table is busy; and an accepted move costs few calls.

The limits are Telegram's shape at ten times the speed (20 messages per 6 s per group, a
tenth of a second apart), so that a test does not wait out real minutes: the adapter keeps
them by its own clock, and the fake refuses (429) what exceeds them."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import pytest

from adapters.telegram import Limits
from bot.fairness import deal_commitment, fingerprint
from bot.host.payload import decode_payload
from bot.host.pictures import result_summary
from bot.host.views import Phase
from bot.i18n import translate
from bot.pictures import Pictures
from tests.adapters.telegram.harness import Players, Table, solo_table
from tests.adapters.telegram.test_delivery import a_move, press_on
from tests.adapters.telegram.test_doudizhu import open_table, start
from tests.fakes.telegram import Call, FakeTelegram
from tests.fakes.telegram_media import uploads

RESULT = translate("host.result.title", "en")
QUICK_TELEGRAM = Limits(overall=(30, 1), group=(20, 6), max_retries=3, poll_timeout=5,
                        group_interval=0.1)
"""Telegram's limits, ten times quicker: 20 a group per 6 s, 0.1 s apart, 30 a second."""

BUSY = Limits(overall=(30, 1), group=(10, 6), max_retries=3, poll_timeout=5,
              group_interval=0.1)
"""A group budget that a quick hand's table would spend within seconds."""
TELEGRAM = Limits(poll_timeout=5)
"""Telegram's limits as they are."""


@pytest.fixture
def pictures() -> bool:
    return True


@dataclass(frozen=True)
class Hand:
    """A finished hand as the host booked it: what its result must show."""

    game_id: str
    seed: int
    picture: bytes
    fingerprint: str


def booked(players: Players) -> Hand:
    room = players.room()
    assert room.phase is Phase.OVER and room.game_id and room.seed is not None
    summary = result_summary(room, room.public_view())
    assert summary is not None
    picture = Pictures().result(summary, room.lang).png
    return Hand(room.game_id, room.seed, picture,
                fingerprint(deal_commitment(room.game_id, room.seed)))


def group_calls(tg: Table, players: Players) -> list[Call]:
    return [c for c in tg.fake.calls if c.chat_id == players.chat.id and c.ok
            and c.method in ("sendMessage", "editMessageText", "sendPhoto")]


def results_in(calls: list[Call]) -> list[Call]:
    return [c for c in calls if RESULT in c.visible_text()]


async def play_again_at_once(tg: Table, players: Players, hands: int) -> list[Hand]:
    """The person is in 托管 with two AI seats; each time a hand ends they type `again`
    at once (long before the table could show the end); the hands as booked."""
    done: list[Hand] = []
    for number in range(hands):
        room = await players.finished(timeout=30)
        done.append(booked(players))
        if number < hands - 1:
            tg.fake.command(next(iter(players.by_id.values())), "again", chat=players.chat)
            await tg.until(lambda was=room.game_id: players.room().phase is Phase.PLAYING
                           and players.room().game_id != was)
    return done


@pytest.mark.parametrize("limits", [QUICK_TELEGRAM])
async def test_two_quick_hands_each_get_their_own_result_and_picture_before_the_next_table(
        tg: Table) -> None:
    fake = tg.fake
    fake.enforce_group_limit(20, 6)
    fake.enforce_overall_limit(30, 1)
    group, alice, players = await solo_table(tg)
    await players.everyone_auto()  # 托管, pressed on the panel
    hands = await play_again_at_once(tg, players, 3)
    await tg.settle()
    calls = group_calls(tg, players)
    results = results_in(calls)
    # One result a hand, in order, each with its own caption (its seed) and picture.
    assert [c.method for c in results] == ["sendPhoto"] * len(hands), \
        [c.visible_text()[:60] for c in results]
    for hand, call in zip(hands, results, strict=True):
        assert str(hand.seed) in call.visible_text()
        assert uploads(call) == [hand.picture], hand.game_id
    # No table of a later hand went out before a hand's result (a table's buttons name the
    # counter it was drawn at, so the hand it shows).
    room_id = players.room().room_id
    order = [hand.game_id for hand in hands]
    for index, call in enumerate(calls):
        counters = {decode_payload(data).counter for _, data in FakeTelegram.buttons(
            call.params) if data and data.startswith(room_id)}
        shown = {tg.guard.hands.get((room_id, counter)) for counter in counters}
        for game in shown & set(order):
            earlier = order[:order.index(game)]
            assert all(calls.index(results[order.index(e)]) < index for e in earlier), \
                (call.method, game)
    assert tg.guard.checked and not tg.guard.violations
    # the adapter kept within the limits by itself
    assert (fake.flood_refusals, fake.overall_refusals) == (0, 0)


@pytest.mark.parametrize("limits", [QUICK_TELEGRAM])
async def test_results_held_back_are_posted_after_a_restart_each_with_its_own_picture(
        tg: Table) -> None:
    """Two hands end while the group's first result meets a long flood wait; the bot stops.
    After the restart both results go out, in order, each its own (none was merged into the
    other and so marked delivered)."""
    fake = tg.fake
    group, alice, players = await solo_table(tg)
    await players.everyone_auto()
    fake.rate_limit("sendPhoto", retry_after=60, chat_id=group.id)  # a long flood wait
    hands = await play_again_at_once(tg, players, 2)
    await fake.wait_for(lambda c: c.status == 429, method="sendPhoto", chat_id=group,
                        since=0, timeout=20)
    await tg.shutdown()  # neither result had gone out
    assert results_in(group_calls(tg, players)) == []
    await tg.boot()
    await tg.until(lambda: len(results_in(group_calls(tg, players))) >= 2, timeout=20)
    await tg.settle()
    results = results_in(group_calls(tg, players))
    assert len(results) == 2
    for hand, result in zip(hands, results, strict=True):
        assert str(hand.seed) in result.visible_text()
        assert uploads(result) == [hand.picture]  # drawn from the note, not today's table


@pytest.mark.parametrize("limits", [BUSY])
async def test_a_command_is_answered_while_the_table_is_busy(tg: Table) -> None:
    """Three people press as fast as they can; the table's edits never take the reserve,
    so /table (a fresh table at the bottom) goes at once rather than after the window."""
    fake = tg.fake
    fake.enforce_group_limit(10, 6)
    players = await open_table(tg, "ddz", ["Ann", "Bo", "Cy"])
    await start(tg, players)
    loop = asyncio.get_running_loop()
    asker = next(iter(players.by_id.values()))
    busy_until = loop.time() + 4.0
    while loop.time() < busy_until:  # hand after hand, moves as fast as they come
        room = players.room()
        if room.phase is Phase.OVER:
            fake.command(asker, "again", chat=players.chat)
            await tg.until(lambda was=room.game_id: players.room().phase is Phase.PLAYING
                           and players.room().game_id != was)
            continue
        acting = room.to_act()
        if room.phase is not Phase.PLAYING or not acting:
            await asyncio.sleep(0.01)
            continue
        if room.forced_action(acting[0]) is not None:  # its pass plays itself
            await tg.until(lambda was=room.counter: players.room().counter > was)
            continue
        await players.act(players.to_act(), a_move)
    mark = fake.mark()
    asked = loop.time()
    fake.command(asker, "table", chat=players.chat)
    answer = await fake.wait_for(lambda c: c.ok, method="sendMessage", chat_id=players.chat,
                                 since=mark, timeout=30)
    waited = answer.at - asked
    recent = [c for c in fake.calls if c.chat_id == players.chat.id and c.at > asked - 6]
    print(f"/table answered after {waited:.2f} s; {len(recent)} group calls in the window")
    # Well inside the 6 s window a lane that edits the table whenever it may spends in
    # about a second of moves (and then answers nothing for the rest of it).
    assert waited < 1.5, waited
    assert tg.adapter is not None
    await tg.adapter.outbox.drain(90)  # the hands' results and tables, at the group's pace
    assert fake.flood_refusals == 0


@pytest.mark.parametrize("limits", [TELEGRAM])
async def test_an_accepted_move_costs_at_most_one_and_a_half_calls_over_a_whole_hand(
        tg: Table) -> None:
    """Everything the bot calls from the deal to the result, over the moves accepted, at
    Telegram's own pace (the table edited at most every 3.75 s): people who press at once,
    as the monkeys of the outside check did."""
    fake = tg.fake
    fake.enforce_group_limit(20, 60)
    fake.enforce_overall_limit(30, 1)
    players = await open_table(tg, "ddz", ["Ann", "Bo", "Cy"])
    await tg.settle()
    mark = fake.mark()
    await start(tg, players)
    moves, presses = await press_on(players)
    await tg.settle()
    calls = [c for c in fake.calls[mark:] if c.method not in (
        "getMe", "deleteWebhook", "getUpdates", "setMyCommands", "getMyCommands")]
    per_move = len(calls) / moves
    by_method: dict[str, int] = {}
    for call in calls:
        by_method[call.method] = by_method.get(call.method, 0) + 1
    print(f"telegram calls per accepted move over a hand: {per_move:.2f} ({len(calls)} for "
          f"{moves} moves, {moves - presses} passes that played themselves) {by_method}")
    assert per_move <= 1.5, (per_move, by_method)
    assert by_method.get("answerCallbackQuery", 0) >= presses  # every press answered
    unchanged = [c for c in fake.calls if "not modified" in str(c.result)]
    assert unchanged == []  # no edit that changes nothing
