"""Leaving a running hand on Discord: the escape notice and the result name the person who
left, with every seat's amount (the seats move up once the hand is put away)."""

from __future__ import annotations

from tests.adapters.discord.harness import Paiju
from tests.fakes.discord import FakeDiscord


async def test_an_escape_notice_names_the_one_who_left_with_the_whole_result(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    await paiju.slash("alice", "paiju new", {"game": "doudizhu3"})
    table = await paiju.table()
    await paiju.press("bob", table, code="!join")
    await paiju.press("carol", table, code="!join")
    await paiju.press("alice", await paiju.table(), code="!start")
    assert paiju.user_at(1) == "bob"
    warned = await paiju.slash("bob", "paiju leave")  # the escape penalty is said first
    assert warned.ephemeral and len(paiju.room.seats) == 3
    # ... with the way to confirm that exists on Discord (there is no "/leave confirm").
    assert "/paiju leave again" in warned.content and "/leave confirm" not in warned.content
    await paiju.slash("bob", "paiju leave")
    await paiju.settle()
    said = [m.content for m in fake_discord.messages_in(fake_discord.channel)]
    escaped = [line for text in said for line in text.splitlines() if "🏃" in line]
    assert escaped and "bob" in escaped[-1].lower() and "carol" not in escaped[-1].lower()
    result = next(text for text in reversed(said) if "🏁" in text)
    for name in ("alice", "bob", "carol"):
        assert name in result.lower()
    assert [s.name for s in paiju.room.seats] == ["Alice", "Carol"]
