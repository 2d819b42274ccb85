"""A community's leaderboards and a player's page in real Chromium, in both languages: every
metric and period, names that try to be HTML (and right-to-left, and emoji) shown as text."""

from __future__ import annotations

from bot.host import commands as cmd
from tests.host.conftest import PLACE, PLATFORM, actor, ok
from tests.web.conftest import Browser, Site

EVIL = '<img src=x onerror="window.pwned=1">مرحبا🀄'


async def played_hands(site: Site, hands: int = 3) -> tuple[int, cmd.Actor]:
    """`hands` hands of 斗地主 at PLACE: Player0, a person with a hostile name, an AI."""
    host = site.host
    evil = cmd.Actor(PLATFORM, "evil", EVIL, "en")
    await ok(host, cmd.NewRoom(actor(0), PLACE, game="doudizhu3"))
    await ok(host, cmd.Join(evil, PLACE))
    await ok(host, cmd.AddAI(actor(0), PLACE))
    for person in (actor(0), evil):
        await ok(host, cmd.Auto(person, PLACE, on=True))
    for hand in range(hands):
        await ok(host, (cmd.Start if hand == 0 else cmd.Rematch)(actor(0), PLACE))
        await host.quiesce()
    community = await host.community_id(PLACE)
    assert community is not None
    return community, evil


async def test_a_leaderboard_page_lists_every_metric_and_period_and_leads_to_players(
        site: Site, browser: Browser) -> None:
    community, evil = await played_hands(site)
    await browser.get(site.url(site.links.board_path(community), "en"))
    assert await browser.text("h1") == "🏆 Guild"
    rows = await browser.js("return [...document.querySelectorAll('#board tbody tr')]"
                            ".map(r => r.cells[1].textContent)")
    assert sorted(rows) == sorted(["Player0", EVIL])  # the name is text, not markup
    assert await browser.js("return window.pwned === undefined")
    assert await browser.count("#board img") == 0
    assert await browser.js("return document.querySelector('#board bdi') !== null")
    tabs = await browser.js("return [...document.querySelectorAll('nav.metrics a')]"
                            ".map(a => a.textContent)")
    assert tabs == ["Beans", "Points", "Cup points", "Games", "Wins", "Win rate",
                    "Landlord win rate", "Rating"]
    await browser.screenshot("lb-en")

    await browser.click("nav.metrics a:nth-child(4)")  # Games
    assert await browser.js("return document.querySelector('#board').dataset.metric") == "games"
    values = await browser.js("return [...document.querySelectorAll('#board td.value')]"
                              ".map(c => c.textContent)")
    assert values == ["3", "3"]
    await browser.click("nav.periods a:nth-child(3)")  # This season
    board = await browser.js("return Object.assign({}, document.querySelector('#board')"
                             ".dataset)")
    assert board["metric"] == "games" and board["period"] == "season" and board["season"]
    assert "(running)" in await browser.text("#board caption")
    await browser.click("nav.periods a:nth-child(2)")  # This week
    assert await browser.js("return document.querySelector('#board').dataset.period") == "week"

    # A player's page: lifetime record, seasons, games with replays, beans chart.
    evil_row = await browser.js(
        "return [...document.querySelectorAll('#board tbody tr')].findIndex("
        "r => r.cells[1].textContent === arguments[0]) + 1", EVIL)
    await browser.click(f"#board tbody tr:nth-child({evil_row}) a")
    assert await browser.text("#player-name") == EVIL
    assert "3 games" in await browser.text("#lifetime")
    roles = await browser.text("#roles")  # each game's roles in its words, as /me says them
    assert "Dou Dizhu (斗地主) · " in roles and "played" in roles
    assert await browser.count("#history tbody tr") == 3
    assert await browser.count("#seasons tbody tr") == 1
    points = await browser.js("return Number(document.querySelector('#beans-chart')"
                              ".dataset.points)")
    assert points >= 4  # the starting grant and three games
    assert await browser.js("return window.pwned === undefined")
    assert await browser.console_errors() == []
    await browser.screenshot("player-en")
    await browser.click("#history tbody tr:first-child a.replay")
    assert "replay of" in await browser.text("h1")


async def test_a_leaderboard_page_reads_in_chinese(site: Site, browser: Browser) -> None:
    community, _ = await played_hands(site, hands=2)
    await browser.get(site.url(site.links.board_path(community, metric="wins"), "zh"))
    assert await browser.js("return document.documentElement.lang") == "zh-Hans"
    assert await browser.text("nav.metrics a.current") == "胜局"
    assert await browser.text("nav.periods a.current") == "总榜"
    assert await browser.text("#board thead th:first-child") == "名次"
    await browser.screenshot("lb-zh")
    await browser.click("#board tbody tr:first-child a")
    assert await browser.text("#back") == "← 排行榜"
    assert "欢乐豆走势" in await browser.text("main")
    await browser.screenshot("player-zh")


async def test_a_board_link_signed_for_one_community_opens_no_other(
        site: Site, browser: Browser) -> None:
    community, _ = await played_hands(site, hands=1)
    signature = site.links.board_path(community).split("?k=")[1]
    await browser.get(site.url(f"/lb/{community + 1}?k={signature}", "en"))
    assert await browser.text("h1") == "Not found"
    player_link = site.links.player_path(community, 1)
    await browser.get(site.url(player_link.replace("/p/1?", "/p/2?"), "en"))
    assert await browser.text("h1") == "Not found"


async def test_a_player_page_shows_only_what_its_community_saw(site: Site) -> None:
    import re

    import aiohttp

    from bot.host.views import Place

    host = site.host
    community, _ = await played_hands(site, hands=2)
    elsewhere = Place(PLATFORM, "channel-9", "", "guild-9", "Elsewhere")
    await ok(host, cmd.Leave(actor(0), PLACE))
    await ok(host, cmd.NewRoom(actor(0), elsewhere, game="doudizhu3"))
    await ok(host, cmd.AddAI(actor(0), elsewhere))
    await ok(host, cmd.AddAI(actor(0), elsewhere))
    await ok(host, cmd.Auto(actor(0), elsewhere, on=True))
    for hand in range(3):
        await ok(host, (cmd.Start if hand == 0 else cmd.Rematch)(actor(0), elsewhere))
        await host.quiesce()
    player = (await host.store.player_games(1, community, 10))[0]  # Player0 is player 1
    here = await host.store.player_games(1, community, 50)
    everywhere = await host.store.player_games(1, None, 50)
    assert len(here) == 2 and len(everywhere) == 5 and player.game_id == here[0].game_id
    wallet = (await host.store.stats(1)).beans
    won_here = sum(game.delta for game in here)
    async with aiohttp.ClientSession() as client, \
            client.get(site.url(site.links.player_path(community, 1), "en")) as response:
        page = await response.text()
    lifetime = re.search(r'id="lifetime">(.*?)</p>', page).group(1)
    assert f"{won_here:+,} beans" in lifetime and f"{wallet:,}" not in lifetime, lifetime
    # The chart: 0 before the first game here, then each of the two games; nothing else.
    assert 'data-points="3"' in page
    last_label = re.findall(r'class="chart-label"[^>]*>([^<]*)</text>', page)[-1]
    assert last_label.endswith(f"· {won_here:,}"), last_label
