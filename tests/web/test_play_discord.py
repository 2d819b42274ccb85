"""Discord: the ephemeral panel links each person to their own play page (a signed link,
six hours, this table only); the page opens in Chromium against the running bot on the
fake Discord, and the link changed to name another person opens nothing.

Discord Activities (the Embedded App SDK) cannot be run here: no Discord client, and the
SDK would have to come from the npm registry. The signed link is the way in on Discord."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from pydantic import SecretStr

from bot.host.views import Phase
from bot.web.server import start_web
from tests.adapters.discord.conftest import started
from tests.adapters.discord.test_doudizhu import seat_and_start
from tests.fakes.discord import FakeDiscord
from tests.web.conftest import SECRET, Browser
from tests.web.test_play_browser import tap

LINK = re.compile(r"\]\(<(https://paiju\.test/play/[^>]+)>\)")


async def test_the_panel_links_each_person_to_their_own_page(
        fake_discord: FakeDiscord, tmp_path: Path, browser: Browser) -> None:
    async with started(fake_discord, tmp_path / "play.sqlite3", web_url="https://paiju.test",
                       web_secret=SecretStr(SECRET), web_port=8080) as paiju:
        await seat_and_start(paiju, "doudizhu3", ["alice", "bob", "carol"])
        assert paiju.host is not None
        server = await start_web(paiju.host.settings, paiju.host.store, port=0,
                                 host=paiju.host)
        try:
            [user] = paiju.to_act()
            panel = await paiju.open_hand(user)
            found = LINK.findall(panel.content)
            assert len(found) == 1, panel.content
            user_id = str(fake_discord.user(user).id)
            assert f"p=discord&u={user_id}&" in found[0]
            # the table (in public) carries no Play link
            assert "/play/" not in (await paiju.table()).content
            local = found[0].replace("https://paiju.test", f"http://127.0.0.1:{server.port}")
            await browser.get(local)
            await browser.wait_for("return document.querySelector('#play').dataset.counter")
            state = await browser.js("return window.paijuPlay.state")
            seat = next(i for i, s in enumerate(paiju.room.seats) if s.user_id == user_id)
            assert state["me"]["seat"] == seat
            assert sorted(state["me"]["hand"]) == sorted(
                paiju.room.state.private(seat).hand.split())
            # one tap from the page: the prompt's first choice or the hint's move
            before = paiju.room.counter
            prompt = state["me"]["prompt"]
            if prompt["build"] == "ranks":
                await tap(browser, "#act-hint")
                await browser.wait_for("return !document.querySelector('#act-play').disabled")
                await tap(browser, "#act-play")
            else:
                await tap(browser, "#hand-area .pcontrols button.choice")
            # the tap is the browser's own request: it may reach the host after a settle,
            # so wait (generously: a loaded machine) for the table to move on
            for _ in range(600):
                await paiju.settle()
                if paiju.room.counter > before or paiju.room.phase is not Phase.PLAYING:
                    break
                await asyncio.sleep(0.05)
            assert paiju.room.counter > before or paiju.room.phase is not Phase.PLAYING
            await browser.screenshot("play-discord-desktop")
            # the same link naming someone else is refused before anything is shown
            other = next(s.user_id for s in paiju.room.seats if s.user_id != user_id)
            await browser.get(local.replace(f"u={user_id}", f"u={other}"))
            assert "not valid" in await browser.text("#refused")
            assert await browser.count(".pc") == 0
        finally:
            await browser.get("about:blank")  # the page's stream must not outlive its server
            await server.stop()
