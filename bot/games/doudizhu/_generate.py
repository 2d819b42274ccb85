"""Move generation: every legal lead of a hand, or every answer to a move, by type.

Answers are generated directly for the type on the table (and bombs, rocket), never by
listing all leads and filtering. The hot loops are C-level `map`/`compress`/`combinations`
over interned move tables (see `_tables`).
"""

from __future__ import annotations

from itertools import combinations, compress

from bot.games.doudizhu import _tables as T
from bot.games.doudizhu._model import Move, MoveType

_IDX = tuple(range(15))
_GE2 = (False, False, True, True, True).__getitem__
_GE3 = (False, False, False, True, True).__getitem__
_REP = tuple(tuple((i,) * k for k in range(5)) for i in range(15))
_BITS = T.BITS
_CHAIN_BITS = T.CHAIN_BITS


def _single_kicker_pool(c: tuple[int, ...], start: int, n: int) -> list[int]:
    """Kicker cards a plane of `n` triples from `start` may take, ascending, as indices.

    RULES §1.1: no rank of the chain; at most three of a rank (a four is never a kicker);
    at most two of a rank next to the chain (such a triple would extend it), except the 2,
    which no chain can include.
    """
    pool: list[int] = []
    below, above = start - 1, start + n
    for i in compress(_IDX, c):
        if start <= i < above:
            continue
        k = c[i]
        if k > 2 and (i == below or (i == above and i != 12)):
            k = 2
        elif k == 4:
            k = 3
        pool += _REP[i][k]
    return pool


def _kicker_combos(pool: list[int], size: int) -> object:
    combos = combinations(pool, size)
    # Repeated ranks in the pool give repeated combinations; keep the first of each
    # (dict.fromkeys keeps the ascending order combinations() produces).
    return dict.fromkeys(combos) if len(set(pool)) < len(pool) else combos


def _plane_singles(out: list[Move], c: tuple[int, ...], start: int, n: int) -> None:
    pool = _single_kicker_pool(c, start, n)
    if len(pool) >= n:
        out += filter(None, map(T.PLANE_SINGLES[(start, n)].__getitem__,
                                _kicker_combos(pool, n)))


def _plane_pairs(out: list[Move], s2: list[int], start: int, n: int) -> None:
    end = start + n
    pool = [i for i in s2 if i < start or i >= end]
    if len(pool) >= n:
        out += map(T.PLANE_PAIRS[(start, n)].__getitem__, combinations(pool, n))


def _four_two_singles(out: list[Move], c: tuple[int, ...], f: int) -> None:
    pool: list[int] = []
    for i in compress(_IDX, c):
        if i != f:
            pool += _REP[i][2 if c[i] > 1 else 1]
    out += filter(None, map(T.FOUR_TWO_SINGLES[f].__getitem__, _kicker_combos(pool, 2)))


def _four_two_pairs(out: list[Move], s2: list[int], f: int) -> None:
    pool = [i for i in s2 if i != f]
    out += map(T.FOUR_TWO_PAIRS[f].__getitem__, combinations(pool, 2))


def leads(c: tuple[int, ...]) -> list[Move]:
    """Every move of the hand with counts `c`, in MoveType order, then length, rank, kickers."""
    s1 = list(compress(_IDX, c))
    s2 = list(compress(_IDX, map(_GE2, c)))
    s3 = list(compress(_IDX, map(_GE3, c)))
    out: list[Move] = list(map(T.SINGLES.__getitem__, s1))
    out += map(T.PAIRS.__getitem__, s2)
    out += map(T.TRIPLES.__getitem__, s3)
    for t in s3:
        out += filter(None, map(T.TRIPLE_SINGLES[t].__getitem__, s1))
    for t in s3:
        out += filter(None, map(T.TRIPLE_PAIRS[t].__getitem__, s2))
    out += T.STRAIGHTS_BY_MASK[sum(compress(_BITS, c))]
    out += T.PAIR_CHAINS_BY_MASK[sum(compress(_BITS, map(_GE2, c)))]
    if len(s3) > 1:
        mask3 = sum(compress(_BITS, map(_GE3, c)))
        out += T.TRIPLE_CHAINS_BY_MASK[mask3]
        spans = T.TRIPLE_SPANS_BY_MASK[mask3]
        for start, n in spans:
            if n <= T.PLANE_SINGLES_MAX:
                _plane_singles(out, c, start, n)
        for start, n in spans:
            if n <= T.PLANE_PAIRS_MAX:
                _plane_pairs(out, s2, start, n)
    s4 = [i for i in s3 if c[i] == 4]
    if s4:
        for f in s4:
            _four_two_singles(out, c, f)
        for f in s4:
            _four_two_pairs(out, s2, f)
        out += map(T.BOMBS.__getitem__, s4)
    if c[13] and c[14]:
        out.append(T.ROCKET)
    return out


def _chain_starts(rank: int, n: int) -> range:
    """Starts of chains of length n whose top is above index `rank` (and at most A)."""
    return range(max(0, rank - n + 2), T.CHAIN_TOP - n + 1)


def answers(c: tuple[int, ...], to_beat: Move) -> list[Move]:
    """Every move of the hand with counts `c` that beats `to_beat`, same order as leads."""
    kind = to_beat.type
    r = to_beat.rank - 3
    above = r + 1
    out: list[Move] = []
    if kind is MoveType.SINGLE:
        out += map(T.SINGLES.__getitem__, compress(_IDX[above:], c[above:]))
    elif kind is MoveType.PAIR:
        out += map(T.PAIRS.__getitem__, compress(_IDX[above:13], map(_GE2, c[above:13])))
    elif kind is MoveType.TRIPLE:
        out += map(T.TRIPLES.__getitem__, compress(_IDX[above:13], map(_GE3, c[above:13])))
    elif kind is MoveType.TRIPLE_SINGLE:
        s1 = list(compress(_IDX, c))
        for t in compress(_IDX[above:13], map(_GE3, c[above:13])):
            out += filter(None, map(T.TRIPLE_SINGLES[t].__getitem__, s1))
    elif kind is MoveType.TRIPLE_PAIR:
        s2 = list(compress(_IDX, map(_GE2, c)))
        for t in compress(_IDX[above:13], map(_GE3, c[above:13])):
            out += filter(None, map(T.TRIPLE_PAIRS[t].__getitem__, s2))
    elif kind is MoveType.ROCKET:
        return out
    elif kind is MoveType.BOMB:
        out += map(T.BOMBS.__getitem__, [i for i in range(above, 13) if c[i] == 4])
        if c[13] and c[14]:
            out.append(T.ROCKET)
        return out
    elif kind is MoveType.FOUR_TWO_SINGLES:
        for f in range(above, 13):
            if c[f] == 4:
                _four_two_singles(out, c, f)
    elif kind is MoveType.FOUR_TWO_PAIRS:
        s2 = None
        for f in range(above, 13):
            if c[f] == 4:
                if s2 is None:
                    s2 = list(compress(_IDX, map(_GE2, c)))
                _four_two_pairs(out, s2, f)
    else:
        _chain_answers(out, c, kind, r, to_beat.length)
    out += map(T.BOMBS.__getitem__, [i for i in range(13) if c[i] == 4])
    if c[13] and c[14]:
        out.append(T.ROCKET)
    return out


def _chain_answers(out: list[Move], c: tuple[int, ...], kind: MoveType, r: int, n: int) -> None:
    if kind is MoveType.STRAIGHT:
        mask = sum(compress(_BITS, c))
        table = T.STRAIGHTS
    else:
        mask = sum(compress(_BITS, map(_GE2 if kind is MoveType.PAIR_CHAIN else _GE3, c)))
        table = T.PAIR_CHAINS if kind is MoveType.PAIR_CHAIN else T.TRIPLE_CHAINS
    starts = [s for s in _chain_starts(r, n) if mask & _CHAIN_BITS[(s, n)] == _CHAIN_BITS[(s, n)]]
    if not starts:
        return
    if kind is MoveType.PLANE_SINGLES:
        for s in starts:
            _plane_singles(out, c, s, n)
    elif kind is MoveType.PLANE_PAIRS:
        s2 = list(compress(_IDX, map(_GE2, c)))
        for s in starts:
            _plane_pairs(out, s2, s, n)
    else:
        out += [table[(s, n)] for s in starts]
