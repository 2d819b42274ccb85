"""Watch links expire and an admin can revoke a channel's: `settings links=revoke` moves the
room to its next links epoch, old links stop opening (the secret unchanged), the table shows
a new one; replay links keep their format."""

from __future__ import annotations

import asyncio
import re

import aiohttp

from bot.host import commands as cmd
from bot.web.links import LIVE_LINK_SECONDS, Links
from tests.host.conftest import PLACE, actor, ok, open_table, room
from tests.web.conftest import SECRET, Site

WATCH = re.compile(r"Watch: http://paiju\.test(/\S+)")


def test_a_watch_link_expires_and_an_epoch_changes_every_signature() -> None:
    now = [1_000_000.0]
    links = Links(SECRET, clock=lambda: now[0])
    path = links.live_path("room-1")
    expires = int(re.search(r"e=(\d+)", path).group(1))
    signature = path.split("k=")[1]
    assert now[0] + LIVE_LINK_SECONDS <= expires < now[0] + LIVE_LINK_SECONDS + 3600
    assert links.valid(signature, "live", "room-1", expires=expires)
    assert not links.valid(signature, "live", "room-1", expires=expires + 3600)  # moved on
    assert not links.valid(signature, "live", "room-1", epoch=1, expires=expires)
    now[0] = expires + 1
    assert not links.valid(signature, "live", "room-1", expires=expires)
    assert links.valid(signature, "live", "room-1", expires=expires, expired_too=True)
    # Replay links are as they were: the same signature as before epochs and expiries.
    assert links.signature("replay", "g-1") == links.signature("replay", "g-1", epoch=0)


async def _status(site: Site, path: str) -> int:
    async with aiohttp.ClientSession() as client, client.get(site.base + path) as response:
        return response.status


async def test_an_admin_revokes_a_channels_watch_links_and_the_table_shows_a_new_one(
        site: Site) -> None:
    host = site.host
    await open_table(host, "doudizhu3", 1, 2)
    old = WATCH.search(site.recorder.tables[-1].text).group(1)
    epoch = room(host).links_epoch
    assert await _status(site, old) == 200
    assert await _status(site, old.replace("?", "/events?").replace("k=", "k=", 1)) == 200

    refused = await host.handle(cmd.RoomSettings(actor(1), PLACE, changes={"links": "revoke"}))
    assert not refused.ok and refused.key == "web.links.admin_only"
    done = await host.handle(cmd.RoomSettings(actor(1, admin=True), PLACE,
                                              changes={"links": "revoke"}))
    assert done.ok, done.text
    assert room(host).links_epoch == epoch + 1 and room(host).phase.value == "playing"
    new = WATCH.search(site.recorder.tables[-1].text).group(1)
    assert new != old
    assert await _status(site, old) == 404
    assert await _status(site, old.replace("?", "/events?")) == 404
    assert await _status(site, new) == 200
    # The format of before (no expiry) opens nothing any more.
    bare = f"/live/{room(host).room_id}?k={site.links.signature('live', room(host).room_id)}"
    assert await _status(site, bare) == 404


async def test_an_expired_watch_link_says_so(site: Site) -> None:
    await open_table(site.host, "doudizhu3", 1, 2)
    room_id = room(site.host).room_id
    past = Links(SECRET, clock=lambda: 1_000.0).live_path(room_id, room(site.host).links_epoch)
    async with aiohttp.ClientSession() as client, \
            client.get(site.base + past + "&lang=en") as response:
        assert response.status == 410
        assert "Link expired" in await response.text()
    forged = past[:-2] + ("AA" if not past.endswith("AA") else "BB")
    assert await _status(site, forged) == 404


async def _events_until_closed(response: aiohttp.ClientResponse) -> list[bytes]:
    """The `data:` lines a stream sends until it closes (a test timeout if it never does)."""
    events = []
    while line := await asyncio.wait_for(response.content.readline(), 10):
        if line.startswith(b"data:"):
            events.append(line)
    return events


async def _first_event(response: aiohttp.ClientResponse) -> None:
    while not (await asyncio.wait_for(response.content.readline(), 10)).startswith(b"data:"):
        pass


async def test_a_revoked_link_s_open_stream_ends_before_the_next_table(site: Site) -> None:
    host = site.host
    await open_table(host, "doudizhu3", 3, 0)
    events = site.links.live_path(room(host).room_id, room(host).links_epoch).replace(
        "?", "/events?")
    async with aiohttp.ClientSession() as client, client.get(site.base + events) as stream:
        assert stream.status == 200
        await _first_event(stream)  # the table as it is
        done = await host.handle(cmd.RoomSettings(actor(1, admin=True), PLACE,
                                                  changes={"links": "revoke"}))
        assert done.ok, done.text
        seat = room(host).to_act()[0]
        action = room(host).spec.hints(room(host).state, seat)[0]
        await ok(host, cmd.Act(actor(seat), PLACE, text=action))  # the next table
        assert await _events_until_closed(stream) == []


async def test_a_watch_link_opens_its_own_table_not_the_channel_s_next(site: Site) -> None:
    host = site.host
    await ok(host, cmd.NewRoom(actor(0), PLACE, game="doudizhu3"))
    first = site.links.live_path(room(host).room_id, room(host).links_epoch)
    async with aiohttp.ClientSession() as client, \
            client.get(site.base + first.replace("?", "/events?")) as stream:
        await _first_event(stream)
        await ok(host, cmd.Leave(actor(0), PLACE))
        await ok(host, cmd.NewRoom(actor(3), PLACE, game="tianji"))  # the next table there
        assert await _events_until_closed(stream) == []
    assert await _status(site, first) == 404
    second = site.links.live_path(room(host).room_id, room(host).links_epoch)
    assert second != first and await _status(site, second) == 200


CHANNEL_LINK = re.compile(r"http://paiju\.test(/live/\S+c=1\S+)")


async def test_an_admin_asks_for_the_channel_s_link_which_follows_every_table_till_revoked(
        site: Site) -> None:
    host = site.host
    await ok(host, cmd.NewRoom(actor(0), PLACE, game="doudizhu3"))
    refused = await host.handle(cmd.RoomSettings(actor(1), PLACE, changes={"links": "channel"}))
    assert not refused.ok and refused.key == "web.links.admin_only"
    asked = await host.handle(cmd.RoomSettings(actor(1, admin=True), PLACE,
                                               changes={"links": "channel"}))
    assert asked.ok, asked.text
    channel = CHANNEL_LINK.search(asked.text).group(1)
    assert await _status(site, channel) == 200
    await ok(host, cmd.Leave(actor(0), PLACE))
    await ok(host, cmd.NewRoom(actor(3), PLACE, game="tianji"))
    assert await _status(site, channel) == 200  # the channel's next table too
    # Its signature is the channel's: as a table's link (no c=1) it opens nothing.
    assert await _status(site, channel.replace("c=1&", "")) == 404
    done = await host.handle(cmd.RoomSettings(actor(1, admin=True), PLACE,
                                              changes={"links": "revoke"}))
    assert done.ok, done.text
    assert await _status(site, channel) == 404
