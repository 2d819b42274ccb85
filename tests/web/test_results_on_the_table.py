"""What the console shows at the end is on the web pages too (issue 35, item 11): the duel's
result and referee (and its five dealt cards), 田忌赛马's groups side by side with each
seat's amounts per round, the live 斗地主 table's 报牌 warning and, at the end, the cards
left face up and each seat's amount. In Chromium."""

from __future__ import annotations

from bot.host import commands as cmd
from tests.host.conftest import PLACE, actor, ok, open_table, room
from tests.web.conftest import Browser, Site
from tests.web.test_live_browser import seen

SEATS = "return [...document.querySelectorAll('{scope} .seat')]"


async def _finished(site: Site, game: str, ais: int, **options: object) -> str:
    host = site.host
    await open_table(host, game, 1, ais, start=False, options=options)
    await ok(host, cmd.Auto(actor(0), PLACE, on=True))
    await ok(host, cmd.Start(actor(0), PLACE))
    await host.quiesce()
    assert room(host).phase.value == "over"
    return str(room(host).game_id)


async def test_the_duel_replay_shows_the_five_dealt_the_referee_and_the_result(
        site: Site, browser: Browser) -> None:
    game_id = await _finished(site, "tianji-duel", 1, duel_hand=5)
    record = await site.host.store.game_record(game_id)
    last = len(record.actions)
    await browser.get(site.url(site.links.replay_path(game_id), "en"))
    dealt = await browser.js(SEATS.format(scope="#step-0") +
                             ".map(s => s.querySelectorAll('.hand svg.card').length)")
    assert dealt == [5, 5]
    await browser.click("#last")
    assert await browser.text(f"#step-{last} .referee") != ""
    lines = await browser.text(f"#step-{last} .lines")
    assert "Trick 1" in lines or "trick 1" in lines.lower()
    amounts = await browser.js(SEATS.format(scope=f"#step-{last}") +
                               ".map(s => Number(s.querySelector('.amount b').textContent))")
    assert amounts == record.result["final"]
    assert "tricks" in await browser.text(f"#step-{last} .seat .formula") or \
        "–" in await browser.text(f"#step-{last} .seat .formula")
    await browser.screenshot("duel-five-replay-end", 390)


async def test_the_tianji_result_shows_the_groups_side_by_side_and_the_rounds(
        site: Site, browser: Browser) -> None:
    host = site.host
    table = await open_table(host, "tianji", 1, 2)
    await browser.get(site.url(site.links.live_path(table.room_id, table.links_epoch), "zh"))
    await ok(host, cmd.Auto(actor(0), PLACE, on=True))
    await host.quiesce()
    await seen(browser, room(host).counter)
    record = await host.store.game_record(str(room(host).game_id))
    last = len(record.actions)
    for scope, page in (("#table", None), (f"#step-{last}", "replay")):
        if page:
            await browser.get(site.url(site.links.replay_path(record.game_id), "zh"))
            await browser.click("#last")
        groups = await browser.js(SEATS.format(scope=scope) + ".map(s => [...s.querySelectorAll"
                                  "('.groups .group')].map(g => g.querySelectorAll"
                                  "('svg.card').length))")
        assert groups == [[1, 2, 3]] * 3
        formulas = await browser.js(SEATS.format(scope=scope) +
                                    ".map(s => s.querySelector('.amount .formula').textContent)")
        assert all("①" in f and "②" in f and "③" in f for f in formulas)
        await browser.screenshot(f"tianji-result-{page or 'live'}", 390)


async def test_the_live_doudizhu_table_warns_then_shows_the_cards_left_and_amounts(
        site: Site, browser: Browser) -> None:
    host = site.host
    table = await open_table(host, "doudizhu3", 1, 2)
    await browser.get(site.url(site.links.live_path(table.room_id, table.links_epoch), "en"))
    warned = False
    for _ in range(300):  # hands until one shows a 报牌 while the person is to act
        await host.quiesce()
        if room(host).phase.value != "playing":
            await ok(host, cmd.Start(actor(0), PLACE))
            continue
        public = room(host).state.public()
        if any(seat.warning for seat in public.seats):
            await seen(browser, room(host).counter)
            marks = await browser.js(SEATS.format(scope="#table") +
                                     ".map(s => s.querySelector('.who').textContent)")
            assert [("🚨" in mark) for mark in marks] == [bool(s.warning) for s in public.seats]
            await browser.screenshot("doudizhu-warning", 390)
            warned = True
            break
        hint = room(host).spec.hints(room(host).state, 0)[0]
        await ok(host, cmd.Act(actor(0), PLACE, text=hint))
    assert warned
    await ok(host, cmd.Auto(actor(0), PLACE, on=True))
    await host.quiesce()
    await seen(browser, room(host).counter)
    result = room(host).last_result
    faces = await browser.js(SEATS.format(scope="#table") +
                             ".map(s => s.querySelectorAll('.hand svg.card:not(.back)').length)")
    assert faces == [len(str(left).split()) for left in result["outcome"]["cards_left"]]
    assert await browser.count("#table .seat .hand svg.card.back") == 0
    amounts = await browser.js(SEATS.format(scope="#table") +
                               ".map(s => Number(s.querySelector('.amount b').textContent))")
    assert amounts == [seat["final"] for seat in result["seats"]]
    await browser.screenshot("doudizhu-over", 390)
