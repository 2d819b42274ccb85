"""Every byte a live table sends during a whole game — the page, its script and stylesheet,
and its event stream — is scanned for any card that is, at that moment, in a hidden hand.

All seats are people, and the test makes every move through the real host, waiting after each
one until the stream has carried that table: so every position of the game is checked.
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import aiohttp
import pytest

from bot.games import registry
from bot.host import commands as cmd
from bot.host.presentation.render import pretty_cards
from bot.web import cards as svg
from tests.host.conftest import PLACE, actor, ok, room
from tests.host.test_privacy import hidden_cards
from tests.web.conftest import Site

CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z])([2-9TJQKA][shcd]|[BR])(?![0-9A-Za-z])")


class Stream:
    """Reads a live table's event stream in the background, keeping every byte."""

    def __init__(self, response: aiohttp.ClientResponse) -> None:
        self.response = response
        self.events: list[tuple[int, str]] = []  # (counter, the raw event)
        self.raw = bytearray()
        self.task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        pending = b""
        async for chunk in self.response.content.iter_any():
            self.raw += chunk
            pending += chunk
            while b"\n\n" in pending:
                event, pending = pending.split(b"\n\n", 1)
                text = event.decode()
                if text.startswith("data: "):
                    self.events.append((json.loads(text[6:])["counter"], text))

    async def until(self, counter: int) -> None:
        for _ in range(400):
            if any(c >= counter for c, _ in self.events):
                return
            await asyncio.sleep(0.025)
        raise AssertionError(f"the stream never showed counter {counter}")


def leaks(text: str, hidden: set[str]) -> list[str]:
    """Hidden cards named in `text`: as codes, or as the labels people read (a joker's
    one-letter code only where a card is drawn: "Team B" is no joker)."""
    found = [f"{m.group(1)} as a code" for m in CARD_TOKEN.finditer(text)
             if m.group(1) in hidden and len(m.group(1)) == 2]
    for code in hidden:
        if len(code) != 2:
            found += [f"{code} drawn" for _ in re.finditer(f'c-{code}"', text)]
        for label in {svg.label(code), pretty_cards(code, "en"), pretty_cards(code, "zh")}:
            if label in text:
                found.append(f"{code} as {label!r}")
    return found


def move_for(host: Any, seat: int) -> str:
    state = room(host).state
    hints = room(host).spec.hints(state, seat)
    return hints[0] if hints else state.legal_actions(seat)[0]


SHOWING_OPTIONS = {"show_hand": True, "duel_hand": 5}  # options that change what is shown


def games() -> list[tuple[str, int, dict]]:
    """Every registered game (three seats when it may have three), and again with each
    option that changes what the table shows."""
    found = []
    for game in registry.names():
        spec = registry.spec(game)
        seats = max(spec.min_players, min(3, spec.max_players))
        found.append((game, seats, {}))
        defaults = spec.default_options()
        found += [(game, seats, {option: value}) for option, value in SHOWING_OPTIONS.items()
                  if option in defaults and defaults[option] != value]
    return found


@pytest.mark.parametrize(("game", "people", "options"), games())
async def test_nothing_a_live_table_sends_shows_a_hidden_card(site: Site, game: str,
                                                              people: int,
                                                              options: dict) -> None:
    host = site.host
    await ok(host, cmd.NewRoom(actor(0), PLACE, game=game, options=options))
    for n in range(1, people):
        await ok(host, cmd.Join(actor(n), PLACE))
    # Every position is one person's move here, so each goes out (a pass that plays itself,
    # 要不起自动过, would follow a move at once and the stream keep only the newer table).
    await ok(host, cmd.RoomSettings(actor(0), PLACE, changes={"auto_pass": "off"}))
    await ok(host, cmd.Start(actor(0), PLACE))
    room_id = room(host).room_id
    hidden_at: dict[int, set[str]] = {
        room(host).counter: hidden_cards(room(host).game, room(host).state)}
    pages: list[tuple[int, str]] = []
    path = site.links.live_path(room_id, room(host).links_epoch)
    async with aiohttp.ClientSession() as client:

        async def fetch_page() -> None:
            async with client.get(site.url(path, "en")) as response:
                text = await response.text()
            counter = int(re.search(r'id="table" data-counter="(\d+)"', text).group(1))
            pages.append((counter, text))

        await fetch_page()
        statics = []
        for name in ("live.js", "site.css"):
            async with client.get(f"{site.base}/static/{name}") as response:
                statics.append(await response.text())
        events_url = site.url(f"/live/{room_id}/events?{path.split('?')[1]}&lang=zh")
        async with client.get(events_url) as response:
            stream = Stream(response)
            moves = 0
            while room(host).phase.value == "playing":
                to_act = room(host).state.to_act()
                await ok(host, cmd.Act(actor(to_act[0]), PLACE, text=move_for(host, to_act[0])))
                moves += 1
                hidden_at[room(host).counter] = hidden_cards(room(host).game, room(host).state)
                await stream.until(room(host).counter)
                if moves % 7 == 0:
                    await fetch_page()
            await fetch_page()
            await asyncio.sleep(0.15)  # a last poll: nothing more may come
            stream.task.cancel()
    assert room(host).phase.value == "over" and moves >= 2
    seen = {counter for counter, _ in stream.events}
    assert set(hidden_at) <= seen | {min(hidden_at)}  # every position went out once
    problems = []
    for counter, text in stream.events + pages:
        problems += [f"at {counter}: {leak}" for leak in leaks(text, hidden_at[counter])]
    everything = set().union(*hidden_at.values())
    for text in statics:
        problems += leaks(text, everything)
    assert problems == []
    assert len(stream.raw) > 1000 and all(counter in hidden_at for counter, _ in pages)
    # The game did show its cards where they were public: the bottom / played cards.
    played_somewhere = any(CARD_TOKEN.search(text) for _, text in stream.events)
    assert played_somewhere
