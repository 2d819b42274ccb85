"""The web boards' rating tab: one line per player, game and role, saying which; a player's
page lists their ratings."""

from __future__ import annotations

import aiohttp

from bot.host import commands as cmd
from tests.host.conftest import PLACE, actor, open_table, play_out
from tests.web.conftest import Site


async def page(site: Site, path: str, lang: str) -> str:
    async with aiohttp.ClientSession() as client, client.get(site.url(path, lang)) as response:
        assert response.status == 200
        return await response.text()


async def test_the_rating_board_names_each_lines_game_and_role_and_the_player_page_lists_them(
        site: Site) -> None:
    await open_table(site.host, "doudizhu3", 3)
    finished = await play_out(site.host)
    roles = finished.last_result["outcome"]["roles"]
    community = await site.host.community_id(PLACE)
    board = await page(site, site.links.board_path(community, metric="rating"), "en")
    assert board.count('<td class="rated">') == 3
    assert 'Dou Dizhu (斗地主) · landlord</td>' in board
    zh = await page(site, site.links.board_path(community, metric="rating"), "zh")
    assert "斗地主 · 地主</td>" in zh and "<th>游戏 · 身份</th>" in zh
    player = await site.host.player_id(actor(0))
    mine = await page(site, site.links.player_path(community, player), "en")
    assert 'id="ratings"' in mine and f'data-role="{roles[0]}"' in mine


async def test_the_player_page_charts_each_rating_after_every_rated_game(site: Site) -> None:
    await open_table(site.host, "doudizhu3", 3)
    for hand in range(4):
        if hand:
            await site.host.handle(cmd.Rematch(actor(0), PLACE))
        await play_out(site.host)
    player = await site.host.player_id(actor(0))
    stats = await site.host.store.stats(player)
    most = stats.ratings[0]
    assert most.games >= 2
    community = await site.host.community_id(PLACE)
    mine = await page(site, site.links.player_path(community, player), "en")
    assert f'<svg id="rating-chart-doudizhu3-{most.role}"' in mine
    assert f'data-points="{most.games}"' in mine
