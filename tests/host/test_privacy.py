"""Only private views carry a hand: everything shown to a channel, in many games of every
kind, is scanned for cards that are still hidden in someone's hand."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from bot.host import commands as cmd
from bot.host.presentation.render import pretty_cards
from bot.host.views import Announcement, TableView
from tests.host.conftest import PLACE, Recorder, actor, ok, room

CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z])([2-9TJQKA][shcd]|[BR])(?![0-9A-Za-z])")


def hidden_cards(state: Any) -> set[str]:
    """Card codes that are in some hand and not (yet) shown to the table."""
    kind = type(state).__name__
    if kind == "DoudizhuState":
        if state.is_over:  # the cards left are shown to the table with the result
            return set()
        public = {getattr(state.face_up, "code", state.face_up), *state.bottom}
        hidden: set[str] = set()
        for seat in range(state.players):
            if state.shown and seat == state.landlord:
                continue
            hidden |= set(state.hand(seat))
        return hidden - public
    if kind == "TableState":
        return set() if state.is_over else {c.code for h in state.hands for c in h}
    if kind == "DuelState":
        dealt = {c.code for hand in state.dealt for c in hand}
        if state.is_over:  # the cards nobody played are shown then; never those put away
            return dealt - {c.code for hand in state.kept if hand for c in hand}
        played = {c.code for trick in state.tricks for c in trick}
        if state.lead is not None:
            played.add(state.lead.code)
        return {c.code for hand in state.dealt for c in hand} - played
    if kind == "DabangziState":  # two decks: a code one seat holds may be its twin shown
        shown = set(re.findall(r"[2-9TJQKA][shcd]|\b[BR]\b", json.dumps(state.public_view())))
        return ({code for hand in state.hands for code in hand} | set(state.kitty)) - shown
    raise AssertionError(kind)


def strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list | tuple):
        return [s for v in value for s in strings(v)]
    return []


class Watchdog(Recorder):
    """Checks each group-facing view against the hands hidden at that moment."""

    def __init__(self) -> None:
        super().__init__()
        self.host: Any = None
        self.checked = 0
        self.leaks: list[str] = []

    def check(self, text: str, public: dict[str, Any]) -> None:
        state = room(self.host).state
        if state is None:
            return
        hidden = hidden_cards(state)
        self.checked += 1
        for lang in ("en", "zh"):
            for code in hidden:
                if pretty_cards(code, lang) in text and len(code) == 2:
                    self.leaks.append(f"{code} in {text!r}")
        shown = {m.group(1) for s in strings(public) for m in CARD_TOKEN.finditer(s)}
        self.leaks += [f"{code} in public view" for code in shown & hidden if len(code) == 2]
        if "hand" in json.dumps(public) and type(state).__name__ != "DoudizhuState":
            self.leaks.append("a hand in the public view")

    async def show_table(self, view: TableView) -> None:
        await super().show_table(view)
        self.check(view.text, view.public)

    async def announce(self, note: Announcement) -> None:
        await super().announce(note)
        if note.private_to is None:
            self.check(note.text, {})


GAMES = [
    ("doudizhu3", 3, {}),
    ("doudizhu3", 3, {"show_hand": True, "doubling": True}),
    ("doudizhu3", 3, {"bidding": "grab"}),
    ("doudizhu2", 2, {}),
    ("doudizhu2", 2, {"dummy_visible": False}),
    ("tianji", 5, {}),
    ("tianji-duel", 2, {"duel_hand": 5}),
]


@pytest.mark.parametrize(("game", "seats", "options"), GAMES)
async def test_no_group_output_shows_a_hidden_card(make_host, game, seats, options) -> None:
    host, _ = await make_host(seed=3)
    watchdog = Watchdog()
    watchdog.host = host
    host.attach(watchdog)
    await ok(host, cmd.NewRoom(actor(0), PLACE, game=game, options=options))
    await ok(host, cmd.Join(actor(1), PLACE))
    for _ in range(seats - 2):
        await ok(host, cmd.AddAI(actor(0), PLACE))
    for n in (0, 1):
        await ok(host, cmd.Auto(actor(n), PLACE, on=True))
    for hand in range(6):
        await ok(host, (cmd.Start if hand == 0 else cmd.Rematch)(actor(0), PLACE))
        await host.quiesce()
    assert watchdog.checked > 20 and watchdog.leaks == []
    # The players themselves did see their cards, privately.
    assert any(len(v.hand) >= 3 for v in watchdog.privates)
