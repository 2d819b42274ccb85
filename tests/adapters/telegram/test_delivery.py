"""Lean, fresh delivery in a Telegram group: few Bot API calls per accepted move, refusals
to the presser, the updates of one chat in order, and a table that keeps up with play under
Telegram's 20 messages a minute per group."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest

from adapters.telegram import Limits
from adapters.telegram.render import table_message
from bot.host.views import Phase
from bot.i18n import translate
from tests.adapters.telegram.harness import FAST, Players, Table
from tests.adapters.telegram.test_doudizhu import open_table, start

SETUP = ("getMe", "deleteWebhook", "getUpdates", "setMyCommands", "getMyCommands")
TELEGRAM_PACE = Limits(overall=(30, 1), group=(20, 60), max_retries=3, poll_timeout=5)
# The calls a move costs are counted at the group pace the bot keeps (one request a second):
# at the tests' quicker pace fewer table edits fold together.
GROUP_PACE = replace(FAST, group_interval=Limits().group_interval)


def a_move(code: str) -> bool:
    """What a hurried person presses: the top bid, the first suggestion, or pass."""
    return code == "bid 3" or code.startswith("play ") or code in (
        "no-double", "no-show", "pass")


async def press_on(players: Players, limit: int = 200) -> tuple[int, int]:
    """People press a move on their panel until the hand is over; the moves accepted and
    the presses (the rest are passes that played themselves: 要不起, nobody was asked)."""
    await players.tg.until(lambda: players.room().phase is Phase.PLAYING)
    start = players.room().counter
    presses = 0
    for _ in range(limit):
        room = players.room()
        if room.phase is not Phase.PLAYING:
            return room.counter - start, presses
        [seat] = room.to_act()
        if room.forced_action(seat) is not None:  # no prompt comes: its pass plays itself
            await players.tg.until(lambda was=room.counter: players.room().counter > was)
            continue
        await players.act(players.to_act(), a_move)
        presses += 1
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("limits", [GROUP_PACE])
@pytest.mark.parametrize("auto_pass", ["on", "off"])
async def test_an_accepted_move_costs_at_most_three_bot_api_calls(
        tg: Table, auto_pass: str) -> None:
    players = await open_table(tg, "ddz", ["Ann", "Bo", "Cy"])
    owner = next(iter(players.by_id.values()))
    tg.fake.command(owner, "settings", f"auto_pass={auto_pass}", chat=players.chat)
    await tg.until(lambda: players.room().auto_pass is (auto_pass == "on"))
    await tg.settle()
    mark = tg.fake.mark()
    await start(tg, players)
    moves, presses = await press_on(players)
    passed = moves - presses
    await tg.settle()
    calls = [c for c in tg.fake.calls[mark:] if c.method not in SETUP]
    per_move = len(calls) / moves
    by_method: dict[str, int] = {}
    for call in calls:
        by_method[call.method] = by_method.get(call.method, 0) + 1
    print(f"telegram Bot API calls per accepted move, three people, auto_pass {auto_pass}: "
          f"{per_move:.2f} ({len(calls)} for {moves} moves, {passed} passes that played "
          f"themselves) {by_method}")
    assert moves >= 10 and (passed > 0) == (auto_pass == "on")
    assert per_move <= 3.0, (per_move, moves, by_method)
    # Every move pressed was answered to its presser; the table was edited, not posted per
    # move; a pass that played itself sent its seat nothing (no turn message).
    assert by_method["answerCallbackQuery"] >= presses
    turns = [c for c in calls if c.method == "sendMessage" and c.chat_id != players.chat.id]
    assert len(turns) <= presses, (len(turns), moves, presses)
    group_posts = [c for c in calls if c.method == "sendMessage" and c.chat_id == players.chat.id]
    assert len(group_posts) <= 3  # the table dealt anew, the result: not one per move


async def test_not_your_turn_is_told_to_the_sender_not_the_group(tg: Table) -> None:
    players = await open_table(tg, "ddz", ["Ann", "Bo", "Cy"])
    await start(tg, players)
    await tg.settle()
    waiting = next(u for u in players.by_id.values() if u is not players.to_act())
    mark = tg.fake.mark()
    tg.fake.command(waiting, "pass", chat=players.chat)
    told = await tg.fake.wait_for(method="sendMessage", chat_id=waiting.id, since=mark)
    assert told.visible_text() == translate("host.not_your_turn", "en")
    await tg.settle()
    assert [c for c in tg.fake.calls[mark:] if c.chat_id == players.chat.id
            and c.method == "sendMessage"] == []


async def test_new_then_join_fifty_ms_apart_seats_both(tg: Table) -> None:
    fake = tg.fake
    group = fake.new_group("Quick")
    ann, bo = fake.new_user("Ann"), fake.new_user("Bo")
    mark = fake.mark()
    fake.command(ann, "new", "ddz", chat=group)
    await asyncio.sleep(0.05)
    fake.command(bo, "join", chat=group)
    await tg.until(lambda: tg.shown_table(group) and len(tg.room(group).seats) == 2)
    await tg.settle()
    said = [c.visible_text() for c in fake.calls[mark:] if c.method == "sendMessage"]
    assert translate("host.no_room", "en") not in said


@pytest.mark.parametrize("limits", [TELEGRAM_PACE])
async def test_the_group_table_keeps_up_with_a_burst_under_twenty_a_minute(
        tg: Table, limits: Limits) -> None:
    fake = tg.fake
    fake.enforce_group_limit(20, 60)
    players = await open_table(tg, "ddz", ["Ann", "Bo", "Cy"])
    await start(tg, players)
    moves, _ = await press_on(players)  # as fast as they can: far more than 20 a minute
    room = players.room()
    assert room.phase is Phase.OVER and moves >= 10
    assert tg.adapter is not None
    slot = tg.adapter.tables[room.room_id]
    newest = slot.view
    assert newest is not None and newest.counter == room.counter

    def shows_the_newest() -> bool:
        text, _ = table_message(newest)
        edits = [c for c in fake.calls if c.chat_id == players.chat.id and c.ok
                 and c.method in ("editMessageText", "sendMessage")
                 and c.params.get("text") == text]
        return bool(edits)

    # The last edit waits at most one slot of the group's budget (3 s at 20 a minute).
    await tg.until(shows_the_newest, timeout=8)
    assert fake.flood_refusals == 0  # the adapter kept to the limit by itself
    group_requests = [c for c in fake.calls if c.chat_id == players.chat.id and c.ok
                      and c.method in ("editMessageText", "sendMessage")]
    assert len(group_requests) < moves  # edits folded into the newest
