"""Every game on the play page, in Chromium, through the game contract only: 田忌赛马's
A/B/C arrangement by taps and by dragging a card onto a group, 打棒子 and two-player 斗地主
played to the end of a hand from the page. The person's key is a signed Play link."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.host.host import Host
from bot.host.views import Phase
from bot.web.server import WebServer
from tests.host.conftest import open_table, room
from tests.web.conftest import Browser
from tests.web.test_play_browser import PHONE, take_turn, tap

COUNTER = "return Number(document.querySelector('#play').dataset.counter || -1)"


async def open_page(host: Host, server: WebServer, browser: Browser, lang: str = "en") -> None:
    assert host.links is not None
    path = host.links.play_path(room(host).room_id, "test", "u0", lang)
    await browser.get(f"http://127.0.0.1:{server.port}{path}")
    await synced(host, browser)


async def synced(host: Host, browser: Browser) -> dict[str, Any]:
    await host.quiesce()
    await browser.wait_for(f"{COUNTER} >= {room(host).counter}")
    return await browser.js("return window.paijuPlay.state")  # type: ignore[no-any-return]


async def changed(host: Host, before: int, timeout: float = 5.0) -> bool:
    """Whether the room moves past `before` within `timeout` (the page's press is on its
    way through the browser when the click returns)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while room(host).counter <= before and loop.time() < end:
        await asyncio.sleep(0.02)
    await host.quiesce()
    return room(host).counter > before


def drag_to_group(driver: Any, card_css: str, group: int) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    card = driver.find_element(By.CSS_SELECTOR, card_css)
    zone = driver.find_element(By.CSS_SELECTOR, f'.zone[data-group="{group}"]')
    ActionChains(driver).click_and_hold(card).move_to_element(zone).release().perform()


async def test_tianji_arranged_by_taps_and_a_drag_onto_a_group(
        served: tuple[Host, WebServer], browser: Browser) -> None:
    host, server = served
    await open_table(host, "tianji", 1, 2)
    await browser.run(browser.driver.set_window_size, *PHONE)
    await open_page(host, server, browser, "zh")
    state = await synced(host, browser)
    assert state["me"]["prompt"]["build"] == "groups"
    hand = state["me"]["hand"]
    assert len(hand) == 6
    # the first card dragged onto group A; then taps: two cards to B (tap twice), three to C
    await browser.run(drag_to_group, browser.driver, f'.hand .pc[data-code="{hand[0]}"]', 1)
    assert await browser.count('.zone[data-group="1"] .pc') == 1
    for code, taps in zip(hand[1:], (2, 2, 3, 3, 3), strict=True):
        for _ in range(taps):
            selector = f'#hand-area .pc[data-code="{code}"]'
            await tap(browser, selector)
    assert [await browser.count(f'.zone[data-group="{g}"] .pc') for g in (1, 2, 3)] == [1, 2, 3]
    await browser.screenshot("play-tianji-phone-zh", PHONE[0])
    before = room(host).counter
    await tap(browser, "#act-play")  # 确认
    assert await changed(host, before)
    state = await synced(host, browser)
    assert await browser.js("return document.querySelector('#message').dataset.refused") == ""
    shown = " ".join(" ".join(cards) for cards in state["me"]["groups"]) \
        + " ".join(" ".join(row["cards"]) for row in state["table"]["rows"])
    assert hand[0] in shown
    assert await browser.console_errors() == []


@pytest.mark.parametrize(("game", "people", "ais"), [("dabangzi", 1, 3), ("doudizhu2", 1, 1)])
async def test_a_hand_to_the_end_from_the_page(served: tuple[Host, WebServer],
                                               browser: Browser, game: str, people: int,
                                               ais: int) -> None:
    host, server = served
    await open_table(host, game, people, ais)
    await open_page(host, server, browser)
    if game == "doudizhu2":  # Sort turns the hand round (big→small ⇄ small→big)
        ranks = ("[...document.querySelectorAll('#hand-area .hand .pc')]"
                 ".map(c => '3456789TJQKA2BR'.indexOf(c.dataset.code[0]))")
        first = await browser.js(f"return {ranks}")
        rising = first == sorted(first)
        assert rising or first == sorted(first, reverse=True)
        await tap(browser, "#act-sort")
        step = "r[i - 1] >= x" if rising else "r[i - 1] <= x"
        before = ",".join(map(str, first))
        await browser.wait_for(f"const r = {ranks}; return r.join() !== '{before}'"
                               f" && r.every((x, i) => i === 0 || {step})")
    moves = 0
    for _ in range(200):
        current = room(host)
        if current.phase is not Phase.PLAYING:
            break
        state = await synced(host, browser)
        if 0 not in room(host).to_act() or state["me"]["prompt"] is None:
            continue
        before = room(host).counter
        await take_turn(browser, state, moves)
        moves += 1
        if not await changed(host, before):  # refused: the page says why
            message = await browser.text("#message")
            raise AssertionError(f"{game}: the page's move was refused: {message} "
                                 f"{state['me']['prompt']} {room(host).to_act()}")
    assert room(host).phase is Phase.OVER and moves
    await browser.wait_for("return document.querySelector('#play').dataset.phase === 'over'")
    await browser.screenshot(f"play-{game}-over")
    assert await browser.console_errors() == []
