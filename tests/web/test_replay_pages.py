"""Replays of every game, read as HTML: each deals the record's cards again and shows every
hand, the two-player game's out-of-play hand included, and ends with the booked amounts."""

from __future__ import annotations

import re

import aiohttp
import pytest

from tests.web.conftest import Site
from tests.web.test_replay_browser import finished_game

CARD = re.compile(r'<svg class="card" role="img" aria-label="[^"]+"')


@pytest.mark.parametrize(("game", "ais", "dealt"), [
    ("doudizhu3", 2, 51), ("doudizhu2", 1, 51), ("tianji", 3, 24), ("tianji-duel", 1, None)])
async def test_every_game_replays_with_all_hands_open(site: Site, game: str, ais: int,
                                                      dealt: int | None) -> None:
    game_id = await finished_game(site, game, people=1, ais=ais)
    record = await site.host.store.game_record(game_id)
    async with aiohttp.ClientSession() as client, \
            client.get(site.url(site.links.replay_path(game_id), "en")) as response:
        page = await response.text()
    assert response.status == 200
    sections = re.findall(r'<section class="step".*?</section>', page, re.S)
    assert len(sections) == len(record.actions) + 1
    deal = sections[0]
    hands = re.findall(r'<div class="hand"[^>]*>(.*?)</div>', deal, re.S)
    if dealt is not None:  # every dealt card is on the first step (the bottom comes later)
        assert sum(len(CARD.findall(hand)) for hand in hands) == dealt
    if game == "doudizhu2":  # once the landlord is known, the out-of-play hand is open too
        assert 'class="seat dummy"' in sections[-1]
    settlement = page.split('id="settlement"')[1]
    amounts = [int(a) for a in re.findall(r'<td class="final">([+-]\d+)', settlement)]
    assert amounts == record.result["final"] and sum(amounts) == 0


async def test_a_pass_in_the_auction_reads_as_no_bid_and_in_play_as_pass(site: Site) -> None:
    from bot.i18n import translate

    game_id = await finished_game(site, "doudizhu3", people=1, ais=2)
    record = await site.host.store.game_record(game_id)
    async with aiohttp.ClientSession() as client, \
            client.get(site.url(site.links.replay_path(game_id), "en")) as response:
        page = await response.text()
    moves = re.findall(r'<h2 class="move">.*?· (.*?)</h2>', page, re.S)[1:]
    said = [move.rsplit(": ", 1)[-1] for move in moves]
    first_play = next(i for i, (_, a) in enumerate(record.actions) if a.startswith("play"))
    expected = [translate("host.ddz.label.no_bid" if i < first_play else "host.ddz.label.pass",
                          "en") for i, (_, action) in enumerate(record.actions)
                if action == "pass"]
    assert expected and [s for s, (_, a) in zip(said, record.actions, strict=True)
                         if a == "pass"] == expected


async def test_a_replay_asked_for_by_many_at_once_is_built_once_off_the_loop(
        site: Site) -> None:
    import asyncio

    from bot.web.app import PAGES

    game_id = await finished_game(site, "doudizhu3", people=1, ais=2)
    pages = site.server.runner.app[PAGES]
    url = site.url(site.links.replay_path(game_id), "en")
    async with aiohttp.ClientSession() as client:

        async def fetch(encoding: str) -> str:
            async with client.get(url, headers={"Accept-Encoding": encoding}) as response:
                assert response.status == 200
                return await response.text()

        bodies = await asyncio.gather(*(fetch("gzip" if n % 2 else "identity")
                                        for n in range(20)))
    assert pages.builds == 1
    assert len(set(bodies)) == 1 and 'id="replay"' in bodies[0]


async def test_a_replay_shows_the_revealed_seed_and_the_commitment_the_table_showed(
        site: Site) -> None:
    from bot.fairness import deal_commitment, fingerprint

    game_id = await finished_game(site, "doudizhu3", people=1, ais=2)
    record = await site.host.store.game_record(game_id)
    async with aiohttp.ClientSession() as client, \
            client.get(site.url(site.links.replay_path(game_id), "zh")) as response:
        page = await response.text()
    fairness = page.split('id="fairness">', 1)[1].split("</p>", 1)[0]
    committed = deal_commitment(game_id, record.seed)
    assert str(record.seed) in fairness and committed in fairness
    assert fingerprint(committed) in fairness and "种子" in fairness


async def test_a_replay_with_a_players_seed_shows_the_server_seed_committed_and_the_mix(
        site: Site) -> None:
    from bot.fairness import deal_commitment, mixed_seed
    from bot.host import commands as cmd
    from tests.host.conftest import PLACE, actor, ok, open_table, room

    host = site.host
    await open_table(host, "doudizhu3", 1, 2, start=False)
    await ok(host, cmd.Seed(actor(0), PLACE, text="lucky <b>"))
    await ok(host, cmd.Auto(actor(0), PLACE, on=True))
    await ok(host, cmd.Start(actor(0), PLACE))
    await host.quiesce()
    game_id = room(host).game_id
    record = await host.store.game_record(game_id)
    server_seed = record.result["fairness"]["server_seed"]
    async with aiohttp.ClientSession() as client, \
            client.get(site.url(site.links.replay_path(game_id), "en")) as response:
        page = await response.text()
    fairness = page.split('id="fairness">', 1)[1].split("</p>", 1)[0]
    assert deal_commitment(game_id, server_seed) in fairness  # what the table showed
    assert record.seed == mixed_seed(game_id, server_seed, ["lucky <b>", "", ""]) != server_seed
    assert str(record.seed) in fairness and "lucky &lt;b&gt;" in fairness  # escaped
