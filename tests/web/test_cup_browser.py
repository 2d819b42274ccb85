"""A competition's page in real Chromium, in both languages: the published seed, the draw
of every deal with each table's seats and scores, every hand a replay link, the duplicate
results seat by seat, the final places; a hostile name shown as text."""

from __future__ import annotations

from bot.host import commands as cmd
from bot.host.runtime.clock import ManualClock
from bot.tournament import commands as cup_cmd
from bot.tournament.competition import FINISHED
from bot.tournament.intents import cup_command
from bot.tournament.service import CupService
from tests.host.conftest import PLACE, PLATFORM, actor, ok
from tests.tournament.conftest import play_out_in_auto
from tests.web.conftest import Browser, Site

EVIL = '<img src=x onerror="window.pwned=1">مرحبا🀄'


async def played_cup(site: Site, clock: ManualClock) -> tuple[CupService, int]:
    """A duplicate competition of three people (one with a hostile name) and three AI seats,
    two deals, played to the end in 托管."""
    host = site.host
    service = CupService(host)
    await service.start()
    people = [actor(1), cmd.Actor(PLATFORM, "evil", EVIL, "en"), actor(3)]
    await ok(host, cup_command(actor(0, admin=True), PLACE,
                               ["new", "Web", "cup", "preset=duplicate", "hands=2", "ai=3",
                                "seed=web", "window=0"]))
    for person in people:
        await ok(host, cup_cmd.CupSignUp(person, PLACE))
    await ok(host, cup_cmd.CupClose(actor(0, admin=True), PLACE))
    cup = max(service.cups.values(), key=lambda c: c.cup_id)
    await play_out_in_auto(host, service, cup, clock, lambda n: people[n - 1], limit=2000)
    assert cup.phase == FINISHED
    return service, cup.cup_id


async def test_a_competition_page_shows_the_draw_hands_and_places_in_both_languages(
        site: Site, browser: Browser, clock: ManualClock) -> None:
    service, cup_id = await played_cup(site, clock)
    cup = service.cups[cup_id]
    try:
        await browser.get(site.url(site.links.cup_path(cup_id), "en"))
        assert await browser.text("h1") == "🏆 Web cup"
        assert "web" in await browser.text("#seed")
        assert await browser.count("section.stage") == 2
        assert await browser.count("table.tables tbody tr") == 4  # two deals, two tables
        assert await browser.count("a.replay") == 4
        assert await browser.count("table.deal") == 2
        assert await browser.count("#places li") == 3
        assert EVIL in await browser.text("#places")
        assert await browser.js("return window.pwned === undefined")
        assert await browser.count("main img") == 0
        assert "Deal 1 of 2" in await browser.text("section.stage h2")
        assert await browser.console_errors() == []
        await browser.screenshot("cup-en")
        await browser.click("#lang-switch")  # a link: the Chinese page loads after the click
        await browser.wait_for("return document.documentElement.lang === 'zh-Hans'")
        assert "最终名次" in await browser.text("section.places h2")
        assert "第 1/2 副" in await browser.text("section.stage h2")
        await browser.screenshot("cup-zh")
        await browser.click("a.replay")
        assert "replay of" in await browser.text("h1") or "回放" in await browser.text("h1")
        # A link signed for one competition opens no other.
        signature = site.links.cup_path(cup_id).split("?k=")[1]
        await browser.get(site.url(f"/cup/{cup_id + 1}?k={signature}", "en"))
        assert await browser.text("h1") == "Not found"
    finally:
        await service.close()
    assert cup.places


async def test_a_pairs_knockout_page_names_each_players_team(
        site: Site, browser: Browser, clock: ManualClock) -> None:
    # 打棒子's 单淘汰制 of teams of two: four seats a table, the partners alternate, and the
    # page says whose team each player is (a hostile team name shown as text).
    host = site.host
    service = CupService(host)
    await service.start()
    people = [actor(n) for n in range(1, 7)]
    teams = ["Red", "Red", EVIL, EVIL, "Jade", "Jade"]
    await ok(host, cup_command(actor(0, admin=True), PLACE,
                               ["new", "Pairs", "preset=pairs_knockout", "match=off",
                                "seed=web", "window=0"]))
    for person, team in zip(people, teams, strict=True):
        await ok(host, cup_command(person, PLACE, ["team", team]))
    await ok(host, cup_cmd.CupClose(actor(0, admin=True), PLACE))
    cup = max(service.cups.values(), key=lambda c: c.cup_id)
    try:
        await play_out_in_auto(host, service, cup, clock, lambda n: people[n - 1])
        assert cup.phase == FINISHED
        await browser.get(site.url(site.links.cup_path(cup.cup_id), "en"))
        assert "knockout of teams of 2" in await browser.text("p.summary")
        first = await browser.text("section.stage table.tables tbody tr td ol")
        assert first.count("·") == 4  # four seats, each with its team
        stages = await browser.text("section.stage h2")
        assert stages.startswith("Round 1")
        places = await browser.text("#places")
        assert places.count("Red") == 2 and places.count("Jade") == 2
        assert places.count(EVIL[:30]) == 2  # team names keep 30 characters
        assert await browser.js("return window.pwned === undefined")
        assert await browser.console_errors() == []
        await browser.screenshot("cup-pairs-en")
    finally:
        await service.close()
