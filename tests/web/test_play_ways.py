"""癞子 (RULES §2.1) on the play page, in Chromium: cards tapped and played whose wild card
can be read more than one way are not refused into typing. The host's refusal names each
way (`choices` of the act's answer); the page offers a button per way in place of Play,
asking which; another selection takes them away, and the way pressed is the play made.
In both languages; a phone-sized screenshot of the question."""

from __future__ import annotations

import asyncio

import pytest

from bot.host import commands as cmd
from bot.host.host import Host
from bot.host.room import Room, room_id_for
from bot.host.runtime.clock import ManualClock
from bot.host.views import Phase, Place
from bot.i18n import translate
from bot.web.server import WebServer
from tests.games.doudizhu.readings import ambiguous_play
from tests.host.conftest import PLATFORM, actor, ok
from tests.web.conftest import Browser
from tests.web.test_play_browser import PHONE, tap

COUNTER = "return Number(document.querySelector('#play').dataset.counter || -1)"
WAYS = "return [...document.querySelectorAll('#ways .way')].map(b => b.dataset.action)"


async def deal_with_ways(host: Host, lang: str) -> tuple[Room, int, str, list[str]]:
    """Tables of one person and two AI seats in 癞子, until one where the person bids 3, so
    leads, holding a play of two readings: the room, the person, the cards, the readings."""
    for n in range(12):  # one table each, nobody at two
        place = Place(PLATFORM, f"ways-{n}", "", "guild-1", "Guild")
        person = actor(n, lang)
        await ok(host, cmd.NewRoom(person, place, game="doudizhu3",
                                   options={"variant": "laizi"}))
        for _ in range(2):
            await ok(host, cmd.AddAI(person, place))
        await ok(host, cmd.Start(person, place))
        await host.quiesce()
        room = host.rooms[room_id_for(place)]
        if room.to_act() != [0] or "bid 3" not in room.state.legal_actions(0):
            continue  # an AI bids first: another table
        await ok(host, cmd.Act(person, place, text="bid 3"))
        await host.quiesce()
        room = host.rooms[room.room_id]  # (a room is a new value after each action)
        if room.state.wild is None or room.to_act() != [0]:
            continue
        found = ambiguous_play(room.state, 0)
        if found is not None:
            return room, n, *found
    raise AssertionError("no deal with a play of two readings")


async def select(browser: Browser, cards: str) -> None:
    """Tap a card of each rank of `cards` (one not selected yet)."""
    for rank in cards:
        css = (f"#hand-area .hand .pc:not(.sel)[data-code^='{rank}']" if rank not in "BR"
               else f"#hand-area .hand .pc[data-code='{rank}']")
        await tap(browser, css)
    assert await browser.count("#hand-area .hand .pc.sel") == len(cards)


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_the_ways_to_make_a_wild_play_are_buttons_and_the_one_pressed_is_played(
        served: tuple[Host, WebServer], browser: Browser, lang: str) -> None:
    host, server = served
    room, person, cards, readings = await deal_with_ways(host, lang)
    room_id = room.room_id

    def now() -> Room:
        return host.rooms[room_id]

    assert host.links is not None
    path = host.links.play_path(room.room_id, PLATFORM, f"u{person}", lang)
    await browser.run(browser.driver.set_window_size, *PHONE)
    try:
        await browser.get(f"http://127.0.0.1:{server.port}{path}")
        await browser.wait_for(f"{COUNTER} >= {room.counter}")
        await browser.wait_for("return document.querySelector('#act-play')")
        offered = sorted(f"play {cards}={reading}" for reading in readings)
        await select(browser, cards)
        await tap(browser, "#act-play")
        await browser.wait_for("return document.querySelector('#ways')")
        assert sorted(await browser.js(WAYS)) == offered
        assert now().state.actions[-1] == "bid 3"  # nothing played yet: asked which way
        assert await browser.count("#act-play") == 0  # the ways stand for Play
        assert await browser.text("#ways-q") == translate("web.play.which_way", lang)
        assert await browser.text("#message") == ""  # a question, not a refusal
        labels = await browser.js("return [...document.querySelectorAll('#ways .way')]"
                                  ".map(b => b.textContent)")
        word = " as " if lang == "en" else " 当 "
        assert all(text.startswith("▶ ") and word in text for text in labels), labels
        assert await browser.js("return document.activeElement.classList.contains('way')")
        assert await browser.js("return document.documentElement.scrollWidth") <= PHONE[0]
        await browser.screenshot(f"play-ways-phone-{lang}", PHONE[0])
        await browser.screenshot(f"play-ways-desktop-{lang}")  # (then 1280 wide on)
        # Another selection takes the ways away (Play is back); Play asks again.
        await tap(browser, "#hand-area .hand .pc.sel")
        assert await browser.count("#ways") == 0 and await browser.count("#act-play") == 1
        await tap(browser, "#hand-area .hand .pc:not(.sel)[data-code^='" + cards[0] + "']"
                  if cards[0] not in "BR" else f"#hand-area .hand .pc[data-code='{cards[0]}']")
        await browser.wait_for("return document.querySelector('#ways') === null")
        if await browser.count("#hand-area .hand .pc.sel") != len(cards):  # tapped another
            await tap(browser, "#act-clear")
            await select(browser, cards)
        await tap(browser, "#act-play")
        await browser.wait_for("return document.querySelector('#ways')")
        chosen = offered[-1]
        before = now().counter
        await tap(browser, f"#ways .way[data-action='{chosen}']")
        # The press is the browser's own request: wait for it (generously: a loaded
        # machine answers late, and nothing here is timed).
        for _ in range(1000):
            if now().counter > before:
                break
            await asyncio.sleep(0.02)
        await host.quiesce()
        assert chosen in now().state.actions  # the way pressed is the play made
        await browser.wait_for(f"{COUNTER} >= {now().counter}")
        assert await browser.count("#ways") == 0
        assert now().phase in (Phase.PLAYING, Phase.OVER)
        assert await browser.console_errors() == []
    finally:
        await browser.run(browser.driver.set_window_size, 1280, 900)


async def test_the_ways_go_when_the_table_moves_on(
        served: tuple[Host, WebServer], browser: Browser, clock: ManualClock) -> None:
    host, server = served
    room, person, cards, _ = await deal_with_ways(host, "en")
    assert host.links is not None
    path = host.links.play_path(room.room_id, PLATFORM, f"u{person}", "en")
    await browser.get(f"http://127.0.0.1:{server.port}{path}")
    await browser.wait_for(f"{COUNTER} >= {room.counter}")
    await browser.wait_for("return document.querySelector('#act-play')")
    await select(browser, cards)
    await tap(browser, "#act-play")
    await browser.wait_for("return document.querySelector('#ways')")
    # The turn runs out: the host plays for the seat, and the page follows by itself.
    deadline = host.rooms[room.room_id].deadline
    assert deadline is not None
    clock.advance(deadline - clock.now() + 0.1)
    await asyncio.sleep(0.05)
    await host.quiesce()
    moved = host.rooms[room.room_id]
    assert moved.counter > room.counter and moved.state.actions[-1] != "bid 3"
    await browser.wait_for(f"{COUNTER} >= {moved.counter}")
    assert await browser.count("#ways") == 0
    assert await browser.console_errors() == []
