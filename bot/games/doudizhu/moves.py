"""The 斗地主 move engine: parse, classify, compare and generate moves (RULES §1.1, §2).

Public API (a contract: the game, the AI, the host and the referee rely on these names):
`MoveType`, `Move`, `Hand`, `Constraints`, `MoveError`, `parse_hand`, `parse_move`,
`classify`, `legal_moves`, `beats`.

Listing order (`legal_moves`, `classify`): by type in `MoveType` declaration order (single,
pair, triple, triple_single, triple_pair, straight, pair_chain, triple_chain, plane_singles,
plane_pairs, four_two_singles, four_two_pairs, bomb, rocket), then chain length, then main
rank, then kickers (ascending rank indices, compared as tuples), all ascending. `order_key`
gives that key.

Moves are interned: the engine hands out one shared `Move` object per distinct move, so
identity, equality and hashing are cheap.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.cards import Card, Rank, parse_ranks
from bot.games.doudizhu._classify import classify_counts, explain
from bot.games.doudizhu._generate import answers, leads
from bot.games.doudizhu._model import (
    HARD,
    PURE,
    SOFT,
    TYPE_ORDER,
    Constraints,
    Hand,
    Move,
    MoveError,
    MoveType,
    bomb_kind,
)
from bot.games.doudizhu._wild import Wild
from bot.games.doudizhu._wild import readings as wild_readings_of
from bot.games.doudizhu._wild_fast import answers as wild_answers
from bot.games.doudizhu._wild_fast import leads as wild_leads

__all__ = [
    "HARD", "PURE", "SOFT", "Constraints", "Hand", "Move", "MoveError", "MoveType", "Wild",
    "beats", "bomb_kind", "classify", "legal_moves", "order_key", "parse_hand", "parse_move",
    "wild_readings",
]


def parse_hand(text: str) -> Hand:
    """A hand from player or test text (`33455667789TJQKA2BR`, `10 10 J`, `王炸`).

    Raises CardParseError for unreadable text, MoveError for more than four of a rank or
    more than one of a joker.
    """
    return Hand.from_ranks(parse_ranks(text))


def _counts(cards: Iterable[Rank | Card]) -> list[int]:
    c = [0] * 15
    for r in cards:
        c[(r.rank if isinstance(r, Card) else r) - 3] += 1
    return c


def classify(cards: Iterable[Rank | Card]) -> list[Move]:
    """Every reading of the cards as a move, in listing order; [] for a non-move."""
    return classify_counts(_counts(cards))


def led_reading(readings: list[Move]) -> Move:
    """The reading a led set of cards gets: the longest chain, then the highest rank."""
    return max(readings, key=lambda m: (m.length, m.rank))


def parse_move(text: str) -> Move:
    """The move the typed cards make when led (RULES §1.1); MoveError says why if none."""
    ranks = parse_ranks(text)
    c = _counts(ranks)
    readings = classify_counts(c)
    if not readings:
        raise explain(c, "".join(r.char for r in ranks))
    return led_reading(readings)


def classify_wild(cards: Iterable[Rank | Card], wild: Wild | None) -> list[Move]:
    """Every reading of the cards as one play (RULES §2.1 with wild cards), weakest first;
    `classify` when no rank is wild."""
    c = _counts(cards)
    if wild is None or not any(c[w] for w in wild.ranks):
        return classify_counts(c)
    return wild_readings_of(c, wild)


wild_readings = classify_wild


def legal_moves(hand: Hand, to_beat: Move | None = None,
                constraints: Constraints | None = None,
                wild: Wild | None = None) -> list[Move]:
    """Every distinct legal move of `hand` (pass excluded), in listing order.

    Leading when `to_beat` is None, else the moves that beat it; `constraints` applies the
    two-player landlord's prohibitions (RULES §2). With `wild` (癞子, RULES §2.1) every
    reading the hand can make, each played with its fewest wild cards, in listing order.
    """
    c = hand.counts
    if wild is not None and any(c[w] for w in wild.ranks):
        moves = wild_leads(c, wild) if to_beat is None else wild_answers(c, wild, to_beat)
        # already in listing order (type, length, rank, kickers; then cards)
    elif wild is not None and to_beat is not None and to_beat.type is MoveType.BOMB:
        # No wild card in hand: the classic moves, but a bomb to beat may be a 软炸, a long
        # bomb or a 纯癞子炸, which the classic answers (by rank) do not know.
        moves = [m for m in leads(c) if m.is_bomb and m.beats(to_beat)]
    else:
        moves = leads(c) if to_beat is None else answers(c, to_beat)
    if constraints is not None and constraints.active:
        moves = [m for m in moves if constraints.allows(m)]
    return moves


def beats(move: Move, other: Move) -> bool:
    """True if `move` beats `other` (RULES §1.1); the same as `move.beats(other)`."""
    return move.beats(other)


def order_key(move: Move) -> tuple[int, int, int, tuple[Rank, ...]]:
    """The listing-order key: type, length, rank, kickers."""
    return TYPE_ORDER[move.type], move.length, move.rank, move.kickers
