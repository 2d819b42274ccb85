"""Replays and live tables on a phone (390 × 844) in real Chromium: the page opens at its
title and controls, nothing is wider than the screen, and the live table counts each
seat's cards as a number."""

from __future__ import annotations

import asyncio

from tests.host.conftest import actor, open_table
from tests.web.conftest import Browser, Site
from tests.web.test_boards_browser import played_hands
from tests.web.test_replay_browser import finished_game

PHONE = (390, 844)


async def _phone(browser: Browser) -> None:
    await asyncio.to_thread(browser.driver.set_window_size, *PHONE)


async def test_a_replay_on_a_phone_opens_at_its_title_and_fits_the_screen(
        site: Site, browser: Browser) -> None:
    game_id = await finished_game(site)
    await _phone(browser)
    try:
        await browser.get(site.url(site.links.replay_path(game_id), "en"))
        await browser.wait_for("return document.getElementById('position')")
        assert await browser.js("return window.scrollY") == 0
        top = await browser.js("return document.querySelector('.controls')"
                               ".getBoundingClientRect().bottom")
        assert top <= PHONE[1]
        overflow = await browser.js(
            "return [...document.querySelectorAll('main *')].filter(e => "
            "e.getBoundingClientRect().right > document.documentElement.clientWidth + 1 && "
            "!e.closest('.scroll')).map(e => e.tagName + '.' + e.className).slice(0, 5)")
        assert overflow == []
        assert await browser.js("return document.documentElement.scrollWidth") <= PHONE[0]
        await browser.click("#last")
        await browser.js("document.getElementById('settlement').scrollIntoView()")
        await browser.screenshot("replay-phone")
    finally:
        await asyncio.to_thread(browser.driver.set_window_size, 1280, 900)


async def test_the_live_table_shows_each_seats_cards_left_as_a_number(
        site: Site, browser: Browser) -> None:
    table = await open_table(site.host, "doudizhu3", 3, 0)
    await _phone(browser)
    try:
        await browser.get(site.url(site.links.live_path(table.room_id, table.links_epoch), "en"))
        await browser.wait_for("return document.querySelector('#table .seat .count')")
        counts = await browser.js("return [...document.querySelectorAll('#table .seat')]"
                                  ".map(s => s.querySelector('.count').textContent)")
        assert counts == ["17", "17", "17"]
        assert await browser.js("return document.documentElement.scrollWidth") <= PHONE[0]
    finally:
        await asyncio.to_thread(browser.driver.set_window_size, 1280, 900)


async def test_a_player_page_fits_a_phone_with_each_game_s_replay_in_sight(
        site: Site, browser: Browser) -> None:
    community, _ = await played_hands(site, hands=2)
    player = await site.host.player_id(actor(0))
    await _phone(browser)
    try:
        for lang in ("en", "zh"):
            await browser.get(site.url(site.links.player_path(community, player), lang))
            await browser.wait_for("return document.querySelector('#history a.replay')")
            width = await browser.js("return document.documentElement.clientWidth")
            assert await browser.js("return document.documentElement.scrollWidth") <= PHONE[0]
            table = await browser.js(
                "return document.getElementById('history').getBoundingClientRect().right")
            assert table <= width, (lang, table)
            replays = await browser.js(
                "return [...document.querySelectorAll('#history a.replay')]"
                ".map(a => a.getBoundingClientRect().right)")
            assert len(replays) == 2 and max(replays) <= width, (lang, replays)
        await browser.screenshot("player-phone", width=PHONE[0])
    finally:
        await asyncio.to_thread(browser.driver.set_window_size, 1280, 900)
