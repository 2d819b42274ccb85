"""A first game on Discord through discord.py and the fake server: notices, labels and the
lobby as a newcomer reads them (issue 14)."""

from __future__ import annotations

import re

import pytest

from bot.host.presentation.render import pretty_ranks
from bot.i18n import translate
from tests.adapters.discord.harness import Paiju, as_drawn, codes, component_with_code
from tests.adapters.discord.play import take_turn
from tests.adapters.discord.test_doudizhu import seat_and_start
from tests.fakes.discord import FakeDiscord


async def test_only_a_refusal_carries_a_warning_sign_and_only_one(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    # Before: every panel notice had ⚠️ (success included) and refusals two (⚠️ ⚠️ …).
    await seat_and_start(paiju, "doudizhu3", ["alice", "bob", "carol"])
    [first] = paiju.to_act()
    old_panel = await paiju.open_hand(first)
    lagging = as_drawn(old_panel)  # the bid buttons
    await take_turn(paiju, first, "bid")
    lagging()  # a client still showing them
    await paiju.press(first, old_panel, code="bid 2")
    assert old_panel.content.startswith("⚠️ ") and "⚠️ ⚠️" not in old_panel.content
    # 托管 switched on from a panel: said plainly, and the button now offers to take over.
    someone = next(u for u in ("alice", "bob", "carol") if u != first)
    panel = await paiju.open_hand(someone)
    assert component_with_code(panel, "!auto")["label"] == "Auto (托管)"
    await paiju.press(someone, panel, code="!auto")
    assert "⚠️" not in panel.content and "Auto-play (托管) is on" in panel.content
    assert component_with_code(panel, "!auto")["label"] == "Take over (end 托管)"


async def test_a_full_lobby_shows_no_join_or_add_ai(paiju: Paiju,
                                                    fake_discord: FakeDiscord) -> None:
    await paiju.slash("alice", "paiju new", {"game": "doudizhu3"})
    table = await paiju.table()
    for name in ("bob", "carol"):
        await paiju.press(name, table, code="!join")
    table = await paiju.table()
    assert "All 3 seats are taken" in table.content and "Join, add AI" not in table.content
    custom = [c.get("custom_id", "") for c in table.interactive()]
    assert not any(c.endswith((":!join", ":!ai")) for c in custom)
    assert any(c.endswith(":!start") for c in custom)


async def test_help_speaks_of_slash_commands_and_buttons_not_typing(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    # Before: the chat help ("type cards …", commands without /paiju) was shown on Discord.
    answer = await paiju.slash("alice", "paiju help")
    assert "/paiju new" in answer.content and "/paiju leaderboard" in answer.content
    assert "type cards" not in answer.content and "My hand" in answer.content


async def test_the_leaderboard_says_server_and_a_rate_board_names_its_minimum(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    await seat_and_start(paiju, "doudizhu3", ["alice", "bob", "carol"])
    board = await paiju.slash("alice", "paiju leaderboard", {"metric": "win_rate"})
    assert "this server" in board.content and "this community" not in board.content
    assert "a rate counts from 10 games played" in board.content


async def test_a_press_on_someone_elses_panel_is_refused_and_changes_nothing(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    # Before: the press was taken as the presser's, and the victim's panel was redrawn with
    # the presser's hand.
    await seat_and_start(paiju, "doudizhu3", ["alice", "bob", "carol"])
    panel = await paiju.open_hand("alice")
    before = panel.content
    counter = paiju.room.counter
    owner, panel.visible_to = panel.visible_to, None  # a client that shows it to all
    try:
        pressed = await paiju.press("bob", panel, code="!auto")
    finally:
        panel.visible_to = owner
    answer = await fake_discord.reply_to(pressed)
    assert answer.ephemeral and "someone else's" in answer.content
    assert panel.content == before and paiju.room.counter == counter
    assert not any(seat.auto for seat in paiju.room.seats)


async def test_the_turn_timer_is_a_relative_timestamp_that_counts_down_by_itself(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    # Before: a static "⏱ 30 s" that never moved (the table is not edited every second).
    await seat_and_start(paiju, "doudizhu3", ["alice", "bob", "carol"])
    table = await paiju.table()
    deadline = paiju.room.deadline
    assert deadline is not None
    assert f"⏱ time is up <t:{int(deadline)}:R>" in table.content
    assert "⏱ 15 s" not in table.content


async def test_a_chinese_leaderboard_on_discord_says_this_server_not_this_group(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    # Before: "本群" (this group), a Telegram word, on a Discord server.
    paiju.locale = "zh-CN"
    await seat_and_start(paiju, "doudizhu3", ["alice", "bob", "carol"])
    board = await paiju.slash("alice", "paiju leaderboard", {"metric": "games"})
    assert "本服务器" in board.content and "本群" not in board.content


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
async def test_settings_list_only_options_that_apply_in_words(
        paiju: Paiju, fake_discord: FakeDiscord, locale: str) -> None:
    # Before: a three-player table listed dummy_visible, in raw snake_case.
    paiju.locale = locale
    await paiju.slash("alice", "paiju new", {"game": "doudizhu3"})
    shown = await paiju.slash("alice", "paiju settings")
    assert shown.ephemeral and "dummy" not in shown.content
    assert not re.search(r"\b[a-z]+_[a-z]+\b", shown.content), shown.content
    if locale == "zh-CN":
        assert "记牌器" in shown.content and "底注" in shown.content
        assert not re.search(r"[A-Za-z]{4,}", re.sub(r"<[^>]*>", "", shown.content)
                             .replace(paiju.room.room_id, "")), shown.content


async def test_the_card_counter_switched_on_shows_on_the_panel(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    await paiju.slash("alice", "paiju new", {"game": "doudizhu3"})
    changed = await paiju.slash("alice", "paiju settings", {"changes": "counter=on"})
    assert "Card counter" in changed.content
    table = await paiju.table()
    for name in ("bob", "carol"):
        await paiju.press(name, table, code="!join")
    await paiju.press("alice", await paiju.table(), code="!start")
    panel = await paiju.open_hand("bob")
    assert translate("host.private.counter", "en", cards="").strip() in panel.content


async def test_the_two_player_farmer_sees_the_switched_hand_at_once_and_is_told(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    # Before: after bidding the farmer's hand silently changed to the seat after the
    # landlord, and their panel showed the old hand until they pressed something.
    await seat_and_start(paiju, "doudizhu2", ["alice", "bob"])
    panels = {name: await paiju.open_hand(name) for name in ("alice", "bob")}
    for _ in range(12):
        state = paiju.room.state
        if state is not None and state.public_view()["phase"] == "playing":
            break
        [user] = paiju.to_act()
        have = codes(panels[user])
        if paiju.user_at(1) == user and "bid 3" in have:
            choice = "bid 3"
        else:
            choice = next(c for c in have if c in ("pass", "no-grab", "no-double", "no-show"))
        await paiju.press(user, panels[user], code=choice)
    state = paiju.room.state
    assert state is not None and state.landlord == 1, "seat 1 bid 3"
    farmer = paiju.user_at(0)
    assert state.hand(0) != state.hands[0]  # the hand bid with is out of play
    new_hand = pretty_ranks(state.private_view(0)["ranks"], "en")
    await paiju.settle()
    assert new_hand in panels[farmer].content  # the open panel, without a press
    told = [m.content for m in fake_discord.dms_to(farmer)] + [
        str(v.get("content")) for m in fake_discord.ephemeral_responses_to(farmer)
        for v in m.versions]
    assert any("the hand you bid with is out of play" in text for text in told), told
