"""The first built-in player of 打棒子, kept as the yardstick the AI levels are measured
against (benchmarks/dabangzi_strong.py); the tables play `ai` and `search`.

It grabs with a big joker, names trumps only with a long suit, returns and buries its
lowest plain cards (never a point or a trump while it has another), keeps its trumps for
winning, feeds points to a partner who is winning the trick, takes a trick with points
as cheaply as it can, and otherwise plays its lowest cards.
"""

from __future__ import annotations

import random
from collections import Counter

from bot.games.dabangzi.order import PLAIN_RANKS, POINTS, TRUMP, is_permanent_trump, points
from bot.games.dabangzi.scoring import team_of
from bot.games.dabangzi.state import DabangziState
from bot.games.dabangzi.tricks import strength, winner

LONG_SUIT = 8  # a plain suit this long is worth naming trump


def choose(state: DabangziState, seat: int, rng: random.Random) -> str:
    """The action the AI takes for `seat` now."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    if phase == "grab":
        return "grab"
    if phase == "declare":
        return _declare(state, seat, legal)
    if phase in ("return", "bury"):
        return _discard(state, seat, legal)
    if phase == "jokers":
        return "pass"
    if not state.trick:
        return _lead(state, seat, legal)
    return _follow(state, seat, legal)


def _cards(action: str) -> tuple[str, ...]:
    return tuple(action.split()[1:])


def _declare(state: DabangziState, seat: int, legal: list[str]) -> str:
    hand = state.hands[seat]
    suits = Counter(c[1] for c in hand if not is_permanent_trump(c, state.level))
    for action in sorted(legal[:-1], key=lambda a: -PLAIN_RANKS.index(a.split()[1][0])):
        if suits[action.split()[1][1]] >= LONG_SUIT:
            return action
    return "pass"


def _discard(state: DabangziState, seat: int, legal: list[str]) -> str:
    """The card to return or bury: a plain, pointless, low card of a short suit."""
    trumps = state.trumps
    hand = state.hands[seat]
    length = Counter(trumps.suit_class(c) for c in hand)

    def cost(action: str) -> tuple[int, int, int, int]:
        code = action.split()[1]
        cls = trumps.suit_class(code)
        return (cls == TRUMP, code[0] in POINTS, length[cls], trumps.power(code))

    return min(legal, key=cost)


def _lead(state: DabangziState, seat: int, legal: list[str]) -> str:
    trumps = state.trumps
    top = len(PLAIN_RANKS) - 2  # an ace's power in a plain suit (the level is skipped)

    def value(action: str) -> tuple[int, int, int]:
        cards = _cards(action)
        cls = trumps.suit_class(cards[0])
        high = max(trumps.power(c) for c in cards)
        plain = cls != TRUMP
        if plain and len(cards) > 1 and high >= top - 1:
            return (4, len(cards), high)  # a high pair or tractor of a plain suit
        if plain and high >= top:
            return (3, len(cards), high)  # an ace
        if plain and not points(cards):
            return (2, -high, 0)  # a low, pointless plain card
        return (1 if plain else 0, -high, -points(cards))

    return max(legal, key=value)


def _follow(state: DabangziState, seat: int, legal: list[str]) -> str:
    trumps = state.trumps
    plays = [cards for _, cards in state.trick]
    lead = plays[0]
    best_at = winner(plays, trumps)
    partner_wins = team_of(state.trick[best_at][0]) == team_of(seat)
    best = strength(plays[best_at], lead, trumps)
    assert best is not None
    last = len(plays) == 3
    at_stake = points(c for p in plays for c in p)

    def spend(action: str) -> tuple[int, int]:
        cards = _cards(action)
        return (sum(trumps.suit_class(c) == TRUMP for c in cards),
                sum(trumps.power(c) for c in cards))

    if partner_wins and (last or best[0] == 1 or best[1] >= len(PLAIN_RANKS) - 2):
        return max(legal, key=lambda a: (points(_cards(a)), -spend(a)[0], -spend(a)[1]))
    winning = [a for a in legal if (s := strength(_cards(a), lead, trumps)) and s > best]
    if winning and (at_stake or last or not partner_wins):
        worth = at_stake + max(points(_cards(a)) for a in winning)
        cheap = [a for a in winning if spend(a)[0] == 0]
        if cheap or worth >= 10 or last:
            return min(cheap or winning, key=lambda a: (spend(a), -points(_cards(a))))
    return min(legal, key=lambda a: (points(_cards(a)), *spend(a)))
