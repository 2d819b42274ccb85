"""Group ranking of 田忌赛马 poker (RULES.md §3.2–§3.4): keys for groups A, B and C.

Cards are numbered 0…51 in group-A order (`card_index`): rank with A high and 2 low, then
suit ♠ > ♥ > ♣ > ♦, so group A needs no table. Groups B and C have a structural sort key
(`b_sort_key`, `c_sort_key`: tuples that read like the rules) and, for speed, a dense rank
(`b_rank`, `c_rank`: 0 = lowest) looked up in tables built once, on first use.

Group C is linear by `c_rank` (渣牌 lowest, 豹子 highest) except for the one cycle of the
rules: 渣牌 beats 豹子. `c_beats` applies the cycle; round 2 of the settlement uses the linear
order, exactly as §3.5 describes it.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from functools import cache
from itertools import combinations

from bot.cards import Card, Rank, Suit


class CType(IntEnum):
    """Group-C types in linear order (渣牌 lowest; it beats only 豹子)."""

    ZHA = 0  # 渣牌: 2-3-5 not all of one suit
    HIGH = 1  # 单张 / 散单
    PAIR = 2  # 对子
    STRAIGHT = 3  # 顺子
    FLUSH = 4  # 同花
    STRAIGHT_FLUSH = 5  # 同花顺
    LEOPARD = 6  # 豹子: three of a kind


def tj_rank(card: Card) -> int:
    """Rank in 田忌 order: 2 lowest (2) … K (13), A highest (14)."""
    return 2 if card.rank is Rank.TWO else int(card.rank)


def card_index(card: Card) -> int:
    """0…51 in group-A order (2♦ = 0, A♠ = 51); jokers are not in the game."""
    if card.suit is None:
        raise ValueError("jokers are not used in 田忌赛马")
    return (tj_rank(card) - 2) * 4 + int(card.suit)


def index_card(index: int) -> Card:
    """Inverse of card_index."""
    rank, suit = divmod(index, 4)
    rank += 2
    return Card(Rank.TWO if rank == 2 else Rank(rank), Suit(suit))


def a_key(card: Card) -> int:
    """Group A: rank (A high), then suit; a total order."""
    return card_index(card)


# ---------------------------------------------------------------------------------------
# Group B (十点半)

def b_half_points(card: Card) -> int:
    """Points ×2 so that the ½ of a picture card stays an int: A 2, 2–10 face ×2, JQK 1."""
    rank = tj_rank(card)
    if rank == 14:
        return 2
    return 1 if rank > 10 else 2 * rank


def b_total(cards: Sequence[Card]) -> float:
    """The 十点半 total of a hand (over 10½ is bust)."""
    return sum(b_half_points(c) for c in cards) / 2


def b_sort_key(cards: Sequence[Card]) -> tuple[int, ...]:
    """Group B order: total (10½ high … 1, then bust 11 … 20), then the higher card by points,
    natural rank and suit, then the lower card the same way.

    The lower card only matters for hands that share their higher card, which never meet at
    one table; it makes the order total over all 1,326 hands.
    """
    first, second = cards
    half = b_half_points(first) + b_half_points(second)
    total_class = half + 20 if half <= 21 else 42 - half  # bust: the further over, the lower
    high, low = sorted(((b_half_points(c), tj_rank(c), int(c.suit)) for c in cards),
                       reverse=True)
    return (total_class, *high, *low)


# ---------------------------------------------------------------------------------------
# Group C (三张)

def _straight_top(ranks: Sequence[int]) -> int | None:
    """Top of a straight from ranks sorted high to low; A-2-3 counts as 3 (the lowest)."""
    if ranks[0] - ranks[1] == 1 and ranks[1] - ranks[2] == 1:
        return ranks[0]
    if tuple(ranks) == (14, 3, 2):
        return 3
    return None


def c_sort_key(cards: Sequence[Card]) -> tuple[int, ...]:
    """Group C linear order: type, then ranks in comparison order, then suits in that order."""
    held = sorted(((tj_rank(c), int(c.suit)) for c in cards), reverse=True)
    ranks = [r for r, _ in held]
    suits = [s for _, s in held]
    flush = suits[0] == suits[1] == suits[2]
    if ranks[0] == ranks[2]:
        return (CType.LEOPARD, ranks[0], *suits)
    top = _straight_top(ranks)
    if top is not None:
        # From the top card down; for A-2-3 the 3, then the 2, then the A.
        order = [suits[1], suits[2], suits[0]] if top == 3 else suits
        return (CType.STRAIGHT_FLUSH if flush else CType.STRAIGHT, top, *order)
    if flush:
        return (CType.FLUSH, *ranks, *suits)
    if ranks[0] == ranks[1] or ranks[1] == ranks[2]:
        pair = ranks[1]
        pair_suits = sorted((s for r, s in held if r == pair), reverse=True)
        kicker, kicker_suit = next((r, s) for r, s in held if r != pair)
        return (CType.PAIR, pair, kicker, *pair_suits, kicker_suit)
    if ranks == [5, 3, 2]:
        return (CType.ZHA, *suits)  # suit of the 5, then the 3, then the 2
    return (CType.HIGH, *ranks, *suits)


def c_type(cards: Sequence[Card]) -> CType:
    """The type of a three-card group."""
    return CType(c_sort_key(cards)[0])


# ---------------------------------------------------------------------------------------
# Dense rank tables, built on first use (the C table takes ~0.1 s).

class _Tables:
    """Dense ranks of every two- and three-card hand, indexed by sorted card indices."""

    def __init__(self) -> None:
        deck = [index_card(i) for i in range(52)]
        pairs = sorted(combinations(range(52), 2),
                       key=lambda p: b_sort_key((deck[p[0]], deck[p[1]])))
        self.b = [0] * (52 * 52)
        for rank, (x, y) in enumerate(pairs):
            self.b[x * 52 + y] = self.b[y * 52 + x] = rank
        keyed = sorted((c_sort_key((deck[x], deck[y], deck[z])), x, y, z)
                       for x, y, z in combinations(range(52), 3))
        self.c = [0] * (52 * 52 * 52)
        self.c_type_start = [0] * 8
        for rank, (key, x, y, z) in enumerate(keyed):
            self.c[x * 2704 + y * 52 + z] = rank
            self.c_type_start[key[0] + 1] = rank + 1
        self.c_count = len(keyed)
        self.leopard_min = self.c_type_start[CType.LEOPARD]
        self.zha_limit = self.c_type_start[CType.HIGH]


@cache
def tables() -> _Tables:
    """The rank tables (built once, on first call)."""
    return _Tables()


B_HANDS = 1326
C_HANDS = 22100


def b_rank(cards: Sequence[Card]) -> int:
    """Dense group-B rank, 0 (the worst 20) … 1325 (♠10 + ♠K)."""
    x, y = (card_index(c) for c in cards)
    return tables().b[x * 52 + y]


def c_rank_of_indices(x: int, y: int, z: int) -> int:
    """Dense group-C rank from three card indices in ascending order."""
    return tables().c[x * 2704 + y * 52 + z]


def c_rank(cards: Sequence[Card]) -> int:
    """Dense linear group-C rank, 0 (lowest 渣牌) … 22099 (♠♥♣ aces)."""
    x, y, z = sorted(card_index(c) for c in cards)
    return c_rank_of_indices(x, y, z)


def c_type_of_rank(rank: int) -> CType:
    """The type of a dense group-C rank."""
    starts = tables().c_type_start
    for ctype in reversed(CType):
        if rank >= starts[ctype]:
            return ctype
    raise ValueError(rank)


def c_rank_beats(x: int, y: int) -> bool:
    """Group-C comparison of dense ranks with the cycle: 渣牌 beats 豹子, 豹子 the rest."""
    t = tables()
    if x < t.zha_limit and y >= t.leopard_min:
        return True
    if y < t.zha_limit and x >= t.leopard_min:
        return False
    return x > y


def c_beats(first: Sequence[Card], second: Sequence[Card]) -> bool:
    """True when the three-card group `first` beats `second` (the cycle included)."""
    return c_rank_beats(c_rank(first), c_rank(second))
