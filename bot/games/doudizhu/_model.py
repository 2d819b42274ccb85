"""The values of the move engine: move types, moves, hands, the two-player constraints.

Internally a rank is an index `i = rank - 3` (0 = 3 … 11 = A, 12 = 2, 13 = B, 14 = R) and a
hand is a 15-slot count tuple; the public types speak `Rank`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum

from bot.cards import RANK_CHARS, Card, Rank
from bot.errors import IllegalAction

RANKS: tuple[Rank, ...] = tuple(Rank(i + 3) for i in range(15))
"""Rank by index (rank value − 3)."""

TWO_INDEX = 12
BLACK_JOKER_INDEX = 13
RED_JOKER_INDEX = 14


class MoveError(IllegalAction):
    """Cards that are not a move, or a hand that cannot exist; carries the reason."""


class MoveType(StrEnum):
    """The fourteen kinds of move of RULES §1.1, in the engine's listing order."""

    SINGLE = "single"  # 单牌
    PAIR = "pair"  # 对牌
    TRIPLE = "triple"  # 三张
    TRIPLE_SINGLE = "triple_single"  # 三带一
    TRIPLE_PAIR = "triple_pair"  # 三带对
    STRAIGHT = "straight"  # 顺子
    PAIR_CHAIN = "pair_chain"  # 连对
    TRIPLE_CHAIN = "triple_chain"  # 飞机 (no wings)
    PLANE_SINGLES = "plane_singles"  # 飞机带小翼
    PLANE_PAIRS = "plane_pairs"  # 飞机带大翼
    FOUR_TWO_SINGLES = "four_two_singles"  # 四带二
    FOUR_TWO_PAIRS = "four_two_pairs"  # 四带两对
    BOMB = "bomb"  # 炸弹
    ROCKET = "rocket"  # 火箭 / 王炸


TYPE_ORDER: dict[MoveType, int] = {t: i for i, t in enumerate(MoveType)}
FOUR_WITH_TWO = frozenset({MoveType.FOUR_TWO_SINGLES, MoveType.FOUR_TWO_PAIRS})


SOFT, HARD, PURE = "soft", "hard", "pure"  # 软炸 (wild standing in), 硬炸, 纯癞子炸


def bomb_power(size: int, rank_index: int, kind: str) -> int:
    """A bomb's strength (RULES §2.1): more cards first, then a 纯癞子炸 above any four-card
    bomb, then rank, then a 硬炸 above a 软炸 of the same rank."""
    return size * 100 + (50 if kind == PURE else 0) + 2 * rank_index + (kind == HARD)


def bomb_kind(move: Move) -> str | None:
    """软炸 / 硬炸 / 纯癞子炸 of a bomb (by its power), None for any other move."""
    if move.type is not MoveType.BOMB:
        return None
    power = move.power % 100
    return PURE if power >= 50 else HARD if power % 2 else SOFT


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Move:
    """One reading of a set of cards as a move (type, main rank, chain length, kickers).

    `cards` and `kickers` are ascending. Two moves are equal when their type, rank, length,
    cards and bomb power are; the engine hands out one shared object per distinct move.

    With wild cards (癞子, RULES §2.1) `cards` are the cards played as they are (a wild card
    by its own rank) and type, rank and length are the reading's; `power` orders bombs
    (`bomb_power`): a classic bomb's follows its rank.
    """

    type: MoveType
    rank: Rank  # highest rank of the chain; rank of the triple/four
    length: int  # ranks in the chain; 1 for non-chain types
    cards: tuple[Rank, ...]
    kickers: tuple[Rank, ...] = ()
    power: int = 0  # bombs: bomb_power(...); 0 for any other move
    _hash: int = field(init=False, repr=False, compare=False, default=0)

    def __post_init__(self) -> None:
        # Moves live in sets and dict keys (hints, AI); hash once, not on every lookup.
        object.__setattr__(self, "_hash", hash((self.type, self.rank, self.length, self.cards)))
        if self.type is MoveType.BOMB and not self.power:
            object.__setattr__(self, "power", bomb_power(4, int(self.rank) - 3, HARD))

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Move):
            return NotImplemented
        return (self._hash == other._hash and self.type is other.type
                and self.rank == other.rank and self.length == other.length
                and self.cards == other.cards and self.power == other.power)

    def __hash__(self) -> int:
        return self._hash

    def beats(self, other: Move) -> bool:
        """RULES §1.1: rocket > bombs (by power: rank, and §2.1's kinds) > any other move of
        the same type and size."""
        mine, theirs = self.type, other.type
        if mine is MoveType.ROCKET:
            return theirs is not MoveType.ROCKET
        if theirs is MoveType.ROCKET:
            return False
        if mine is MoveType.BOMB:
            return theirs is not MoveType.BOMB or self.power > other.power
        return mine is theirs and self.length == other.length and self.rank > other.rank

    @property
    def is_bomb(self) -> bool:
        """True for a bomb or the rocket."""
        return self.type is MoveType.BOMB or self.type is MoveType.ROCKET

    def __str__(self) -> str:
        return "".join([RANK_CHARS[r - 3] for r in self.cards])

    def __repr__(self) -> str:
        return f"Move({self.type.value} {self})"


_new = object.__new__
# The slots' own setters (a frozen dataclass refuses plain assignment).
_set_type, _set_rank, _set_length, _set_cards, _set_kickers, _set_power, _set_hash = (
    getattr(Move, name).__set__
    for name in ("type", "rank", "length", "cards", "kickers", "power", "_hash"))


def make_move(kind: MoveType, rank: Rank, length: int, cards: tuple[Rank, ...],
              kickers: tuple[Rank, ...] = (), power: int = 0) -> Move:
    """`Move(kind, rank, length, cards, kickers, power)` without the dataclass's frozen
    `__init__` (a third of its cost): the generators make moves by the hundred thousand.
    A bomb needs its `power` here (`bomb_power`); the constructor's default is not applied."""
    move = _new(Move)
    _set_type(move, kind)
    _set_rank(move, rank)
    _set_length(move, length)
    _set_cards(move, cards)
    _set_kickers(move, kickers)
    _set_power(move, power)
    _set_hash(move, hash((kind, rank, length, cards)))
    return move


class Hand:
    """An immutable multiset of ranks (suits do not matter in play)."""

    __slots__ = ("_counts",)
    _counts: tuple[int, ...]

    def __init__(self, counts: Iterable[int] = (0,) * 15) -> None:
        """A hand from its 15 rank counts (index = rank value − 3)."""
        counts = tuple(counts)
        if len(counts) != 15:
            raise ValueError("a hand has 15 rank counts")
        if min(counts) < 0 or max(counts) > 4 or counts[13] > 1 or counts[14] > 1:
            for i, n in enumerate(counts):
                if n < 0:
                    raise ValueError("a rank count cannot be negative")
                limit = 1 if i >= BLACK_JOKER_INDEX else 4
                if n > limit:
                    raise MoveError("ddz.move.too_many_of_rank", rank=RANKS[i].char,
                                    count=n, limit=limit)
        object.__setattr__(self, "_counts", counts)

    @classmethod
    def _trusted(cls, counts: tuple[int, ...]) -> Hand:
        # Counts derived from a valid hand by removing cards are valid: skip the checks.
        hand = object.__new__(cls)
        object.__setattr__(hand, "_counts", counts)
        return hand

    @classmethod
    def from_ranks(cls, ranks: Iterable[Rank | Card]) -> Hand:
        """The hand holding these ranks (cards are read by rank)."""
        counts = [0] * 15
        for r in ranks:
            counts[(r.rank if isinstance(r, Card) else r) - 3] += 1
        return cls(counts)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Hand is immutable")

    def __reduce__(self) -> tuple[type[Hand], tuple[tuple[int, ...]]]:
        return Hand, (self._counts,)

    @property
    def counts(self) -> tuple[int, ...]:
        """Cards held per rank index (rank value − 3)."""
        return self._counts

    def count(self, rank: Rank) -> int:
        """How many cards of `rank` the hand holds."""
        return self._counts[rank - 3]

    def __len__(self) -> int:
        return sum(self._counts)

    def ranks(self) -> tuple[Rank, ...]:
        """Every card's rank, ascending, with repeats."""
        return tuple(RANKS[i] for i, n in enumerate(self._counts) for _ in range(n))

    def contains(self, cards: Iterable[Rank]) -> bool:
        """True if the hand holds all these cards (as a multiset)."""
        need = [0] * 15
        for r in cards:
            need[r - 3] += 1
        return all(n <= have for n, have in zip(need, self._counts, strict=True))

    def remove(self, cards: Iterable[Rank]) -> Hand:
        """The hand without these cards; ValueError if it does not hold them."""
        counts = list(self._counts)
        for r in cards:
            counts[r - 3] -= 1
            if counts[r - 3] < 0:
                raise ValueError(f"the hand holds no {Rank(r).char} to remove")
        return Hand._trusted(tuple(counts))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and self._counts == other._counts

    def __hash__(self) -> int:
        return hash(self._counts)

    def __str__(self) -> str:
        return "".join(RANK_CHARS[i] * n for i, n in enumerate(self._counts))

    def __repr__(self) -> str:
        return f"Hand({str(self)!r})"


@dataclass(frozen=True, slots=True)
class Constraints:
    """The two-player landlord's three prohibitions (地主三不准), RULES §2."""

    keep_twos_whole: bool = False  # holding four 2s: 2s only as that bomb or as 4+2 of 2s
    keep_rocket_whole: bool = False  # holding both jokers: jokers only as the rocket
    no_four_with_two: bool = False  # more than two bombs-and-rockets: never four-with-two

    @classmethod
    def for_two_player_landlord(cls, hand: Hand) -> Constraints:
        """The prohibitions for a landlord holding `hand` (after taking the bottom cards)."""
        c = hand.counts
        rocket = c[BLACK_JOKER_INDEX] == 1 and c[RED_JOKER_INDEX] == 1
        bombs = sum(1 for n in c[:13] if n == 4) + rocket
        return cls(keep_twos_whole=c[TWO_INDEX] == 4, keep_rocket_whole=rocket,
                   no_four_with_two=bombs > 2)

    @property
    def active(self) -> bool:
        """True if any prohibition applies."""
        return self.keep_twos_whole or self.keep_rocket_whole or self.no_four_with_two

    def allows(self, move: Move) -> bool:
        """True if the prohibitions let the landlord play `move`."""
        kind = move.type
        if self.no_four_with_two and kind in FOUR_WITH_TWO:
            return False
        cards = move.cards
        if (self.keep_rocket_whole and kind is not MoveType.ROCKET
                and (Rank.BLACK_JOKER in cards or Rank.RED_JOKER in cards)):
            return False
        if self.keep_twos_whole and Rank.TWO in cards:
            return move.rank is Rank.TWO and (kind is MoveType.BOMB or kind in FOUR_WITH_TWO)
        return True
