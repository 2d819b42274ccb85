"""Only private views carry a hand: everything shown to a channel, in many games of every
kind, is scanned for cards that are still hidden in someone's hand."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from bot.games import registry
from bot.host import commands as cmd
from bot.host.presentation.render import pretty_cards
from bot.host.views import Announcement, TableView
from tests.host.conftest import PLACE, Recorder, actor, ok, room

CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z])([2-9TJQKA][shcd]|[BR])(?![0-9A-Za-z])")


CODE = re.compile(r"[2-9TJQKA][shcd]|(?<![0-9A-Za-z])[BR](?![0-9A-Za-z])")


def hidden_cards(game: str, state: Any) -> set[str]:
    """Card codes that are in some hand and not (yet) shown to the table, for any game from
    what every game offers: each seat's private view (its hand and a sealed arrangement's
    groups) less every code the public view carries, and at the end less the cards the
    outcome says are left in the hands (shown with the result). With two decks a code one
    seat holds may be its twin shown: it counts as shown."""
    held: set[str] = set()
    for seat in range(state.players):
        private = state.private(seat)
        held |= set(CODE.findall(private.hand))
        held |= {code for _, cards in private.groups for code in CODE.findall(cards)}
    shown = set(CODE.findall(json.dumps(state.public_view())))
    if state.is_over:
        outcome = registry.spec(game).outcome(state)
        shown |= {code for cards in outcome.cards_left for code in CODE.findall(cards)}
    return held - shown


def hand_keys(value: Any, shown: frozenset[str]) -> set[str]:
    """Every key that is a hand (`hand`, `hands`) in a (nested) public view, outside the
    keys whose cards the rules show (the record's `public_cards`)."""
    if isinstance(value, dict):
        return {k for k in value if k in ("hand", "hands")} | {
            k for key, v in value.items() if key not in shown for k in hand_keys(v, shown)}
    if isinstance(value, list | tuple):
        return {k for v in value for k in hand_keys(v, shown)}
    return set()


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
        self.hiding = 0  # checks made while some card was hidden
        self.leaks: list[str] = []

    def check(self, text: str, public: dict[str, Any]) -> None:
        state = room(self.host).state
        if state is None:
            return
        game = room(self.host).game
        hidden = hidden_cards(game, state)
        self.checked += 1
        self.hiding += bool(hidden)
        for lang in ("en", "zh"):
            for code in hidden:
                if pretty_cards(code, lang) in text and len(code) == 2:
                    self.leaks.append(f"{code} in {text!r}")
        shown = {m.group(1) for s in strings(public) for m in CARD_TOKEN.finditer(s)}
        self.leaks += [f"{code} in public view" for code in shown & hidden if len(code) == 2]
        if hand_keys(public, frozenset(registry.module(game).public_cards)):
            self.leaks.append("a hand in the public view")

    async def show_table(self, view: TableView) -> None:
        await super().show_table(view)
        self.check(view.text, view.public)

    async def announce(self, note: Announcement) -> None:
        await super().announce(note)
        if note.private_to is None:
            self.check(note.text, {})


SHOWING_OPTIONS = {"show_hand": True, "doubling": True, "bidding": "grab", "duel_hand": 5,
                   "dummy_visible": False}  # options that change what is shown


def games() -> list[tuple[str, int, dict[str, Any]]]:
    """Every registered game at its most seats (up to five), and again with each option
    that changes what the table shows (where the game has it)."""
    found = []
    for game in registry.names():
        spec = registry.spec(game)
        seats = max(spec.min_players, min(5, spec.max_players))
        found.append((game, seats, {}))
        defaults = spec.default_options()
        found += [(game, seats, {option: value}) for option, value in SHOWING_OPTIONS.items()
                  if option in defaults and defaults[option] != value]
    return found


GAMES = games()


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
    assert watchdog.checked > 20 and watchdog.hiding > 10 and watchdog.leaks == []
    # The players themselves did see their cards, privately.
    assert any(len(v.hand) >= 3 for v in watchdog.privates)
