"""The privacy check itself: hands reach their owners in ephemeral panels only, and a hand
posted where the channel can see it is caught."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.adapters.discord.conftest import assert_no_hand_in_public
from tests.adapters.discord.harness import Paiju, hand_line
from tests.adapters.discord.test_doudizhu import seat_and_start
from tests.fakes.discord import FakeDiscord


async def test_hands_go_to_ephemeral_panels_and_a_public_hand_is_caught(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    paiju = Paiju(fake_discord, tmp_path / "privacy.sqlite3")
    await paiju.start()
    try:
        await seat_and_start(paiju, "doudizhu3", ["alice", "bob", "carol"])
        [user] = paiju.to_act()
        panel = await paiju.open_hand(user)
        line = next(hand_line(v) for v in reversed(paiju.views)
                    if v.user.user_id == str(fake_discord.user(user).id) and v.hand)
        assert line is not None and line in panel.content and panel.ephemeral
        assert_no_hand_in_public(fake_discord, paiju)
        assert paiju.adapter is not None
        channel = paiju.adapter.client.get_partial_messageable(fake_discord.channel.id)
        await channel.send(f"oops: {line}")
        with pytest.raises(AssertionError, match="hands shown in public"):
            assert_no_hand_in_public(fake_discord, paiju)
    finally:
        await paiju.stop()
