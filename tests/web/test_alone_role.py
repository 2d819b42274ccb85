"""斗地主's landlord lives in its folder (issue 55 point 4): the standings count a seat's
hands alone against the rest by the role its game's record names (`alone_role`), a
community's boards offer only what its games have (no landlord win rate where only a game
without such a role was played), and the result card's colours are the game's own."""

from __future__ import annotations

import io
from dataclasses import replace

import aiohttp
from PIL import Image

from bot.games import registry
from bot.games.pictures import ResultSummary, SeatResult
from bot.pictures import Pictures
from bot.pictures.colours import NEUTRAL_BAND, SIDE_BANDS
from tests.games.contract.conftest_highcard import highcard  # noqa: F401 - the fixture
from tests.host.conftest import PLACE, actor, open_table, play_out, room
from tests.web.conftest import Site


async def board(site: Site, community: int, lang: str, metric: str = "beans") -> str:
    path = site.links.board_path(community, metric=metric)
    async with aiohttp.ClientSession() as client, client.get(site.url(path, lang)) as response:
        assert response.status == 200
        return await response.text()


async def test_a_community_is_offered_the_boards_its_games_have(
        site: Site, highcard: str) -> None:  # noqa: F811
    await open_table(site.host, highcard, 3)
    await play_out(site.host)
    community = await site.host.community_id(PLACE)
    for lang, word in (("en", "Landlord win rate"), ("zh", "地主胜率")):
        page = await board(site, community, lang)
        assert "metric=win_rate" in page and word not in page
        assert "landlord_win_rate" not in page
    asked = await board(site, community, "en", metric="landlord_win_rate")  # beans instead
    assert 'data-metric="beans"' in asked
    # The same community once it has played a hand with a seat alone against the rest.
    await open_table(site.host, "doudizhu3", 3)
    await play_out(site.host)
    assert room(site.host).game == "doudizhu3"
    assert "Landlord win rate" in await board(site, community, "en")
    player = await site.host.player_id(actor(room(site.host).last_result["outcome"]["roles"]
                                             .index("landlord")))
    [landlord] = [r for r in (await site.host.store.stats(player, community)).roles
                  if r.game == "doudizhu3"]
    assert landlord.role == "landlord" and landlord.games == 1


def test_the_alone_role_is_the_games_own() -> None:
    assert registry.module("doudizhu3").alone_role == "landlord"
    assert all(record.alone_role == "" for record in registry.modules()
               if record.sides != "one_against_rest")


def nearest(pixel: tuple[int, int, int]) -> tuple[int, int, int]:
    """The band colour a (palette-mapped) pixel was drawn in."""
    return min((*SIDE_BANDS, NEUTRAL_BAND),
               key=lambda band: sum((a - b) ** 2 for a, b in zip(pixel, band, strict=True)))


def test_a_result_cards_colours_are_the_games_not_another_games_roles(
        highcard: str) -> None:  # noqa: F811
    seats = (SeatResult(0, 10, "landlord"), SeatResult(1, -10, "farmer"))
    other = ResultSummary(highcard, "ended", seats, winner_role="landlord")
    card = Pictures().result(other, "en")
    image = Image.open(io.BytesIO(card.png)).convert("RGB")
    assert nearest(image.getpixel((2, 2))) == NEUTRAL_BAND  # another game's words: no colour
    own = registry.pictures("doudizhu3")
    coloured = replace(other, game="doudizhu3", role_bands=tuple(own.role_bands.items()))
    image = Image.open(io.BytesIO(Pictures().result(coloured, "en").png)).convert("RGB")
    assert nearest(image.getpixel((2, 2))) == SIDE_BANDS[0]
