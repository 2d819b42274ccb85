"""The play page's rough edges in real Chromium (issue 55 point 9): the result says the
amounts (beans, multiplier) and shows the cards left, as the chat does; a bid's pass button
says No bid (不叫), not Pass; at 1280 px a 20-card hand is one row; a role badge never breaks
across lines at 390 px; a raised (selected) card leaves its neighbour's corner in sight."""

from __future__ import annotations

import pytest

from bot.host import commands as cmd
from bot.host.host import Host
from bot.host.views import Phase
from bot.web.server import WebServer
from tests.host.conftest import PLACE, actor, ok, open_table, room
from tests.web.conftest import Browser
from tests.web.test_play_browser import DESKTOP, PHONE, tap
from tests.web.test_play_games import synced


async def page_of(host: Host, server: WebServer, browser: Browser, seat: int,
                  lang: str) -> dict:
    assert host.links is not None
    user = room(host).seats[seat].user_id
    path = host.links.play_path(room(host).room_id, "test", user, lang)
    await browser.get(f"http://127.0.0.1:{server.port}{path}")
    return await synced(host, browser)


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_a_bids_pass_button_says_no_bid(served: tuple[Host, WebServer],
                                              browser: Browser, lang: str) -> None:
    host, server = served
    await open_table(host, "doudizhu3", 3)
    [seat] = room(host).to_act()
    state = await page_of(host, server, browser, seat, lang)
    assert state["me"]["prompt"]["kind"] == "bid"
    word = await browser.text("#act-pass")
    assert word == ("No bid" if lang == "en" else "不叫"), word


async def test_a_landlords_hand_the_badges_and_a_raised_card_at_both_sizes(
        served: tuple[Host, WebServer], browser: Browser) -> None:
    host, server = served
    await open_table(host, "doudizhu3", 3)
    [seat] = room(host).to_act()
    await ok(host, cmd.Act(actor(int(room(host).seats[seat].user_id[1:])), PLACE,
                           text="bid 3"))  # the landlord, with the bottom: 20 cards
    await host.quiesce()
    await browser.run(browser.driver.set_window_size, *DESKTOP)
    state = await page_of(host, server, browser, seat, "zh")
    assert len(state["me"]["hand"]) == 20
    rows = await browser.js("return new Set([...document.querySelectorAll("
                            "'#hand-area .hand .pc')].map(c => c.offsetTop)).size")
    assert rows == 1  # before: the page stayed ~740 px wide and one card went alone below
    await browser.run(browser.driver.set_window_size, *PHONE)
    await browser.wait_for("return document.querySelector('.pseat .role') !== null")
    lines = await browser.js("return [...document.querySelectorAll('.pseat .role')]"
                             ".map(b => b.getClientRects().length)")
    assert lines and all(n == 1 for n in lines), lines  # 农民 on one line
    # A card in the middle raised: its right neighbour's corner (its rank) is still on top.
    await tap(browser, "#hand-area .hand .pc:nth-child(5)")
    assert await browser.count("#hand-area .hand .pc.sel") == 1
    on_top = await browser.js(
        "const cards = document.querySelectorAll('#hand-area .hand .pc');"
        "const next = cards[5].getBoundingClientRect();"
        "const hit = document.elementFromPoint(next.left + 3, next.top + 6);"
        "return cards[5].contains(hit);")
    assert on_top
    await browser.screenshot("play-edges-phone-zh", PHONE[0])


async def test_the_result_on_the_page_says_amounts_and_shows_the_cards_left(
        served: tuple[Host, WebServer], browser: Browser) -> None:
    host, server = served
    await open_table(host, "doudizhu3", 1, 2)
    await ok(host, cmd.Auto(actor(0), PLACE, on=True))
    for _ in range(400):
        await host.quiesce()
        if room(host).phase is Phase.OVER:
            break
    finished = room(host)
    assert finished.phase is Phase.OVER
    state = await page_of(host, server, browser, 0, "en")
    lines = "\n".join(state["table"]["lines"])
    for seat in finished.last_result["seats"]:
        assert f"{seat['final']:+d}" in lines, lines  # each amount, as the chat says
    assert "beans" in lines and "×" in lines  # the unit and the formula's multiplier
    left = finished.last_result["outcome"]["cards_left"]
    assert [s["left"] for s in state["table"]["seats"]] == [c.split() for c in left]
    losers = [i for i, cards in enumerate(left) if cards]
    assert losers
    for index in losers:
        shown = await browser.count(f'.pseat[data-seat="{index}"] .left .pc')
        assert shown == len(left[index].split())
