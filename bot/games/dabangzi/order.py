"""The order of cards in one hand of 打棒子: trumps, suits, points (docs/rules.md §6).

Cards are compact codes (`Ts`, `B`, `R`); two decks make every code appear twice. A hand's
`Trumps` (the level rank, the trump suit and the 魂儿) gives each card its suit class
(`"t"` for trump, else its suit letter) and its power inside that class, so that equal
cards have equal power and the pairs of a tractor (拖拉机) have consecutive powers.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

PLAIN_RANKS = "3456789TJQKA"  # a suit's run, low to high (2s are always trumps here)
LEVELS = "23456789TJQKA"  # the levels a team plays, 2 → A
SUITS = "shcd"  # ♠ ♥ ♣ ♦ (the order the sheets use where suits rank)
TRUMP = "t"
POINTS = {"5": 5, "T": 10, "K": 10}
TOTAL_POINTS = 200


def deck108() -> list[str]:
    """Two decks with their four jokers, as codes."""
    one = [rank + suit for suit in SUITS for rank in "23456789TJQKA"] + ["B", "R"]
    return one + one


def points(cards: Iterable[str]) -> int:
    """The points among cards: 5 is five, 10 and K are ten."""
    return sum(POINTS.get(code[0], 0) for code in cards)


def is_permanent_trump(code: str, level: str) -> bool:
    """Jokers, 2s and level cards: trumps whatever the suit (the draw skips them)."""
    return code in ("B", "R") or code[0] in ("2", level)


class Trumps:
    """What is trump this hand: the level rank, the trump suit and the 魂儿 card."""

    __slots__ = ("hun", "level", "suit", "_keys", "_table")

    def __init__(self, level: str, suit: str, hun: str) -> None:
        self.level = level  # a LEVELS character
        self.suit = suit  # a SUITS character
        self.hun = hun  # the 魂儿's code, a card of the trump suit
        self._table = _order_table(level, suit, hun)
        self._keys = {code: (1 if cls == TRUMP else 0, power,
                             -SUITS.find(code[-1]) if len(code) > 1 else 0)
                      for code, (cls, power) in self._table.items()}

    def suit_class(self, code: str) -> str:
        """"t" for a trump, else the card's suit letter."""
        return self._table[code][0]

    def power(self, code: str) -> int:
        """The card's strength inside its suit class (equal cards, equal power)."""
        return self._table[code][1]

    def key(self, code: str) -> tuple[int, int, int]:
        """A sort key: trumps above every plain card, then power, then suit."""
        return self._keys[code]

    def sort(self, cards: Iterable[str], descending: bool = True) -> list[str]:
        """Cards in display order: trumps first, highest first."""
        return sorted(cards, key=self._keys.__getitem__, reverse=descending)

    def groups(self, cards: Iterable[str]) -> list[list[str]]:
        """Cards as a hand shows them: the trumps, then each plain suit (♠ ♥ ♣ ♦), highest
        first in each; empty groups left out."""
        ordered = self.sort(cards)
        classes = [TRUMP, *(s for s in SUITS if s != self.suit)]
        found = [[c for c in ordered if self.suit_class(c) == cls] for cls in classes]
        return [g for g in found if g]

    def highest(self, cards: Iterable[str]) -> str:
        """The highest card (ties between equal powers: the higher suit, ♠ > ♥ > ♣ > ♦)."""
        return max(cards, key=lambda c: (*self.key(c)[:2], SUITS[::-1].find(c[-1])))


@lru_cache(maxsize=1024)
def trumps_of(level: str, suit: str, hun: str) -> Trumps:
    """The (shared) trump order of a hand."""
    return Trumps(level, suit, hun)


@lru_cache(maxsize=1024)
def _order_table(level: str, suit: str, hun: str) -> dict[str, tuple[str, int]]:
    table: dict[str, tuple[str, int]] = {}
    run = [r for r in PLAIN_RANKS if r != level]
    top = 0  # the first trump power above the trump suit's own run
    for s in SUITS:
        ranks = [r for r in run if not (s == suit and r + s == hun)]
        for power, rank in enumerate(ranks):
            table[rank + s] = (TRUMP if s == suit else s, power)
        if s == suit:
            # The 魂儿 leaves its suit's run one card shorter: the 2s (or the level cards)
            # follow its top at once, so adjacent trump classes make a tractor (A-A-2-2).
            top = len(ranks)
    classes: list[list[str]] = []
    if level != "2":
        classes += [[f"2{s}" for s in SUITS if s != suit], [f"2{suit}"]]
    classes += [[level + s for s in SUITS if s != suit], [level + suit], [hun], ["B"], ["R"]]
    for offset, codes in enumerate(classes):
        for code in codes:
            table[code] = (TRUMP, top + offset)
    return table
