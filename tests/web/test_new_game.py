"""A game that is only its folder (tests/games/kept/), on the web pages in Chromium: its
live table follows the moves (card counts, the last play drawn), and its replay re-deals
every hand, steps through each action with the cards played, and books the amounts."""

from __future__ import annotations

import re

import aiohttp

from bot.host import commands as cmd
from tests.games.contract.conftest_highcard import highcard  # noqa: F401 - the fixture
from tests.host.conftest import PLACE, actor, ok, open_table, room
from tests.web.conftest import Browser, Site
from tests.web.test_live_browser import seen

CARD = re.compile(r'<svg class="card" role="img" aria-label="[^"]+"')


async def test_a_new_game_has_a_live_table_and_a_replay(
        highcard: str, site: Site, browser: Browser) -> None:  # noqa: F811
    host = site.host
    table = await open_table(host, highcard, 1, 2)
    await browser.get(site.url(site.links.live_path(table.room_id, table.links_epoch), "en"))
    await seen(browser, room(host).counter)
    counts = await browser.js("return [...document.querySelectorAll('#table .seat')]"
                              ".map(s => Number(s.dataset.cards))")
    assert counts == [3, 3, 3]
    move = room(host).state.legal_actions(0)[0]
    await ok(host, cmd.Act(actor(0), PLACE, text=move))
    await host.quiesce()
    await seen(browser, room(host).counter)
    played = await browser.count("#table .middle .play svg.card")
    assert played >= 1  # the last play is drawn face up in the middle
    assert await browser.count("#table .seat .hand svg.card:not(.back)") == 0
    await browser.screenshot("new-game-live")
    await ok(host, cmd.Auto(actor(0), PLACE, on=True))
    await host.quiesce()
    finished = room(host)
    assert finished.phase.value == "over" and finished.game_id is not None
    record = await host.store.game_record(finished.game_id)
    async with aiohttp.ClientSession() as client, \
            client.get(site.url(site.links.replay_path(finished.game_id), "zh")) as response:
        page = await response.text()
    assert response.status == 200 and "比大小" in page
    sections = re.findall(r'<section class="step".*?</section>', page, re.S)
    assert len(sections) == len(record.actions) + 1
    hands = re.findall(r'<div class="hand"[^>]*>(.*?)</div>', sections[0], re.S)
    assert sum(len(CARD.findall(hand)) for hand in hands) == 9  # every hand open
    assert all('<div class="played">' in section for section in sections[1:])
    settlement = page.split('id="settlement"')[1]
    amounts = [int(a) for a in re.findall(r'<td class="final">([+-]\d+)', settlement)]
    assert amounts == record.result["final"] and sum(amounts) == 0
    await browser.get(site.url(site.links.replay_path(finished.game_id), "en"))
    assert await browser.count("section.step:not([hidden])") == 1
    await browser.screenshot("new-game-replay")
