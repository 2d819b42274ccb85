"""Interned moves: every distinct move is built once and shared.

The move universe is finite (27,471 moves, the size of RLCard's action space), so the
generator never constructs a Move on the hot path: it looks them up. Moves without kickers
are built here at import (about 600); moves with kickers are built on first use, in tables
keyed by the kicker rank indices, which lets the generator map `dict.__getitem__` over
`itertools.combinations` entirely in C. Chains are looked up by the bit mask of the ranks
that can take part (3…A, 12 bits), also built on first use.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.games.doudizhu._model import RANKS, Move, MoveType

ChainSpan = tuple[int, int]  # (start index, length)

# Chain length bounds (RULES §1.1: bounded by the 20-card hand) and minimums.
STRAIGHT_LENGTHS = range(5, 13)
PAIR_CHAIN_LENGTHS = range(3, 11)
TRIPLE_CHAIN_LENGTHS = range(2, 7)
PLANE_SINGLES_MAX = 5
PLANE_PAIRS_MAX = 4
CHAIN_TOP = 12  # chains use indices 0..11 (3…A): never a 2 or a joker


def build_move(kind: MoveType, rank: int, length: int, main: tuple[int, ...],
               kickers: tuple[int, ...] = ()) -> Move:
    """A new Move from rank indices (kickers ascending)."""
    cards = tuple([RANKS[i] for i in sorted(main + kickers)])
    return Move(kind, RANKS[rank], length, cards, tuple([RANKS[i] for i in kickers]))


SINGLES: tuple[Move, ...] = tuple(build_move(MoveType.SINGLE, i, 1, (i,)) for i in range(15))
PAIRS: tuple[Move, ...] = tuple(build_move(MoveType.PAIR, i, 1, (i,) * 2) for i in range(13))
TRIPLES: tuple[Move, ...] = tuple(build_move(MoveType.TRIPLE, i, 1, (i,) * 3) for i in range(13))
BOMBS: tuple[Move, ...] = tuple(build_move(MoveType.BOMB, i, 1, (i,) * 4) for i in range(13))
ROCKET: Move = build_move(MoveType.ROCKET, 14, 1, (13, 14))

# TRIPLE_SINGLES[t][k]: triple t with kicker k (None when k == t); TRIPLE_PAIRS likewise.
TRIPLE_SINGLES: tuple[tuple[Move | None, ...], ...] = tuple(
    tuple(None if k == t else build_move(MoveType.TRIPLE_SINGLE, t, 1, (t,) * 3, (k,))
          for k in range(15))
    for t in range(13))
TRIPLE_PAIRS: tuple[tuple[Move | None, ...], ...] = tuple(
    tuple(None if k == t else build_move(MoveType.TRIPLE_PAIR, t, 1, (t,) * 3, (k, k))
          for k in range(13))
    for t in range(13))


def _chains(kind: MoveType, lengths: range, width: int) -> dict[ChainSpan, Move]:
    return {(start, n): build_move(kind, start + n - 1, n,
                                   tuple(i for i in range(start, start + n) for _ in range(width)))
            for n in lengths for start in range(CHAIN_TOP - n + 1)}


STRAIGHTS = _chains(MoveType.STRAIGHT, STRAIGHT_LENGTHS, 1)
PAIR_CHAINS = _chains(MoveType.PAIR_CHAIN, PAIR_CHAIN_LENGTHS, 2)
TRIPLE_CHAINS = _chains(MoveType.TRIPLE_CHAIN, TRIPLE_CHAIN_LENGTHS, 3)

# CHAIN_BITS[(start, n)]: the mask of the chain's ranks.
CHAIN_BITS: dict[ChainSpan, int] = {(start, n): ((1 << n) - 1) << start
                                    for n in range(2, 13) for start in range(CHAIN_TOP - n + 1)}
BITS: tuple[int, ...] = tuple(1 << i for i in range(CHAIN_TOP))


def chain_spans(mask: int, lengths: range) -> tuple[ChainSpan, ...]:
    """Every chain inside `mask` with a length in `lengths`, by length then start."""
    spans = []
    for n in lengths:
        for start in range(CHAIN_TOP - n + 1):
            bits = CHAIN_BITS[(start, n)]
            if mask & bits == bits:
                spans.append((start, n))
    return tuple(spans)


class _Memo(dict):  # type: ignore[type-arg]
    """A dict that fills a missing key from a function (memoised, in C on a hit)."""

    __slots__ = ("_fill",)

    def __init__(self, fill: Callable[[object], object]) -> None:
        super().__init__()
        self._fill = fill

    def __missing__(self, key: object) -> object:
        value = self[key] = self._fill(key)
        return value


def _moves_by_mask(moves: dict[ChainSpan, Move], lengths: range) -> _Memo:
    return _Memo(lambda mask: tuple(moves[s] for s in chain_spans(mask, lengths)))  # type: ignore[arg-type]


# By mask of ranks 3…A held at least once / twice / three times: the chains, in order.
STRAIGHTS_BY_MASK = _moves_by_mask(STRAIGHTS, STRAIGHT_LENGTHS)
PAIR_CHAINS_BY_MASK = _moves_by_mask(PAIR_CHAINS, PAIR_CHAIN_LENGTHS)
TRIPLE_CHAINS_BY_MASK = _moves_by_mask(TRIPLE_CHAINS, TRIPLE_CHAIN_LENGTHS)
TRIPLE_SPANS_BY_MASK = _Memo(lambda mask: chain_spans(mask, TRIPLE_CHAIN_LENGTHS))  # type: ignore[arg-type]


def _doubled(kickers: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(i for i in kickers for _ in (0, 1))


def _single_kickers(kind: MoveType, rank: int, length: int,
                    main: tuple[int, ...]) -> _Memo:
    # Keys are ascending kicker indices; both jokers as kickers is no move (None).
    def fill(key: tuple[int, ...]) -> Move | None:
        if key[-2:] == (13, 14):
            return None
        return build_move(kind, rank, length, main, key)
    return _Memo(fill)  # type: ignore[arg-type]


def _pair_kickers(kind: MoveType, rank: int, length: int, main: tuple[int, ...]) -> _Memo:
    return _Memo(lambda key: build_move(kind, rank, length, main, _doubled(key)))  # type: ignore[arg-type]


def _plane_main(start: int, n: int) -> tuple[int, ...]:
    return tuple(i for i in range(start, start + n) for _ in range(3))


# Kicker tables: FOUR_TWO_SINGLES[f][(a, b)], FOUR_TWO_PAIRS[f][(a, b)] (pair ranks),
# PLANE_SINGLES[(start, n)][kickers], PLANE_PAIRS[(start, n)][pair ranks].
FOUR_TWO_SINGLES = tuple(_single_kickers(MoveType.FOUR_TWO_SINGLES, f, 1, (f,) * 4)
                         for f in range(13))
FOUR_TWO_PAIRS = tuple(_pair_kickers(MoveType.FOUR_TWO_PAIRS, f, 1, (f,) * 4)
                       for f in range(13))
PLANE_SINGLES = {(start, n): _single_kickers(MoveType.PLANE_SINGLES, start + n - 1, n,
                                             _plane_main(start, n))
                 for n in range(2, PLANE_SINGLES_MAX + 1) for start in range(CHAIN_TOP - n + 1)}
PLANE_PAIRS = {(start, n): _pair_kickers(MoveType.PLANE_PAIRS, start + n - 1, n,
                                         _plane_main(start, n))
               for n in range(2, PLANE_PAIRS_MAX + 1) for start in range(CHAIN_TOP - n + 1)}


def clear_caches() -> None:
    """Forget every move and chain list built on first use (for cold-start measurements)."""
    for memo in (STRAIGHTS_BY_MASK, PAIR_CHAINS_BY_MASK, TRIPLE_CHAINS_BY_MASK,
                 TRIPLE_SPANS_BY_MASK, *FOUR_TWO_SINGLES, *FOUR_TWO_PAIRS,
                 *PLANE_SINGLES.values(), *PLANE_PAIRS.values()):
        memo.clear()
