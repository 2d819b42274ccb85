"""The live table and the replay laid out as a table (seats around the felt, the last play
in the middle, counts as numbers) for every registered game at 2 to 6 seats, at phone and
desktop sizes, in Chromium (screenshots of each, kept in PAIJU_SCREENSHOTS when set)."""

from __future__ import annotations

import asyncio

import pytest

from bot.games import registry
from bot.host import commands as cmd
from tests.host.conftest import PLACE, actor, ok, open_table, room
from tests.web.conftest import Browser, Site
from tests.web.test_live_browser import seen

PHONE, DESKTOP = 390, 1280
FELT = "document.querySelector('section.step:not([hidden]) .felt, #table .felt')"


def tables() -> list[tuple[str, int]]:
    """Every registered game at its largest table (and at three when it seats three)."""
    found = []
    for game in registry.names():
        spec = registry.spec(game)
        found.append((game, spec.max_players))
        if spec.min_players <= 3 < spec.max_players:
            found.append((game, 3))
    return found


async def _placed(browser: Browser, width: int) -> dict:
    """At this width: the seats' and the middle's boxes, and whether anything overflows."""
    await asyncio.to_thread(browser.driver.set_window_size, width, 900)
    return await browser.js(
        f"const felt = {FELT};"
        "const box = e => { const r = e.getBoundingClientRect();"
        " return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };"
        "return {seats: [...felt.querySelectorAll(':scope > .seat')].map(box),"
        " middle: box(felt.querySelector(':scope > .middle')),"
        " wide: document.documentElement.scrollWidth,"
        " screen: document.documentElement.clientWidth};")


def _around(placed: dict) -> None:
    """Seat 0 sits below the middle, every seat inside the screen, none on another."""
    seats, middle = placed["seats"], placed["middle"]
    assert seats[0]["top"] >= middle["bottom"] - 1
    assert placed["wide"] <= placed["screen"]
    for i, a in enumerate(seats):
        assert a["right"] <= placed["screen"] + 1
        for b in seats[i + 1:]:
            apart = (a["right"] <= b["left"] + 1 or b["right"] <= a["left"] + 1
                     or a["bottom"] <= b["top"] + 1 or b["bottom"] <= a["top"] + 1)
            assert apart, (a, b)


@pytest.mark.parametrize(("game", "seats"), tables())
async def test_the_live_table_and_the_replay_put_the_seats_around_the_middle(
        site: Site, browser: Browser, game: str, seats: int) -> None:
    host = site.host
    table = await open_table(host, game, 1, seats - 1)
    try:
        await browser.get(site.url(site.links.live_path(table.room_id, table.links_epoch), "en"))
        await seen(browser, room(host).counter)
        counts = await browser.js("return [...document.querySelectorAll('#table .seat')]"
                                  ".map(s => s.querySelector('.count')?.textContent)")
        counted = room(host).state.public().cards_left  # () in a game that does not count
        assert counts == ([str(n) for n in counted] if counted else [None] * seats)
        for width in (PHONE, DESKTOP):
            _around(await _placed(browser, width))
            await browser.screenshot(f"{game}-{seats}-live-{width}", width)
        await ok(host, cmd.Auto(actor(0), PLACE, on=True))
        await host.quiesce()
        await seen(browser, room(host).counter)
        for width in (PHONE, DESKTOP):
            _around(await _placed(browser, width))
            await browser.screenshot(f"{game}-{seats}-over-{width}", width)
        for lang in ("en", "zh"):
            await browser.get(site.url(site.links.replay_path(room(host).game_id), lang))
            for width in (PHONE, DESKTOP):
                _around(await _placed(browser, width))
                await browser.screenshot(f"{game}-{seats}-replay-deal-{lang}-{width}", width)
            await browser.click("#last")
            for width in (PHONE, DESKTOP):
                _around(await _placed(browser, width))
                await browser.screenshot(f"{game}-{seats}-replay-end-{lang}-{width}", width)
        assert await browser.console_errors() == []
    finally:
        await asyncio.to_thread(browser.driver.set_window_size, DESKTOP, 900)
