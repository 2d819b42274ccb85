"""Replays that teach: the first view of a finished hand starts the strong AI's analysis of
the person's own decisions, off the loop and once however many ask; it is kept, listed at
the top of the replay (the biggest mistakes first) and on each step; the page being analysed
fills it in by itself in Chromium, in both languages and at phone width."""

from __future__ import annotations

import asyncio
import re

import aiohttp

from bot.host import commands as cmd
from bot.host.views import Phase
from bot.web.app import ANALYSER
from tests.host.conftest import PLACE, actor, ok, open_table, room
from tests.web.conftest import Browser, Site
from tests.web.test_replay_browser import finished_game


async def played_by_hand(site: Site) -> str:
    """A 斗地主 hand where the person chooses every move themselves (the last legal action:
    often the biggest play, or a pass: enough mistakes to list); its game id."""
    host = site.host
    await open_table(host, "doudizhu3", 1, 2)
    for _ in range(200):
        await host.quiesce()
        current = room(host)
        if current.phase is not Phase.PLAYING:
            assert current.game_id is not None
            return current.game_id
        legal = current.legal_actions(0)
        await ok(host, cmd.Act(actor(0), PLACE, text=legal[-1]))
    raise AssertionError("the hand did not end")


async def fetch(site: Site, path: str, lang: str = "en") -> tuple[int, str]:
    async with aiohttp.ClientSession() as client, \
            client.get(site.url(path, lang)) as response:
        return response.status, await response.text()


async def test_the_first_views_start_one_analysis_of_the_persons_own_decisions(
        site: Site) -> None:
    game_id = await played_by_hand(site)
    record = await site.host.store.game_record(game_id)
    assert record is not None and record.result is not None
    own = record.result["own"]
    assert own and all(record.actions[i][0] == 0 for i in own)
    analyser = site.server.runner.app[ANALYSER]
    path = site.links.replay_path(game_id)
    pages = await asyncio.gather(*(fetch(site, path) for _ in range(10)))
    assert all(status == 200 for status, _ in pages)
    assert all('id="teach" data-pending="1"' in page for _, page in pages)
    status, _ = await fetch(site, path.replace(f"/replay/{game_id}", f"/replay/{game_id}/teach"))
    assert status in (200, 202)
    await analyser.wait()
    assert analyser.runs == 1  # ten views and a poll, one analysis
    kept = await site.host.store.analysis(game_id)
    assert kept is not None and kept.status == "done"
    decisions = kept.data["decisions"]
    assert decisions, "the person made decisions of their own"
    for decision in decisions:  # only the person's own plays, each where it was made
        assert decision["seat"] == 0 and decision["index"] - 1 in own
        assert record.actions[decision["index"] - 1][1] == decision["played"]
        assert set(decision["words"]["best"]) == {"en", "zh"}
        if decision["loss"] is None:  # a call: the AI's call beside it, without a number
            assert not decision["played"].startswith("play ")
            assert not decision["best"].startswith("play ")
        else:
            assert decision["best"] == "pass" or decision["best"].startswith("play ")
    assert any(d["loss"] is not None for d in decisions)
    losses = {d["index"]: d["loss"] for d in decisions if d["loss"] is not None}
    listed = kept.data["mistakes"]
    assert [losses[i] for i in listed] == sorted((losses[i] for i in listed), reverse=True)
    assert all(losses[i] >= kept.data["threshold"] for i in listed)

    status, page = await fetch(site, path)
    assert status == 200 and 'data-pending' not in page
    section = page.split('id="teach"')[1].split("</section>")[0]
    assert re.findall(r'<ol class="mistakes">(.*?)</ol>', section, re.S) or \
        "No mistakes" in section
    notes = re.findall(r'class="teach-note[^"]*"', page)
    assert len(notes) == len(decisions)
    assert len(re.findall(r'class="teach-note mistake"', page)) == len(listed)
    assert analyser.runs == 1  # kept: the next view computes nothing


async def test_a_hand_carried_by_auto_play_rates_nothing_of_the_person(site: Site) -> None:
    game_id = await finished_game(site, "doudizhu3", people=1, ais=2)  # all 托管
    analyser = site.server.runner.app[ANALYSER]
    status, page = await fetch(site, site.links.replay_path(game_id))
    assert status == 200 and 'id="teach"' in page
    await analyser.wait()
    kept = await site.host.store.analysis(game_id)
    assert kept is not None and kept.status == "done" and kept.data["decisions"] == []
    _, page = await fetch(site, site.links.replay_path(game_id), "zh")
    assert "没有失误" in page


async def test_a_game_that_does_not_teach_shows_no_analysis(site: Site) -> None:
    game_id = await finished_game(site, "tianji", people=1, ais=3)
    status, page = await fetch(site, site.links.replay_path(game_id))
    assert status == 200 and 'id="teach"' not in page
    assert await site.host.store.analysis(game_id) is None


async def test_a_replay_being_analysed_fills_in_by_itself_in_chromium(
        site: Site, browser: Browser) -> None:
    game_id = await played_by_hand(site)
    url = site.url(site.links.replay_path(game_id), "zh")
    await browser.get(url)
    assert "正在分析" in await browser.text("#teach")
    for _ in range(200):  # the script asks every 2 s; the worker starts a fresh interpreter
        if await browser.js("return !document.querySelector('#teach[data-pending]')"):
            break
        await asyncio.sleep(0.2)
    else:
        raise AssertionError("the analysis never showed")
    text = await browser.text("#teach")
    assert "强AI点评" in text and ("本局最大失误" in text or "没有失误" in text)
    await browser.screenshot("teach-zh-filled", 390)
    # A mistake's link shows its step.
    links = await browser.js("return [...document.querySelectorAll('#teach a.goto')]"
                             ".map(a => a.getAttribute('href'))")
    if links:
        await browser.js("document.querySelector('#teach a.goto').click()")
        step = links[0].removeprefix("#step-")
        assert await browser.js("return document.getElementById('replay').dataset.current") \
            == step
    # Reloaded, the page carries the analysis and each step its note; phone width holds.
    await browser.get(site.url(site.links.replay_path(game_id), "en"))
    assert await browser.js("return document.querySelectorAll('.teach-note').length") > 0
    await asyncio.to_thread(browser.driver.set_window_size, 390, 900)
    try:
        assert await browser.js("return document.documentElement.scrollWidth") <= 390
    finally:
        await asyncio.to_thread(browser.driver.set_window_size, 1280, 900)
    assert await browser.console_errors() == []
