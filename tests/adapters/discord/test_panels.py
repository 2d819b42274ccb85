"""Panels past Discord's 15 minutes: a press on an old panel answers with a fresh one, and a
panel whose token expired is not edited any more: the player is nudged instead."""

from __future__ import annotations

from pathlib import Path

from bot.i18n import translate
from tests.adapters.discord.conftest import started
from tests.adapters.discord.harness import Paiju, codes, component_with_code
from tests.adapters.discord.play import take_turn
from tests.adapters.discord.test_doudizhu import seat_and_start
from tests.fakes.discord import FakeDiscord

CALLBACK = "POST /interactions/{interaction_id}/{token}/callback"


async def test_a_press_on_an_old_panel_answers_with_a_fresh_panel(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    async with started(fake_discord, tmp_path / "old.sqlite3",
                       adapter_options={"panel_ttl": 0.0}) as paiju:  # every panel is "old"
        await seat_and_start(paiju, "doudizhu3", ["alice", "bob", "carol"])
        [user] = paiju.to_act()
        panel = await paiju.open_hand(user)
        before = panel.content
        pressed = await paiju.press(user, panel, code="!auto")
        assert pressed.response_type == 4  # a new message, not an edit of the old panel
        fresh = await fake_discord.reply_to(pressed)
        assert fresh.ephemeral and fresh.id != panel.id and panel.content == before


async def test_an_expired_panel_is_left_alone_and_the_player_nudged(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    async with started(fake_discord, tmp_path / "expired.sqlite3") as paiju:
        await seat_and_start(paiju, "doudizhu3", ["alice", "bob", "carol"])
        opened = [i for i in fake_discord.interactions if i.user.name == "alice"][-1]
        fake_discord.expire_interaction(opened)  # the Start press that showed her panel
        for turn in range(3):
            [user] = paiju.to_act()
            if user != "alice":
                await take_turn(paiju, user, "bid" if turn == 0 else "pass")
                continue
            if turn == 0:  # she was first: the panel from Start shows her prompt already
                panel = fake_discord.ephemeral_responses_to("alice")[-1]
                assert any(c.startswith("bid ") for c in codes(panel))
            else:
                [nudge] = fake_discord.dms_to("alice")
                assert "Your turn" in nudge.content
                assert any(r.status == 401 for r in fake_discord.requests)  # the edit tried
            await take_turn(paiju, "alice", "bid" if turn == 0 else "pass")


async def test_a_slow_host_is_deferred_first_then_the_panel_fills_the_answer(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    async with started(fake_discord, tmp_path / "slow.sqlite3",
                       adapter_options={"defer_after": 0.05}) as paiju:
        await seat_and_start(paiju, "doudizhu3", ["alice", "bob", "carol"])
        assert paiju.host is not None
        table = await paiju.table()
        async with paiju.host.lock(paiju.room.room_id):  # another command holds the room
            pressed = await fake_discord.press("bob", table, custom_id=next(
                c["custom_id"] for c in table.interactive() if c["custom_id"].endswith("!hand")))
            await fake_discord.wait_acked(pressed)
            assert pressed.response_type == 5 and pressed.ephemeral  # "thinking", privately
        panel = await fake_discord.reply_to(pressed)
        assert panel.ephemeral and panel.content.startswith("Your cards")
        choice = next(c for c in codes(panel) if c.startswith(("bid", "pass", "!auto")))
        async with paiju.host.lock(paiju.room.room_id):
            later = await fake_discord.press("bob", panel, custom_id=next(
                c["custom_id"] for c in panel.interactive() if c["custom_id"].endswith(choice)))
            await fake_discord.wait_acked(later)
            assert later.response_type == 6  # a deferred edit of the panel
        await paiju.settle()
        assert len(panel.versions) >= 2 and panel.versions[-1] != panel.versions[0]


async def test_a_failure_while_answering_is_logged_and_answered_politely(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    async with started(fake_discord, tmp_path / "polite.sqlite3"):
        fake_discord.fail_next("POST /interactions/{interaction_id}/{token}/callback", 400,
                               50035, "Invalid Form Body")
        with fake_discord.expecting_errors() as caught:
            asked = await fake_discord.slash("alice", "paiju me")
            answer = await fake_discord.reply_to(asked)
        assert answer.ephemeral and "went wrong" in answer.content
        assert any("failed" in error.where for error in caught)


async def test_any_discord_error_while_answering_a_press_still_gets_a_polite_answer(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    """Not only 10062: an Unknown Message (10008) on the answer is logged and apologised for,
    saying the press itself went through (never Discord's "This interaction failed")."""
    await paiju.slash("alice", "paiju new", {"game": "doudizhu3"})
    table = await paiju.table()
    fake_discord.fail_next(CALLBACK, 404, 10008, "Unknown Message")
    with fake_discord.expecting_errors() as caught:
        pressed = await fake_discord.press("bob", table, custom_id=component_with_code(
            table, "!join")["custom_id"])
        answer = await fake_discord.reply_to(pressed)
    assert answer.ephemeral and answer.content == translate("discord.answer_failed", "en")
    assert any("failed" in error.where for error in caught)
    assert "Bob" in (await paiju.table()).content  # the join itself went through


async def test_a_panel_past_15_minutes_is_replaced_and_a_younger_one_edited_in_place(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    """With the real limit: a press on a panel posted 20 minutes ago answers with a new panel
    and leaves the old message as it was; one posted 10 minutes ago is edited in place."""
    await seat_and_start(paiju, "doudizhu3", ["alice", "bob", "carol"])
    ages = {}
    for age in (20 * 60, 10 * 60):
        [user] = paiju.to_act()
        with fake_discord.backdated(age):
            panel = await paiju.open_hand(user)
        before = panel.content
        pressed = await paiju.press(user, panel, code=next(
            c for c in codes(panel) if c.startswith("bid ")))
        ages[age] = pressed.response_type
        if age > 15 * 60:
            fresh = await fake_discord.reply_to(pressed)
            assert fresh.ephemeral and fresh.id != panel.id and panel.content == before
            assert "Your cards" in fresh.content
        else:
            assert panel.content != before and user not in paiju.to_act()
    assert ages == {20 * 60: 4, 10 * 60: 7}  # a new message; an update of the pressed one


async def test_a_panel_discord_no_longer_knows_is_answered_with_a_new_one(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    await seat_and_start(paiju, "doudizhu3", ["alice", "bob", "carol"])
    [user] = paiju.to_act()
    panel = await paiju.open_hand(user)
    fake_discord.fail_next(CALLBACK, 404, 10008, "Unknown Message")
    pressed = await paiju.press(user, panel, code=next(
        c for c in codes(panel) if c.startswith("bid ")))
    fresh = await fake_discord.reply_to(pressed)
    assert [r.status for r in fake_discord.requests_to(CALLBACK)[-2:]] == [404, 200]
    assert fresh.ephemeral and fresh.id != panel.id and "Your cards" in fresh.content
    assert user not in paiju.to_act()  # the bid went through; no apology was needed
