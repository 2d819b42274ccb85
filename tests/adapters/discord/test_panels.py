"""Panels past Discord's 15 minutes: a press on an old panel answers with a fresh one, and a
panel whose token expired is not edited any more: the player is nudged instead."""

from __future__ import annotations

from pathlib import Path

from tests.adapters.discord.conftest import started
from tests.adapters.discord.harness import codes
from tests.adapters.discord.play import take_turn
from tests.adapters.discord.test_doudizhu import seat_and_start
from tests.fakes.discord import FakeDiscord


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
