"""打棒子 on the web pages in Chromium: its live table shows the partnerships, the 魂儿
(trumps) and the trick in the middle, and its kitty only once shown; its replay ends with
the kitty, the hand's result and each seat's amount; its result card names the winning
team and each side."""

from __future__ import annotations

import asyncio
import re

from bot.host import commands as cmd
from bot.pictures import Pictures
from tests.host.conftest import PLACE, actor, ok, open_table, room
from tests.web.conftest import Browser, Site
from tests.web.test_live_browser import seen
from tests.web.test_replay_browser import finished_game

PHONE = 390


async def _to_a_trick(site: Site) -> None:
    """Play the person's seat by the hints until a trick is on the table and it is to act."""
    host = site.host
    for _ in range(200):
        await host.quiesce()
        public = room(host).state.public()
        if public.phase == "play" and public.trick and 0 in room(host).state.to_act():
            return
        if 0 in room(host).state.to_act():
            hint = room(host).spec.hints(room(host).state, 0)[0]
            await ok(host, cmd.Act(actor(0), PLACE, text=hint))
    raise AssertionError("no trick came")


async def test_the_live_table_shows_the_partners_the_trumps_and_the_trick(
        site: Site, browser: Browser) -> None:
    host = site.host
    table = await open_table(host, "dabangzi", 1, 3)
    await _to_a_trick(site)
    public = room(host).state.public()
    for lang, team in (("en", r"Team ([AB])"), ("zh", r"([AB]) 队")):
        await browser.get(site.url(site.links.live_path(table.room_id, table.links_epoch), lang))
        await seen(browser, room(host).counter)
        seats = await browser.js("return [...document.querySelectorAll('#table .seat .who')]"
                                 ".map(w => w.textContent)")
        sides = [re.search(team, text).group(1) for text in seats]
        assert sides[0] == sides[2] != sides[1] == sides[3]  # partners sit opposite
        hun = await browser.js("return [...document.querySelectorAll("
                               "'#table .middle .row.hun svg.card')].map(c => c.ariaLabel)")
        assert len(hun) == 1
        plays = await browser.js("return [...document.querySelectorAll("
                                 "'#table .middle .trick .play')].map(p => Number(p.dataset.seat))")
        assert plays == sorted(seat for seat, _ in public.trick)
        assert await browser.count("#table .middle .latest") == 1
        assert (await browser.count("#table .middle .row.kitty") > 0) == bool(public.kitty)
        for width in (PHONE, 1280):
            await browser.screenshot(f"dabangzi-trick-{lang}-{width}", width)
    assert await browser.console_errors() == []


async def test_the_replay_ends_with_the_kitty_the_result_and_the_amounts(
        site: Site, browser: Browser) -> None:
    game_id = await finished_game(site, "dabangzi", 1, 3)
    record = await site.host.store.game_record(game_id)
    await browser.get(site.url(site.links.replay_path(game_id), "en"))
    await browser.click("#last")
    end = f"#step-{len(record.actions)}"
    assert await browser.count(f"{end} .middle .row.kitty svg.card") == 8
    amounts = await browser.js(f"return [...document.querySelectorAll('{end} .seat .amount b')]"
                               ".map(b => Number(b.textContent))")
    assert amounts == record.result["final"]
    assert "Attackers" in await browser.text(f"{end} .lines")
    # A trick's last card: the referee says who took the trick (the engine's words).
    referees = await browser.js("return [...document.querySelectorAll('.step .referee')]"
                                ".map(r => r.textContent)")
    assert sum(1 for said in referees if said) >= len(record.actions) // 8
    try:
        await asyncio.to_thread(browser.driver.set_window_size, PHONE, 900)
        assert await browser.js("return document.documentElement.scrollWidth") <= PHONE
    finally:
        await asyncio.to_thread(browser.driver.set_window_size, 1280, 900)
    await browser.screenshot("dabangzi-replay-end", PHONE)


async def test_the_result_card_names_the_winning_team_and_each_side(site: Site) -> None:
    host = site.host
    await finished_game(site, "dabangzi", 1, 3)
    result = [v for v in site.recorder.tables if v.result is not None][-1].result
    public = room(host).state.public()
    assert result.headline == f"dbz_team_{public.results[-1].winner}"
    assert result.tricks == (tuple(public.results[-1].kitty),)
    for lang in ("en", "zh"):
        picture = Pictures().result(result, lang)
        labels = " ".join(picture.layout.labels)
        assert "pictures." not in labels and "dbz." not in labels
        assert ("DEALER" if lang == "en" else "庄家") in labels
        drawn = [card.code for card in picture.layout.cards]
        assert sorted(drawn) == sorted(public.results[-1].kitty)
