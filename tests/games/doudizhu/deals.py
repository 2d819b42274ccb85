"""Test support: 斗地主 states from chosen cards, and driving a state through actions."""

from __future__ import annotations

from bot.cards import RANK_CHARS
from bot.games.doudizhu.game_referee import suited_deal
from bot.games.doudizhu.options import RuleOptions
from bot.games.doudizhu.state import DoudizhuState

FULL_DECK = "".join(ch * (1 if ch in "BR" else 4) for ch in RANK_CHARS)


def fill(*parts: str | None, bottom: str | None = None) -> tuple[list[str], str]:
    """Three 17-card hands and a bottom: the given ones, the rest filled low-first."""
    left = list(FULL_DECK)
    for part in [*parts, bottom]:
        for ch in part or "":
            left.remove(ch)
    hands = []
    for i in range(3):
        given = parts[i] if i < len(parts) and parts[i] else ""
        need = 17 - len(given)
        hands.append(given + "".join(left[:need]))
        del left[:need]
    if bottom is None:
        bottom = "".join(left[:3])
        del left[:3]
    assert not left, left
    return hands, bottom


def make(*parts: str | None, bottom: str | None = None, first: int = 0,
         **options: object) -> DoudizhuState:
    """A fresh deal from chosen cards (see `fill`), bidding starting at `first`."""
    hands, bottom_text = fill(*parts, bottom=bottom)
    rules = RuleOptions.from_dict(dict(options))
    suited, suited_bottom = suited_deal(hands, bottom_text)
    return DoudizhuState.from_deal(rules, suited, suited_bottom, first)


def run(state: DoudizhuState, *actions: str) -> DoudizhuState:
    """Apply actions in turn order (each by the seat to act)."""
    for action in actions:
        state, _ = state.apply(state.to_act()[0], action)
    return state


def events_of(state: DoudizhuState, *actions: str) -> tuple[DoudizhuState, list]:
    """Like `run`, also returning every event."""
    events = []
    for action in actions:
        state, new = state.apply(state.to_act()[0], action)
        events.extend(new)
    return state, events
