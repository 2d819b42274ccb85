"""The outlet side under load and failure: table edits coalesce, 429s are waited out,
a deleted table is posted again, and views older than the one shown are dropped."""

from __future__ import annotations

import re
import socket
from dataclasses import replace

import discord
import pytest

from bot.host.views import Announcement, Phase, Place, UserRef
from tests.adapters.discord.harness import Paiju
from tests.adapters.discord.test_doudizhu import play_to_the_end, seat_and_start
from tests.fakes.discord import FakeDiscord

EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"
POST = "POST /channels/{channel_id}/messages"


async def test_a_burst_of_table_views_becomes_one_edit_showing_the_newest(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    await paiju.slash("alice", "paiju new", {"game": "doudizhu3"})
    table = await paiju.table()
    assert paiju.adapter is not None
    view = paiju.adapter.tables[paiju.room.room_id].view
    assert view is not None
    edits = len(fake_discord.requests_to(EDIT))
    for step in range(1, 21):
        await paiju.adapter.show_table(replace(view, counter=view.counter + step,
                                               text=f"{view.text}\nstep {step}"))
    await paiju.adapter.show_table(replace(view, text="an older view"))  # dropped
    await paiju.adapter.drain()
    assert len(fake_discord.requests_to(EDIT)) == edits + 1
    assert table.content.endswith("step 20")


async def test_rate_limited_edits_are_retried_and_the_game_still_finishes(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    fake_discord.rate_limit(EDIT, times=3, retry_after=0.05)
    await seat_and_start(paiju, "doudizhu3", ["alice", "bob", "carol"])
    await play_to_the_end(paiju, ["bid"])
    statuses = [r.status for r in fake_discord.requests_to(EDIT)]
    assert statuses.count(429) == 3 and statuses[-1] == 200
    table = await paiju.table()
    assert paiju.room.phase is Phase.OVER and "!again" in table.content + str(table.components)


async def test_a_deleted_table_message_is_posted_again(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    await paiju.slash("alice", "paiju new", {"game": "doudizhu3"})
    table = await paiju.table()
    assert paiju.adapter is not None
    channel = paiju.adapter.client.get_partial_messageable(fake_discord.channel.id)
    await channel.get_partial_message(table.id).delete()
    await paiju.slash("bob", "paiju join")
    fresh = await paiju.table()
    assert fake_discord.requests_to(EDIT)[-1].status == 404
    assert fresh.id != table.id and not fresh.deleted and "Bob" in fresh.content


async def test_the_api_base_setting_points_discord_py_at_the_server(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    assert discord.http.Route.BASE == fake_discord.api_base
    assert fake_discord.requests_to("GET /users/@me")  # login went to the fake


async def test_a_long_announcement_with_many_mentions_goes_out_whole_in_several_messages(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    """A big competition's draw: its text and a mention of everyone drawn do not fit one
    message (2,000 characters, 100 mentioned users): nothing is cut, no mention is split."""
    assert paiju.adapter is not None
    lines = [f"Table {n}: Player{3 * n}, Player{3 * n + 1}, Player{3 * n + 2}"
             for n in range(1, 80)]
    users = [UserRef("discord", str(10**17 + n)) for n in range(150)]
    place = Place("discord", str(fake_discord.channel.id), "", str(fake_discord.guild.id))
    await paiju.adapter.announce(Announcement("k0001", place, "en", "cup.drawn",
                                              "\n".join(lines), tuple(users)))
    await paiju.adapter.drain()
    sent = fake_discord.requests_to(POST)
    assert len(sent) >= 3 and all(r.ok for r in sent)
    contents = [r.json["content"] for r in sent]
    assert all(len(c) <= 2000 for c in contents)
    assert "\n".join(contents).split("\n")[:len(lines)] == lines  # in order, uncut
    for request, content in zip(sent, contents, strict=True):
        allowed = request.json["allowed_mentions"]["users"]
        assert len(allowed) <= 100
        assert sorted(map(str, allowed)) == sorted(re.findall(r"<@(\d+)>", content))
    assert sorted(re.findall(r"<@(\d+)>", "".join(contents))) == sorted(u.user_id for u in users)


async def test_a_table_edit_while_discord_cannot_be_reached_is_one_log_line(
        paiju: Paiju, fake_discord: FakeDiscord, caplog: pytest.LogCaptureFixture) -> None:
    await paiju.slash("alice", "paiju new", {"game": "doudizhu3"})
    table = await paiju.table()
    assert paiju.adapter is not None
    view = paiju.adapter.tables[paiju.room.room_id].view
    assert view is not None
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        closed = f"http://127.0.0.1:{probe.getsockname()[1]}/api/v10"
    base, discord.http.Route.BASE = discord.http.Route.BASE, closed
    try:
        await paiju.adapter.show_table(replace(view, counter=view.counter + 1,
                                               text=f"{view.text}\nlost"))
        await paiju.adapter.drain()
    finally:
        discord.http.Route.BASE = base
    notes = [r for r in caplog.records if "unreachable" in r.getMessage()]
    assert len(notes) == 1 and notes[0].exc_info is None, caplog.text
    assert not any(r.exc_info for r in caplog.records if r.name.startswith("adapters"))
    await paiju.adapter.show_table(replace(view, counter=view.counter + 2,
                                           text=f"{view.text}\nback"))
    await paiju.adapter.drain()
    assert table.content.endswith("back")  # the next view goes out whole
