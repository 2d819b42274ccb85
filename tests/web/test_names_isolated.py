"""A name holding a direction override (`Zed\u202e`) or written right to left reaches every
web page cleaned and isolated: no override survives anywhere in a page (its text, its title,
the data its script reads), and each time the name is written it stands in an isolate
(<bdi>, or FSI … PDI in plain text), on every page kind and in every section of one."""

from __future__ import annotations

import re

import aiohttp

from bot.host import commands as cmd
from bot.i18n.bidi import FSI
from bot.web.app import ANALYSER
from tests.host.conftest import PLACE, actor, ok, room
from tests.web.conftest import Site

ZED = cmd.Actor(actor(0).platform, "u0", "Zed\u202e", "en")
DANI = cmd.Actor(actor(1).platform, "u1", "דני", "en")  # right to left, no control
OVERRIDES = ("\u202e", "\\u202e", "&#8238;", "&#x202e;")


def assert_isolated(page: str, shown: str, where: str) -> None:
    """No override in `page`, and each `shown` name in it opens an isolate."""
    for override in OVERRIDES:
        assert override not in page.lower(), f"{where}: {override!r} in the page"
    found = [m.start() for m in re.finditer(re.escape(shown), page)]
    assert found, f"{where}: {shown} is not named"
    for start in found:
        before = page[max(0, start - 6):start]
        assert before.endswith(("<bdi>", FSI, "\\u2068")), \
            f"{where}: {shown} not isolated: …{page[max(0, start - 40):start + 20]!r}"


async def _get(site: Site, path: str) -> str:
    async with aiohttp.ClientSession() as client, \
            client.get(site.url(path, "en")) as response:
        assert response.status == 200, path
        return await response.text()


async def _played_by_zed_and_dani(site: Site) -> str:
    """A 斗地主 hand Zed plays by hand (decisions to rate) beside Dani and an AI seat."""
    host = site.host
    await ok(host, cmd.NewRoom(ZED, PLACE, game="doudizhu3"))
    await ok(host, cmd.Join(DANI, PLACE))
    await ok(host, cmd.AddAI(ZED, PLACE))
    await ok(host, cmd.Auto(DANI, PLACE, on=True))
    await ok(host, cmd.Start(ZED, PLACE))
    for _ in range(300):
        await host.quiesce()
        current = room(host)
        if current.phase.value != "playing":
            assert current.game_id is not None
            return current.game_id
        if 0 in current.to_act():
            await ok(host, cmd.Act(ZED, PLACE, text=current.legal_actions(0)[-1]))
    raise AssertionError("the hand did not end")


async def test_names_are_isolated_on_every_page_and_in_every_section(site: Site) -> None:
    host = site.host
    game_id = await _played_by_zed_and_dani(site)
    replay = site.links.replay_path(game_id)
    await _get(site, replay)  # the first view starts the analysis
    await site.server.runner.app[ANALYSER].wait()
    kept = await host.store.analysis(game_id)
    assert kept is not None and kept.status == "done" and kept.data["decisions"]
    community = await host.community_id(PLACE)
    zed = await host.player_id(ZED)
    pages = {  # each page, and the names it writes
        "replay": (replay, ("Zed", "דני")),
        "teach": (replay.replace(f"/replay/{game_id}", f"/replay/{game_id}/teach"), ("Zed",)),
        "live": (site.links.live_path(room(host).room_id, room(host).links_epoch),
                 ("Zed", "דני")),
        "board": (site.links.board_path(community), ("Zed", "דני")),
        "player": (site.links.player_path(community, zed), ("Zed",)),
        "player (Dani)": (site.links.player_path(community, await host.player_id(DANI)),
                          ("דני",)),
    }
    for where, (path, names) in pages.items():
        page = await _get(site, path)
        for shown in names:
            assert_isolated(page, shown, where)
