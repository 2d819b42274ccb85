"""The outlet side under load and failure: table edits coalesce, 429s are waited out,
a deleted table is posted again, and views older than the one shown are dropped."""

from __future__ import annotations

from dataclasses import replace

import discord

from bot.host.views import Phase
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
