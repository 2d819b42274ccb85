"""Dealing a 斗地主 hand (RULES.md §1.2, §2): seeded shuffles, the face-up card, redeals.

Deal `k` of a hand (k = 0 first, then one more after each all-pass redeal) shuffles
`deck54()` with `random.Random(seed)` for k = 0 and `random.Random(f"{seed}/{k}")` after, so
every redeal is fixed by the seed and the deal count. Seats 0, 1, 2 get 17 cards each
(deck positions 0–16, 17–33, 34–50), the last three are the bottom (底牌). One card of the 54
is then drawn face up (明牌): its holder bids first; a bottom card — or, with two players,
a card of the empty seat's hand — gives the first bid to the dealer.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from bot.cards import Card, deck54, sort_cards

HAND_SIZE = 17
CARD_BY_CODE: dict[str, Card] = {card.code: card for card in deck54()}
RANK_INDEX: dict[str, int] = {card.code: card.rank - 3 for card in deck54()}
"""Card code → rank index (rank value − 3), as the move engine counts hands."""
_ORDER: dict[str, int] = {card.code: i for i, card in enumerate(sort_cards(deck54()))}
_CODES54: tuple[str, ...] = tuple(card.code for card in deck54())  # in `deck54()`'s order

Cards = tuple[str, ...]
"""Cards in a state: suited compact codes (`Ts`, `B`), sorted in play order."""


def sort_codes(codes: Iterable[str]) -> Cards:
    """Card codes sorted in play order (rank, then suit)."""
    return tuple(sorted(codes, key=_ORDER.__getitem__))


def rank_counts(codes: Iterable[str]) -> list[int]:
    """The 15 rank counts of some cards (index = rank value − 3)."""
    counts = [0] * 15
    for index in map(RANK_INDEX.__getitem__, codes):
        counts[index] += 1
    return counts


@dataclass(frozen=True, slots=True)
class Deal:
    """Three hands of 17 (sorted card codes), the bottom, and the face-up card."""

    hands: tuple[Cards, Cards, Cards]
    bottom: Cards
    face_up: str

    def holder(self, card: str) -> int | None:
        """The hand holding `card`, or None for the bottom."""
        for index, hand in enumerate(self.hands):
            if card in hand:
                return index
        return None

    def first_bidder(self, players: int, dealer: int) -> int:
        """Who bids first: the face-up card's holder, else the dealer."""
        holder = self.holder(self.face_up)
        return holder if holder is not None and holder < players else dealer


def deal_rng(seed: int, deal: int) -> random.Random:
    """The generator of deal number `deal` of the hand dealt from `seed`."""
    return random.Random(seed if deal == 0 else f"{seed}/{deal}")


def deal_cards(seed: int, deal: int = 0) -> Deal:
    """Shuffle and deal; the same seed and deal number always give the same cards."""
    rng = deal_rng(seed, deal)
    codes = list(_CODES54)  # the cards' codes shuffled: the same order as shuffling deck54()
    rng.shuffle(codes)
    face_up = codes[rng.randrange(len(codes))]
    hands = tuple(sort_codes(codes[i * HAND_SIZE:(i + 1) * HAND_SIZE]) for i in range(3))
    bottom = sort_codes(codes[3 * HAND_SIZE:])
    return Deal(hands, bottom, face_up)  # type: ignore[arg-type]


PACKET = 4  # 不洗牌: cards per packet, four rounds of packets, then one card each


def deal_gathered(seed: int, order: Iterable[str]) -> Deal:
    """不洗牌 (RULES §2.1): the last hand's 54 cards in the order gathered, cut at a seeded
    position and dealt in packets of four round the seats (four rounds), then one each; the
    last three are the bottom. The face-up card is drawn as in `deal_cards`."""
    codes = list(order)
    if sorted(codes) != sorted(_CODES54):
        raise ValueError("a gathered deck holds each of the 54 cards once")
    rng = random.Random(f"{seed}/gathered")
    cut = rng.randrange(1, len(codes))
    codes = codes[cut:] + codes[:cut]
    hands: list[list[str]] = [[], [], []]
    at = 0
    for _ in range(HAND_SIZE // PACKET):
        for seat in range(3):
            hands[seat] += codes[at:at + PACKET]
            at += PACKET
    for seat in range(3):
        hands[seat] += codes[at:at + HAND_SIZE - len(hands[seat])]
        at += HAND_SIZE - PACKET * (HAND_SIZE // PACKET)
    face_up = codes[rng.randrange(len(codes))]
    return Deal(tuple(sort_codes(h) for h in hands), sort_codes(codes[at:]),  # type: ignore[arg-type]
                face_up)


def draw_wild(seed: int, deal: int, which: str, other: int | None = None) -> int:
    """A wild rank index 0–12 (3…2) drawn from the hand's seed (RULES §2.1, docs/fairness.md
    §4): `which` is "tian" (天地癞子's 天癞子, at the deal), "di" (its 地癞子, after the bottom is
    taken, never `other`) or "laizi" (the 癞子 variant's one wild rank, after the bottom)."""
    rng = random.Random(f"{seed}/{deal}/wild/{which}")
    ranks = [i for i in range(13) if i != other]
    return ranks[rng.randrange(len(ranks))]


def cards_text(cards: Iterable[str]) -> str:
    """Suited compact codes separated by spaces (`3s 3h Ts B`)."""
    return " ".join(cards)


def cards_from_text(text: str) -> Cards:
    """Inverse of cards_text; raises KeyError on anything but exact card codes."""
    known = _read.get(text)
    if known is not None:
        return known
    codes = tuple(text.split())
    if not _CODES.issuperset(codes):
        raise KeyError(next(code for code in codes if code not in _CODES))
    if len(_read) >= 100_000:
        _read.clear()
    _read[text] = codes
    return codes


_CODES = frozenset(CARD_BY_CODE)
# Saved states are read again and again with the same hands: remember what was read.
_read: dict[str, Cards] = {}
