"""The play page in real Chromium against a running bot on the fake Telegram: the Mini App
button of the private panel opens it with init data signed as Telegram signs it; whole
斗地主 hands are played by taps on the page (phone and desktop sizes, both languages), and
another player's page never holds your cards (read from the page's own data).

Screenshots go to the test's tmp dir (and PAIJU_SCREENSHOTS when set)."""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import pytest
from pydantic import SecretStr

from bot.host.views import Phase
from bot.web.play import sign_init_data
from bot.web.server import WebServer, start_web
from tests.adapters.telegram.harness import (
    FAST,
    LeakGuard,
    Players,
    Table,
    checked_table,
    pair_table,
    solo_table,
)
from tests.fakes.telegram_api import FakeUser
from tests.web.conftest import SECRET, Browser

PUBLIC_URL = "https://paiju.test"
STATE = "return window.paijuPlay && window.paijuPlay.state"
PHONE = (390, 844)
DESKTOP = (1280, 900)


@dataclass
class Bot:
    """The bot on the fake Telegram with its web pages inside (as `python -m bot` runs)."""

    tg: Table
    server: WebServer

    def local(self, url: str) -> str:
        """A public page URL (https://paiju.test/...) on this test's local server."""
        parts = urlsplit(url)
        return f"http://127.0.0.1:{self.server.port}{parts.path}?{parts.query}"


@pytest.fixture
async def bot(tmp_path: Path, caplog: pytest.LogCaptureFixture,
              browser: Browser) -> AsyncIterator[Bot]:
    caplog.set_level(logging.INFO)
    guard = LeakGuard()

    def make(fake: Any) -> Table:
        table = Table(fake, tmp_path / "data" / "paiju.sqlite3", guard, FAST)
        table.settings = table.settings.model_copy(update={
            "web_url": PUBLIC_URL, "web_secret": SecretStr(SECRET), "web_port": 8080})
        return table

    async with checked_table(guard, make) as tg:
        assert tg.host is not None
        server = await start_web(tg.settings, tg.host.store, port=0, host=tg.host)
        try:
            yield Bot(tg, server)
        finally:
            await browser.get("about:blank")  # the page's stream must not outlive its server
            await server.stop()
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR
              and r.name.startswith(("adapters", "bot", "storage"))]
    assert not errors, "\n".join(f"{r.name}: {r.getMessage()}" for r in errors)


def mini_app_url(tg: Table, user: FakeUser) -> str:
    """The URL of the web_app button on the user's newest panel."""
    panel = tg.panel(user)
    assert panel is not None
    found = [b["web_app"]["url"] for row in panel["reply_markup"]["inline_keyboard"]
             for b in row if "web_app" in b]
    assert len(found) == 1, panel["reply_markup"]
    return str(found[0])


def init_data(tg: Table, user: FakeUser, auth_date: int | None = None) -> str:
    """Init data as Telegram hands it to a Mini App, signed with the bot's token."""
    fields = {"query_id": f"AAQ{user.id}", "auth_date": str(auth_date or int(time.time())),
              "user": json.dumps({"id": user.id, "first_name": user.first_name,
                                  "language_code": "en"}, separators=(",", ":"))}
    return sign_init_data(fields, tg.fake.token)


def opened(url: str, data: str) -> str:
    """The URL Telegram opens: the init data in the fragment (`#tgWebAppData=`)."""
    return f"{url}#tgWebAppData={quote(data, safe='')}&tgWebAppVersion=8.0&tgWebAppPlatform=web"


async def tap(browser: Browser, css: str) -> None:
    """Click the element (found again if the page redrew it under the pointer)."""
    from selenium.common.exceptions import StaleElementReferenceException

    for attempt in range(5):
        try:
            await browser.click(css)
            return
        except StaleElementReferenceException:
            if attempt == 4:
                raise
            await asyncio.sleep(0.05)


async def page_state(browser: Browser) -> dict[str, Any]:
    return await browser.js(STATE)  # type: ignore[no-any-return]


async def in_sync(bot: Bot, players: Players, browser: Browser) -> dict[str, Any]:
    """Wait until the page shows the room's counter (it follows by itself); its state."""
    await bot.tg.host.quiesce(10)  # type: ignore[union-attr]
    counter = players.room().counter
    await browser.wait_for(f"return Number(document.querySelector('#play').dataset.counter"
                           f" || -1) >= {counter}")
    return await page_state(browser)


async def take_turn(browser: Browser, state: dict[str, Any], turn: int) -> str:
    """Play this turn by tapping on the page: bids by their button, plays by tapping cards
    (a run by dragging across, or the Hint's cards) then Play; Pass when nothing is hinted."""
    prompt = state["me"]["prompt"]
    if prompt["build"] != "ranks":
        await tap(browser, "#hand-area .pcontrols button.choice, #act-pass")
        return "choice"
    if turn == 0 and not prompt["can_pass"]:  # leading: one card tapped by hand
        await tap(browser, "#hand-area .hand .pc")
        assert await browser.count("#hand-area .hand .pc.sel") == 1
        await tap(browser, "#act-play")
        return "tap"
    await tap(browser, "#act-hint")
    await browser.wait_for("return document.querySelector('#message').textContent")
    if await browser.count("#hand-area .hand .pc.sel") and await browser.js(
            "return !document.querySelector('#act-play').disabled"):
        await tap(browser, "#act-play")
        return "hint"
    await tap(browser, "#act-pass")
    return "pass"


async def play_hand(bot: Bot, players: Players, browser: Browser, user: FakeUser,
                    shots: str, width: int) -> list[str]:
    """Alice plays the whole hand from the page; screenshots on the way."""
    done: list[str] = []
    for turn in range(80):
        room = players.room()
        if room.phase is not Phase.PLAYING:
            break
        state = await in_sync(bot, players, browser)
        seat = state["me"]["seat"]
        if seat not in room.to_act() or state["me"]["prompt"] is None:
            await bot.tg.until(lambda c=room.counter: players.room().counter > c, 10)
            continue
        if turn == 0:
            await browser.screenshot(f"{shots}-first-turn", width)
        before = room.counter
        done.append(await take_turn(browser, state, len(done)))
        await bot.tg.until(lambda b=before: players.room().counter > b
                           or players.room().phase is not Phase.PLAYING, 10)
    await in_sync(bot, players, browser)
    return done


async def test_a_whole_hand_through_the_mini_app_on_a_phone(bot: Bot, browser: Browser) -> None:
    tg = bot.tg
    group, alice, players = await solo_table(tg)
    await tg.settle()
    url = mini_app_url(tg, alice)
    room_id = players.room().room_id
    assert url == f"{PUBLIC_URL}/play/{room_id}?p=telegram&lang=en"
    # Telegram's web_app buttons are for private chats: the group's table has none.
    group_rows = tg.table_message(group)["reply_markup"]["inline_keyboard"]
    assert not any("web_app" in b for row in group_rows for b in row)

    await browser.run(browser.driver.set_window_size, *PHONE)
    await browser.get(opened(bot.local(url), init_data(tg, alice)))
    state = await in_sync(bot, players, browser)
    assert sorted(state["me"]["hand"]) == sorted(players.room().state.private(0).hand.split())
    # Dragging across three cards selects the run; dragging again from a selected card
    # unselects it.
    await browser.run(drag_across, browser.driver, 3)
    assert await browser.count("#hand-area .hand .pc.sel") == 3
    await browser.run(drag_across, browser.driver, 3)
    assert await browser.count("#hand-area .hand .pc.sel") == 0
    done = await play_hand(bot, players, browser, alice, "play-phone-en", PHONE[0])
    room = await players.finished()
    assert room.phase is Phase.OVER and done
    await browser.wait_for("return document.querySelector('#play').dataset.phase === 'over'")
    await browser.screenshot("play-phone-en-over", PHONE[0])
    # 360 px: nothing wider than the screen
    await browser.run(browser.driver.set_window_size, 360, 800)
    wide = await browser.js("return document.documentElement.scrollWidth")
    assert wide <= 360
    assert await browser.console_errors() == []
    latencies = await browser.js("return window.paijuPlay.latencies")
    print(f"tap → table update in the page: {len(latencies)} taps, "
          f"max {max(latencies):.1f} ms")


def drag_across(driver: Any, count: int) -> None:
    """Press on the first card of the hand, move over the next `count - 1`, release."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    cards = driver.find_elements(By.CSS_SELECTOR, "#hand-area .hand .pc")[:count]
    chain = ActionChains(driver).click_and_hold(cards[0])
    for card in cards[1:]:
        chain = chain.move_to_element(card)
    chain.release().perform()


SUITED = re.compile(r"(?<![A-Za-z0-9])(?:[3-9TJQKA2][shcd])(?![A-Za-z0-9])")


def hidden_from(room: Any, seat: int) -> set[str]:
    """The suited cards of the other seats' hands that the table has not shown."""
    state = room.state
    public = set(SUITED.findall(json.dumps(state.public_view())))
    others = set()
    for other in range(len(room.seats)):
        if other != seat:
            others |= set(SUITED.findall(json.dumps(state.private_view(other))))
    return others - public


async def test_two_people_play_a_hand_on_desktop_in_chinese_each_page_holding_only_its_own_hand(
        bot: Bot, browser: Browser) -> None:
    tg = bot.tg
    group = tg.fake.new_group("牌友")
    alice = tg.fake.new_user("阿丽", language_code="zh")
    bob = tg.fake.new_user("小宝", language_code="zh")
    players = await pair_table(tg, group, alice, bob)
    await tg.settle()
    await browser.run(browser.driver.set_window_size, *DESKTOP)
    tabs = {}
    for user in (alice, bob):
        url = mini_app_url(tg, user)
        assert url.endswith("lang=zh")
        if tabs:
            await browser.run(browser.driver.switch_to.new_window, "tab")
        await browser.get(opened(bot.local(url), init_data(tg, user)))
        tabs[user.id] = await browser.run(lambda: browser.driver.current_window_handle)
        await browser.wait_for("return document.querySelector('#hand-area .pcontrols')")
    seats = {u.id: next(i for i, s in enumerate(players.room().seats)
                        if s.user_id == str(u.id)) for u in (alice, bob)}
    moves = 0
    for _ in range(120):
        room = players.room()
        if room.phase is not Phase.PLAYING:
            break
        await tg.host.quiesce(10)  # type: ignore[union-attr]
        room = players.room()
        acting = [u for u in (alice, bob) if seats[u.id] in room.to_act()]
        if not acting:
            await tg.until(lambda c=room.counter: players.room().counter > c
                           or players.room().phase is not Phase.PLAYING, 10)
            continue
        user = acting[0]
        await browser.run(browser.driver.switch_to.window, tabs[user.id])
        state = await in_sync(bot, players, browser)
        # the page's own data: its seat's hand, never a card hidden in another hand
        assert not hidden_from(room, seats[user.id]) & set(SUITED.findall(json.dumps(state)))
        if state["me"]["prompt"] is None:  # 要不起: the pass plays itself
            await tg.until(lambda c=room.counter: players.room().counter > c, 10)
            continue
        if moves == 2:
            await browser.screenshot("play-desktop-zh-playing", DESKTOP[0])
        before = room.counter
        await take_turn(browser, state, moves)
        moves += 1
        await tg.until(lambda b=before: players.room().counter > b
                       or players.room().phase is not Phase.PLAYING, 10)
    room = await players.finished()
    for user in (alice, bob):
        await browser.run(browser.driver.switch_to.window, tabs[user.id])
        await browser.wait_for("return document.querySelector('#play').dataset.phase === 'over'")
        assert "再来一局" in await browser.text("#hand-area .pcontrols")
    await browser.screenshot("play-desktop-zh-over", DESKTOP[0])
    assert moves >= 2
    assert await browser.console_errors() == []
    await browser.run(browser.driver.close)
    await browser.run(browser.driver.switch_to.window, tabs[alice.id])


async def test_forged_expired_or_someone_elses_init_data_opens_nothing(
        bot: Bot, browser: Browser) -> None:
    tg = bot.tg
    group, alice, players = await solo_table(tg)
    await tg.settle()
    url = bot.local(mini_app_url(tg, alice))
    tries = iter(range(10))

    async def open_with(data: str | None) -> None:  # a new page each time, not a new hash
        page = f"{url}&try={next(tries)}"
        await browser.get(page if data is None else opened(page, data))

    refused = "return document.querySelector('#play').dataset.refused === '1'"
    # forged: Alice's init data with one field changed after signing
    forged = init_data(tg, alice).replace("Alice", "Alicia")
    await open_with(forged)
    await browser.wait_for(refused)
    assert await browser.text("#message") == ("This link or sign-in is not valid. Open the page "
                                              "again from your hand in the chat.")
    assert await browser.count("#hand-area .pc") == 0
    # signed with another bot's token
    fields = {"auth_date": str(int(time.time())), "user": json.dumps({"id": alice.id})}
    await open_with(sign_init_data(fields, "123:another-bot"))
    await browser.wait_for(refused)
    # expired: signed by Telegram two hours ago (the age limit is one hour)
    await open_with(init_data(tg, alice, int(time.time()) - 7200))
    await browser.wait_for(refused)
    assert "expired" in await browser.text("#message")
    # someone else's, rightly signed: they do not sit at this table
    carol = tg.fake.new_user("Carol")
    await open_with(init_data(tg, carol))
    await browser.wait_for(refused)
    assert await browser.text("#message") == "You do not sit at this table."
    # no init data at all (opened outside Telegram)
    await open_with(None)
    await browser.wait_for(refused)
    assert "Telegram" in await browser.text("#message")
    assert await browser.count("#hand-area .pc") == 0
