"""A player's split of six cards into groups A (1 card), B (2) and C (3), and its commitment.

Canonical text: `As|KhQd|5d3h2s` — groups separated by `|`, cards in compact notation with
no spaces, each group from its highest card down (group-A order). The action is
`arrange <canonical>`. The commitment published at submission is
`sha256("<canonical>#<salt>")` in hex; after the reveal anyone can recompute it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from bot.cards import Card, Rank, format_compact, parse_cards, parse_loose
from bot.errors import CardParseError, IllegalAction
from bot.games.tianji.ranking import card_index

GROUP_SIZES = (1, 2, 3)
HAND_SIZE = 6


def high_first(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards from the highest down, in group-A order."""
    return tuple(sorted(cards, key=card_index, reverse=True))


@dataclass(frozen=True, slots=True)
class Arrangement:
    """Groups A, B, C of one player, each stored highest card first."""

    a: Card
    b: tuple[Card, Card]
    c: tuple[Card, Card, Card]

    @classmethod
    def of(cls, a: Iterable[Card], b: Iterable[Card], c: Iterable[Card]) -> Arrangement:
        """Build from groups in any order; raises IllegalAction on a wrong group size."""
        groups = [high_first(g) for g in (a, b, c)]
        for name, group, size in zip("ABC", groups, GROUP_SIZES, strict=True):
            if len(group) != size:
                raise IllegalAction("tianji.group_size", group=name, size=size,
                                    got=len(group))
        return cls(groups[0][0], groups[1], groups[2])  # type: ignore[arg-type]

    @property
    def cards(self) -> tuple[Card, ...]:
        """All six cards, A then B then C."""
        return (self.a, *self.b, *self.c)

    @property
    def code(self) -> str:
        """Canonical compact text, e.g. `As|KhQd|5d3h2s`."""
        return "|".join("".join(c.code for c in g) for g in ((self.a,), self.b, self.c))

    @property
    def action(self) -> str:
        """The canonical action string."""
        return "arrange " + self.code

    def groups_dict(self) -> dict[str, str]:
        """JSON form with spaced groups: {"A": "As", "B": "Kh Qd", "C": "5d 3h 2s"}."""
        return {"A": self.a.code, "B": " ".join(c.code for c in self.b),
                "C": " ".join(c.code for c in self.c)}

    def commitment(self, salt: str) -> str:
        """The public hash that this arrangement proves at the reveal."""
        return commitment(self.code, salt)


def commitment(code: str, salt: str) -> str:
    """sha256 of `<canonical arrangement>#<salt>`, hex."""
    return hashlib.sha256(f"{code}#{salt}".encode()).hexdigest()


def read_cards(text: str) -> list[Card]:
    """Suited cards from player text; any reading error becomes an IllegalAction."""
    try:
        cards = parse_cards(text)
    except CardParseError as exc:
        raise IllegalAction(exc.key, **exc.params) from exc
    if any(card.suit is None for card in cards):
        raise IllegalAction("tianji.no_jokers")
    return cards


def parse_groups(texts: Sequence[str]) -> Arrangement:
    """Read the three groups from player text (any spelling parse_cards reads)."""
    if len(texts) != 3:
        raise IllegalAction("tianji.three_groups", got=len(texts))
    groups = [read_cards(t) for t in texts]
    seen: set[Card] = set()
    for card in (c for g in groups for c in g):
        if card in seen:
            raise IllegalAction("cards.duplicate", card=card.code)
        seen.add(card)
    return Arrangement.of(*groups)


def with_suits(text: str, hand: Sequence[Card]) -> str:
    """`text` with each card typed without its suit given its suit from `hand`, when only
    one card of the hand fits (`A|7 3|6 5 5`); raises IllegalAction when it is ambiguous.
    Text that does not read as cards is returned as it is (the parser will say why)."""
    body = text.strip()
    if body[:7].lower() == "arrange":
        body = body[7:]
    try:
        groups = [parse_loose(part) for part in body.split("|")]
    except CardParseError:
        return text
    named = {Card(rank, suit) for group in groups for rank, suit in group if suit is not None}
    bare: dict[Rank, list[int]] = {}
    for number, group in enumerate(groups):
        for rank, suit in group:
            if suit is None and not rank.is_joker:
                bare.setdefault(rank, []).append(number)
    if not bare:
        return text
    chosen: dict[Rank, list[Card]] = {}
    for rank, where in bare.items():
        free = [card for card in hand if card.rank == rank and card not in named]
        # Several cards of one rank typed bare fit only if they are all that is left of it
        # and all go to one group: across groups, which suit goes where would be a guess.
        if len(free) != len(where) or (len(free) > 1 and len(set(where)) > 1):
            if not free:
                raise IllegalAction("tianji.rank_not_held", rank=rank.label)
            raise IllegalAction("tianji.which_suit", rank=rank.label,
                                cards=format_compact(free), example=free[0].code)
        chosen[rank] = list(free)
    parts = []
    for group in groups:
        codes = []
        for rank, suit in group:
            card = Card(rank, suit) if suit is not None or rank.is_joker \
                else chosen[rank].pop(0)
            codes.append(card.code)
        parts.append(" ".join(codes))
    return "arrange " + "|".join(parts)


def parse_arrangement(text: str) -> Arrangement:
    """Read `arrange As|Kh Qd|2s 3h 5d` (the word `arrange` optional, `|` between groups).

    Six cards without separators are read in order as A, B, B, C, C, C.
    """
    body = text.strip()
    if body[:7].lower() == "arrange":
        body = body[7:]
    parts = body.split("|")
    if len(parts) == 1:
        cards = read_cards(body)
        if len(cards) == HAND_SIZE:
            return parse_groups([c.code for c in cards[:1]] + [
                " ".join(c.code for c in cards[1:3]), " ".join(c.code for c in cards[3:])])
    return parse_groups(parts)


def all_arrangements(hand: Iterable[Card]) -> list[Arrangement]:
    """The 60 arrangements of six cards, in a fixed order."""
    cards = high_first(hand)
    if len(cards) != HAND_SIZE:
        raise ValueError("an arrangement needs exactly six cards")
    found: list[Arrangement] = []
    for a in cards:
        rest = [c for c in cards if c != a]
        for b in combinations(rest, 2):
            c = tuple(x for x in rest if x not in b)
            found.append(Arrangement(a, b, c))  # type: ignore[arg-type]
    return found
