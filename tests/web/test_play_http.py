"""The play page over HTTP (no browser): its key, its data, its presses, its refusals.

A real host on SQLite with the web app inside it (as `bot.compose` runs it); the person's
key is the signed Play link Discord's panel carries (Telegram's init data is checked in
test_play_telegram.py)."""

from __future__ import annotations

import json
import re
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass

import aiohttp
import pytest

from bot.host.host import Host
from bot.web.links import Links
from bot.web.server import WebServer, start_web
from tests.host.conftest import HostFactory, actor, open_table, room
from tests.web.conftest import SECRET, WEB_SETTINGS

SUITED = re.compile(r"(?<![A-Za-z0-9])(?:[3-9TJQKA2][shcd]|B|R)(?![A-Za-z0-9])")


@dataclass
class PlaySite:
    host: Host
    server: WebServer
    links: Links

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.server.port}"

    def key(self, n: int, lang: str = "en") -> str:
        """Person n's signed Play link (path and query) at the test room."""
        return self.links.play_path(room(self.host).room_id, "test", f"u{n}", lang)


@pytest.fixture
async def play_site(make_host: HostFactory) -> AsyncIterator[PlaySite]:
    host, _ = await make_host(**WEB_SETTINGS)
    server = await start_web(host.settings, host.store, port=0, host=host)
    assert host.links is not None
    try:
        yield PlaySite(host, server, host.links)
    finally:
        await server.stop()


def split(path: str) -> tuple[str, str]:
    head, _, query = path.partition("?")
    return head, query


async def get_json(session: aiohttp.ClientSession, url: str) -> tuple[int, dict]:
    async with session.get(url) as response:
        return response.status, await response.json()


async def test_a_seat_reads_its_own_hand_and_the_public_table(play_site: PlaySite) -> None:
    host = play_site.host
    await open_table(host, "doudizhu3", 2, 1)
    path, query = split(play_site.key(0))
    async with aiohttp.ClientSession() as session:
        status, data = await get_json(session, f"{play_site.base}{path}/state?{query}")
    assert status == 200 and data["ok"]
    state = data["state"]
    current = room(host)
    assert state["counter"] == current.counter
    assert state["me"]["seat"] == 0
    own = set(SUITED.findall(json.dumps(current.state.private_view(0))))
    assert set(state["me"]["hand"]) <= own and len(state["me"]["hand"]) >= 17
    # nothing of the other person's hand anywhere in the page's data
    other = set(SUITED.findall(json.dumps(current.state.private_view(1))))
    public = set(SUITED.findall(json.dumps(current.state.public_view())))
    mine = set(state["me"]["hand"])
    hidden = other - public - mine
    assert hidden and not hidden & set(SUITED.findall(json.dumps(state)))
    assert [s["cards"] for s in state["table"]["seats"]] \
        == [s["cards"] for s in current.state.public_view()["seats"]]


async def post_act(session: aiohttp.ClientSession, site: PlaySite, n: int, code: str,
                   counter: int) -> tuple[int, dict]:
    path, query = split(site.key(n))
    async with session.post(f"{site.base}{path}/act?{query}",
                            json={"code": code, "counter": counter}) as response:
        return response.status, await response.json()


async def test_a_press_from_the_page_is_the_buttons_press_and_a_stale_one_is_refused(
        play_site: PlaySite) -> None:
    host = play_site.host
    await open_table(host, "doudizhu3", 1, 2)
    async with aiohttp.ClientSession() as session:
        current = room(host)
        while 0 not in current.to_act():  # the AIs answer at once; wait for our turn
            await host.quiesce()
            current = room(host)
        action = current.legal_actions(0)[0]
        before = current.counter
        status, data = await post_act(session, play_site, 0, action, before)
        assert status == 200 and data["ok"], data
        assert room(host).counter > before
        assert data["state"]["counter"] >= before + 1
        # The same press again carries the old counter: refused as a stale button is,
        # in the person's language, and nothing changes.
        await host.quiesce()
        after = room(host).counter
        status, data = await post_act(session, play_site, 0, action, before)
        assert status == 200 and not data["ok"]
        assert data["text"] and room(host).counter == after


async def test_bad_input_gets_a_short_message_and_changes_nothing(play_site: PlaySite) -> None:
    host = play_site.host
    await open_table(host, "doudizhu3", 1, 2)
    path, query = split(play_site.key(0))
    counter = room(host).counter
    async with aiohttp.ClientSession() as session:
        for body in (b"not json", b'{"code": 5, "counter": 1}', b'{"code": "~t33", "counter": 1}',
                     b'{"code": "pass", "counter": -1}', b'{"code": "pass"}'):
            async with session.post(f"{play_site.base}{path}/act?{query}",
                                    data=body) as response:
                assert response.status == 400
                assert (await response.json())["error"] == "That request was not understood."
    assert room(host).counter == counter


async def test_forged_expired_and_other_peoples_keys_are_refused(play_site: PlaySite) -> None:
    host = play_site.host
    await open_table(host, "doudizhu3", 2, 1)
    room_id = room(host).room_id
    path, query = split(play_site.key(0, "zh"))
    async with aiohttp.ClientSession() as session:
        # person 1's key with person 0's name in it
        forged = query.replace("u=u0", "u=u1")
        status, data = await get_json(session, f"{play_site.base}{path}/state?{forged}")
        assert status == 403
        assert data["error"] == "链接或登录信息无效。请从聊天中的手牌重新打开页面。"
        # a key for someone who does not sit here (signed: still not their table)
        outsider = play_site.links.play_path(room_id, "test", "u9", "en")
        status, data = await get_json(session, play_site.base + outsider.replace(
            f"/play/{room_id}?", f"/play/{room_id}/state?"))
        assert status == 403 and data["error"] == "You do not sit at this table."
        # another room's key does not open this one
        other = play_site.links.play_path("zzzzzzzz", "test", "u0")
        status, _ = await get_json(session, play_site.base + f"/play/{room_id}/state?"
                                   + split(other)[1])
        assert status == 403
        # the page itself says why, before any script runs
        async with session.get(f"{play_site.base}{path}?{forged}") as response:
            assert response.status == 403
            assert "链接或登录信息无效" in await response.text()
        # a key signed seven hours ago (its six hours are up) has expired
        old = Links(SECRET, clock=lambda: time.time() - 7 * 3600).play_path(room_id, "test",
                                                                             "u0")
        status, data = await get_json(session, f"{play_site.base}{path}/state?{split(old)[1]}")
    assert status == 410 and data["key"] == "web.play.expired"


async def test_apart_from_the_bot_the_page_says_play_is_not_here(make_host: HostFactory) -> None:
    host, _ = await make_host(**WEB_SETTINGS)
    await open_table(host, "doudizhu3", 1, 2)
    server = await start_web(host.settings, host.store, port=0)  # as `python -m bot web`
    try:
        path = host.links.play_path(room(host).room_id, "test", "u0", "en")
        async with aiohttp.ClientSession() as session:
            async with session.get(f"http://127.0.0.1:{server.port}{path}") as response:
                assert response.status == 503
                assert "Play is not available here" in await response.text()
    finally:
        await server.stop()


async def test_the_card_counter_shows_on_the_page_when_the_room_has_it_on(
        play_site: PlaySite) -> None:
    from bot.host import commands as cmd
    from tests.host.conftest import PLACE, ok

    host = play_site.host
    await open_table(host, "doudizhu3", 1, 2, start=False)
    async with aiohttp.ClientSession() as session:
        await ok(host, cmd.Start(actor(0), PLACE))
        await host.quiesce()
        path, query = split(play_site.key(0, "zh"))
        _, data = await get_json(session, f"{play_site.base}{path}/state?{query}")
        assert not any(line.startswith("记牌器") for line in data["state"]["me"]["lines"])
        assert any(line.startswith("倍数") for line in data["state"]["table"]["lines"])
        await ok(host, cmd.Auto(actor(0), PLACE, on=True))  # the hand ends by itself
        await host.quiesce()
        await ok(host, cmd.RoomSettings(actor(0, "zh"), PLACE, changes={"记牌器": "开"}))
        await ok(host, cmd.Rematch(actor(0), PLACE))
        await ok(host, cmd.Auto(actor(0), PLACE, on=False))
        await host.quiesce()
        _, data = await get_json(session, f"{play_site.base}{path}/state?{query}")
    assert data["state"]["phase"] == "playing"
    assert any(line.startswith("记牌器") for line in data["state"]["me"]["lines"])
