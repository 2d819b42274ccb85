"""Moves with wild cards (癞子 / 天地癞子, RULES §2.1): generation and readings.

A wild card (every card of a wild rank) may stand for any rank 3…2 in a play that holds at
least one card that is not wild; a play made only of wild cards reads them as themselves,
and four wild cards are also the 纯癞子炸. A `Move` here keeps the cards as played (a wild by
its own rank) in `cards`, the reading in type, rank and length, and the bomb's kind in
`power` (`_model.bomb_power`).

Generation works by pattern, not by trying every assignment: for each shape (a pair of r, a
chain from s of n ranks of width w, ...) the cards it lacks are counted, and the shape is
open when the wild cards cover them. Each open reading is played with the fewest wild cards
(the hand's own cards of each rank first; a wild rank's own cards for that rank first; then
the lowest wild cards), which reaches every reading a hand has (`tests/games/doudizhu/
test_wild_brute.py` checks that against a brute force over every subset and assignment).
A play that spends a wild card where a natural card would do makes no new reading; the
referee still accepts it when typed (`readings`). Readings come out in listing order as
they are made (type by type; within a type by length, rank, then kickers), so nothing is
sorted at the end: `benchmarks/wild_moves.py` times the generator against the classic one.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations
from operator import itemgetter

from bot.games.doudizhu import _tables as T
from bot.games.doudizhu._classify import classify_counts
from bot.games.doudizhu._model import (
    HARD,
    PURE,
    RANKS,
    SOFT,
    TYPE_ORDER,
    Move,
    MoveType,
    bomb_power,
    make_move,
)

LONG_BOMB_MAX = 8  # RULES §2.1: long bombs of 5–8 cards (天地癞子 only)


@dataclass(frozen=True, slots=True)
class Wild:
    """The wild ranks in force (rank indices 0–12, ascending) and whether long bombs count."""

    ranks: tuple[int, ...]
    long_bombs: bool = False

    @property
    def top(self) -> int:
        """The rank a 纯癞子炸 is shown as (the highest wild rank)."""
        return self.ranks[-1]


# Interned readings, keyed by their listing-order key plus cards and power (plain ints, so
# hashing and sorting stay in C): (type order, length, rank, kickers, cards, power).
_interned: dict[tuple[object, ...], Move] = {}
# Kicker tables: for one main part (kind, rank, length, its cards), kicker combination →
# (key, move); filled on first use, so a hand's kickers are looked up with `map` in C.
_kicker_tables: dict[tuple[object, ...], T._Memo] = {}
_INTERN_MAX = 200_000  # as before: a few hundred bytes each


def _seed() -> None:
    """The classic singles and rocket are the readings' own (one object per move)."""
    for i, single in enumerate(T.SINGLES):
        _interned[(MoveType.SINGLE, 1, i, (), (i,), 0)] = single
    _interned[(MoveType.ROCKET, 1, 14, (), (13, 14), 0)] = T.ROCKET


def _trim() -> None:
    """Forget the readings made when they outgrow `_INTERN_MAX` (between calls only)."""
    if len(_interned) + _made[0] > _INTERN_MAX:
        _made[0] = 0
        _interned.clear()
        _kicker_tables.clear()
        for memo in _MEMOS:
            memo.clear()
        _seed()


def _entry(kind: MoveType, rank: int, length: int, cards: tuple[int, ...],
           kickers: tuple[int, ...] = (), power: int = 0) -> Move:
    """The reading, one object for each (`cards` and `kickers` ascending rank indices)."""
    key = (kind, length, rank, kickers, cards, power)
    move = _interned.get(key)
    if move is None:
        move = _interned[key] = make_move(kind, RANKS[rank], length,
                                          tuple(map(_RANK, cards)),
                                          tuple(map(_RANK, kickers)), power)
    return move


def _fresh(kind: MoveType, rank: int, length: int, cards: tuple[int, ...],
           kickers: tuple[int, ...]) -> Move:
    """A reading with kickers, for its kicker table (which holds the one object of it: no
    other table makes the same cards read the same way)."""
    _made[0] += 1
    return make_move(kind, RANKS[rank], length, tuple(map(_RANK, cards)),
                     tuple(map(_RANK, kickers)))


def _order(m: Move) -> tuple[object, ...]:
    """The listing order: type, length, rank, kickers, then cards (and a bomb's power)."""
    return (TYPE_ORDER[m.type], m.length, m.rank, m.kickers, m.cards, m.power)


_second = itemgetter(1)
_RANK = RANKS.__getitem__
_made = [0]  # readings made for the kicker tables since the last trim


_seed()
_SINGLES = T.SINGLES
_ROCKET = T.ROCKET


_MISSING = object()
_REP = tuple(tuple((i,) * k for k in range(9)) for i in range(15))
# Component memos, keyed by small parts of a hand (never by a whole hand): the wild cards a
# main part takes, a chain's main part by its span's counts, a bomb's readings by its rank's
# count, the plays of wild cards alone by the wild cards held. Cleared with the interned moves.
_take_memo: dict[tuple[object, ...], tuple[tuple[int, ...], tuple[int, ...]] | None] = {}
_chain_memo: dict[tuple[object, ...], object] = {}
_set_memo: dict[tuple[object, ...], Move] = {}
_bomb_memo: dict[tuple[object, ...], list[Move]] = {}
_all_wild_memo: dict[tuple[object, ...], list[Move]] = {}
_MEMOS = (_take_memo, _chain_memo, _set_memo, _bomb_memo, _all_wild_memo)


class _Hand:
    """One hand's counts split into natural (non-wild) cards and its wild cards."""

    __slots__ = ("a", "wild", "wl", "total", "is_wild", "pool", "_base", "_pairs", "_clip",
                 "_mains")

    def __init__(self, c: tuple[int, ...] | list[int], wild: Wild) -> None:
        self.wild = wild
        is_wild = self.is_wild = [False] * 15
        a = self.a = list(c)  # natural cards (a wild rank's count is 0)
        wl: list[int] = []
        for w in wild.ranks:
            is_wild[w] = True
            wl += _REP[w][c[w]]
            a[w] = 0
        self.wl = tuple(wl)  # the wild cards, ascending
        self.total = len(wl)
        self.pool = {w: c[w] for w in wild.ranks if c[w]}
        self._base: dict[int, tuple[list[int], list[int], list[int]]] = {}
        self._pairs: dict[tuple[int, ...], tuple[list[object], list[int]]] = {}
        self._clip: dict[int, tuple[list[int], list[int], list[int]]] = {}
        self._mains: dict[int, list[tuple[int, tuple[int, ...], tuple[int, ...], int]]] = {}

    def clip(self, width: int) -> tuple[list[int], list[int], list[int]]:
        """For ranks 3…A: each rank's cards toward `width` of it (-1: a wild rank), the
        prefix sums of the wild cards each rank lacks, and the first rank from each on that
        holds a natural card (12: none)."""
        got = self._clip.get(width)
        if got is None:
            a, is_wild = self.a, self.is_wild
            shape = [-1 if is_wild[i] else (a[i] if a[i] < width else width)
                     for i in range(T.CHAIN_TOP)]
            cost = [0]
            for k in shape:
                cost.append(cost[-1] + (width if k < 0 else width - k))
            first = [T.CHAIN_TOP] * (T.CHAIN_TOP + 1)
            for i in range(T.CHAIN_TOP - 1, -1, -1):
                first[i] = i if shape[i] > 0 else first[i + 1]
            got = self._clip[width] = (shape, cost, first)
        return got

    def mains(self, width: int) -> list[tuple[int, tuple[int, ...], tuple[int, ...], int]]:
        """Every rank's `width` cards (a triple, a four) the wild cards can make:
        (rank, cards, wild cards left, natural cards among them), by rank."""
        got = self._mains.get(width)
        if got is None:
            got = self._mains[width] = []
            for t in range(13):
                main = _single_main(self, t, width)
                if main is not None:
                    got.append((t, *main))
        return got

    def base(self, cap: int) -> tuple[list[int], list[int], list[int]]:
        """The natural cards, at most `cap` of a rank, ascending; where each rank starts and
        ends in that list (so a rank is cut out with two slices)."""
        got = self._base.get(cap)
        if got is None:
            cards: list[int] = []
            lo, hi = [0] * 15, [0] * 15
            for i in range(15):
                lo[i] = len(cards)
                k = self.a[i]
                if k:
                    cards += _REP[i][k if k < cap else cap]
                hi[i] = len(cards)
            got = self._base[cap] = (cards, lo, hi)
        return got

    def pair_keys(self, left: tuple[int, ...]) -> tuple[list[object], list[int]]:
        """One kicker pair for a main part that leaves the wild cards `left`: the kicker
        tables' keys, by natural rank (a natural pair, or one natural card and the lowest
        wild card), and each key's rank; two wild cards alone (any rank) are not listed."""
        got = self._pairs.get(left)
        if got is None:
            keys: list[object] = []
            ranks: list[int] = []
            one = left[:1]
            for i in range(13):
                k = self.a[i]
                if k >= 2:
                    keys.append(((i, i), ()))
                elif k == 1 and one:
                    keys.append(((i,), one))
                else:
                    continue
                ranks.append(i)
            got = self._pairs[left] = (keys, ranks)
        return got


def _take(wl: tuple[int, ...], slots: tuple[tuple[int, int], ...], free: int
          ) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """Wild cards for `slots` (a wild rank's own cards first) and `free` stand-ins (the
    lowest first): (taken, left), or None when there are too few."""
    key = (wl, slots, free)
    got = _take_memo.get(key, _MISSING)
    if got is not _MISSING:
        return got  # type: ignore[return-value]
    left = list(wl)
    used: list[int] = []
    for w, k in slots:
        own = min(k, left.count(w))
        for _ in range(own):
            left.remove(w)
        used += [w] * own
        free += k - own
    got = None if free > len(left) else (tuple(sorted(used + left[:free])), tuple(left[free:]))
    _take_memo[key] = got
    return got


def _main(h: _Hand, s: int, n: int, width: int
          ) -> tuple[tuple[int, ...], tuple[int, ...], int] | None:
    """`width` cards of each rank s…s+n-1: (cards, wild cards left, natural cards among
    them), or None when the wild cards do not cover what is missing."""
    nat: list[int] = []
    slots: list[tuple[int, int]] = []
    free = 0
    a, is_wild = h.a, h.is_wild
    for i in range(s, s + n):
        if is_wild[i]:
            slots.append((i, width))
        else:
            have = a[i] if a[i] < width else width
            nat += _REP[i][have]
            free += width - have
    got = _take(h.wl, tuple(slots), free)
    if got is None:
        return None
    return tuple(sorted(nat + list(got[0]))), got[1], len(nat)


_CHAIN_KIND = {1: MoveType.STRAIGHT, 2: MoveType.PAIR_CHAIN, 3: MoveType.TRIPLE_CHAIN}


def _span_main(h: _Hand, s: int, n: int, width: int) -> object:
    """`_main` for a span, memoised by the span's counts and the wild cards, with the span
    read as a chain: (cards, left, naturals, chain entry) or None."""
    key = (width, s, tuple(h.clip(width)[0][s:s + n]), h.wl)
    got = _chain_memo.get(key, _MISSING)
    if got is _MISSING:
        main = _main(h, s, n, width)
        got = None if main is None else (*main, _entry(_CHAIN_KIND[width], s + n - 1, n,
                                                        main[0]))
        _chain_memo[key] = got
    return got


def _spans(h: _Hand, width: int, lengths: range, above: int = -1, only: int = 0,
           held: bool = True) -> list[tuple[int, int]]:
    """Spans (start, length) of chains of `width` the wild cards can complete, with a top
    above `above` (and length `only` when given), by length then start; with `held`, only
    spans holding a natural card."""
    lo, hi = (only, only) if only else (lengths.start, lengths.stop - 1)
    _, cost, first = h.clip(width)
    total = h.total
    out = []
    for s in range(0, T.CHAIN_TOP - lo + 1):
        e = max(s + lo - 1, above + 1, first[s] if held else 0)  # the lowest top
        end = min(T.CHAIN_TOP, s + hi)  # past the highest
        base = cost[s] + total
        while e < end and cost[e + 1] <= base:
            out.append((s, e - s + 1))
            e += 1
    out.sort(key=_second)  # by length, then start (stable): the listing order
    return out


def _kicker_table(kind: MoveType, rank: int, length: int, main: tuple[int, ...],
                  pairs: bool = False) -> T._Memo:
    """combo → (key, move) for `main` with kickers `combo` (ascending indices; None for a
    combo of both jokers); with `pairs` a combo is (natural kicker cards, wild kicker
    cards) and the kickers named are the natural ones."""
    tkey = (kind, rank, length, main, pairs)
    table = _kicker_tables.get(tkey)
    if table is None:
        if pairs:
            def fill(combo: tuple[tuple[int, ...], tuple[int, ...]]) -> object:
                return _fresh(kind, rank, length, tuple(sorted(main + combo[0] + combo[1])),
                              combo[0])
        else:
            def fill(combo: tuple[int, ...]) -> object:  # type: ignore[misc]
                if 13 in combo and 14 in combo:
                    return None  # the rocket is never a kicker pair
                return _fresh(kind, rank, length, tuple(sorted(main + combo)), combo)
        table = _kicker_tables[tkey] = T._Memo(fill)  # type: ignore[arg-type]
    return table


Entries = list[Move]


def _singles_kickers(h: _Hand, out: Entries, table: T._Memo, pool: list[int], n: int,
                     naturals: int) -> None:
    """Kickers of `n` single cards from `pool` (ascending)."""
    if len(pool) < n:
        return
    if n == 1:
        combos: Iterable[tuple[int, ...]] = zip(dict.fromkeys(pool))
    else:
        combos = dict.fromkeys(combinations(pool, n))
    if not naturals:  # a main part of wild cards only: a kicker must be natural
        is_wild = h.is_wild
        combos = [k for k in combos if not all(is_wild[i] for i in k)]
    out += filter(None, map(table.__getitem__, combos))


def _pair_kickers(h: _Hand, out: Entries, table: T._Memo, used: range, left: tuple[int, ...],
                  n: int, naturals: int) -> None:
    """Kickers of `n` pairs of ranks outside `used`: natural pairs, a natural card with a wild
    one, or two wild cards (any rank still free; no natural kicker named)."""
    keys, ranks = h.pair_keys(left)
    lo, hi = bisect_left(ranks, used.start), bisect_left(ranks, used.stop)
    spare = len(left)
    if n == 1:
        if spare >= 2 and naturals:
            out.append(table[((), left[:2])])  # kickers () list first
        out += map(table.__getitem__, keys[:lo] + keys[hi:])
        return
    options = keys[:lo] + keys[hi:]
    got: Entries = []
    for virtual in range(0, min(n, spare // 2) + 1):
        for combo in combinations(options, n - virtual):
            nat: tuple[int, ...] = ()
            need = 2 * virtual
            for k in combo:
                nat += k[0]  # type: ignore[index]
                need += len(k[1])  # type: ignore[index]
            if need > spare or not (naturals or nat):
                continue
            got.append(table[(nat, left[:need])])
    got.sort(key=_order)
    out += got


def _single_main(h: _Hand, t: int, width: int
                 ) -> tuple[tuple[int, ...], tuple[int, ...], int] | None:
    """`width` cards of rank t (a triple, a four): (cards, wild cards left, naturals)."""
    if h.is_wild[t]:
        return _main(h, t, 1, width)
    k = h.a[t]
    if k >= width:
        return _REP[t][width], h.wl, width
    need = width - k
    if need > h.total:
        return None
    wl = h.wl
    return tuple(sorted(_REP[t][k] + wl[:need])), wl[need:], k


def _without(base: tuple[list[int], list[int], list[int]], first: int, last: int,
             left: tuple[int, ...]) -> list[int]:
    """The base pool without ranks first…last, with the wild cards `left`, ascending."""
    cards, lo, hi = base
    pool = cards[:lo[first]] + cards[hi[last]:]
    if left:
        pool += left
        pool.sort()
    return pool


_WITH = {  # (width, pair kickers) → (kind, kickers, natural cards of a rank a single may take)
    (3, False): (MoveType.TRIPLE_SINGLE, 1, 3), (3, True): (MoveType.TRIPLE_PAIR, 1, 0),
    (4, False): (MoveType.FOUR_TWO_SINGLES, 2, 2), (4, True): (MoveType.FOUR_TWO_PAIRS, 2, 0),
}


def _set_with(h: _Hand, out: Entries, width: int, pair: bool, above: int = -1) -> None:
    """A triple with one kicker (single or pair) and a four with two, above rank `above`."""
    kind, n, cap = _WITH[(width, pair)]
    base = h.base(cap) if cap else None
    for t, main, left, naturals in h.mains(width):
        if t <= above:
            continue
        table = _kicker_table(kind, t, 1, main, pair)
        if base is None:
            _pair_kickers(h, out, table, range(t, t + 1), left, n, naturals)
        else:
            _singles_kickers(h, out, table, _without(base, t, t, left), n, naturals)


def _planes(h: _Hand, out: Entries, pair: bool, above: int = -1, only: int = 0) -> None:
    top_n = T.PLANE_PAIRS_MAX if pair else T.PLANE_SINGLES_MAX
    kind = MoveType.PLANE_PAIRS if pair else MoveType.PLANE_SINGLES
    if only > top_n:
        return
    base = None if pair else h.base(3)
    for s, n in _spans(h, 3, range(2, top_n + 1), above, only, held=False):
        got = _span_main(h, s, n, 3)
        if got is None:
            continue
        main, left, naturals, _ = got  # type: ignore[misc]
        table = _kicker_table(kind, s + n - 1, n, main, pair)
        if pair:
            _pair_kickers(h, out, table, range(s, s + n), left, n, naturals)
            continue
        assert base is not None
        pool = _without(base, s, s + n - 1, left)
        # RULES §1.1: at most two of a rank next to the chain (a third would extend it),
        # except the 2, which no chain takes.
        for i in (s - 1, s + n):
            if 0 <= i < 12 and h.a[i] >= 3:
                pool.remove(i)
        _singles_kickers(h, out, table, pool, n, naturals)


def _chains(h: _Hand, out: Entries, width: int, lengths: range, above: int = -1,
            only: int = 0) -> None:
    for s, n in _spans(h, width, lengths, above, only):
        got = _span_main(h, s, n, width)
        if got is not None:
            out.append(got[3])  # type: ignore[index]


def _sets(h: _Hand, out: Entries, width: int, kind: MoveType, above: int) -> None:
    """Pairs and triples of a natural rank, wild cards making up the rest."""
    a, wl, total = h.a, h.wl, h.total
    for r in range(above, 13):
        k = a[r]
        if not k:
            continue
        if k >= width:
            k, need = width, 0
        else:
            need = width - k
            if need > total:
                continue
        key = (width, r, k, wl[:need])
        entry = _set_memo.get(key)
        if entry is None:
            entry = _set_memo[key] = _entry(kind, r, 1, tuple(sorted(_REP[r][k] + wl[:need])))
        out.append(entry)


def _bombs(h: _Hand, out: Entries) -> None:
    """Four-card bombs (硬炸 and 软炸) and, where allowed, long bombs; rocket."""
    a, wl, total, long_bombs = h.a, h.wl, h.total, h.wild.long_bombs
    for r in range(13):
        k = a[r]
        if not k or (k < 4 and k + total < 4):
            continue
        key = (r, k, wl, long_bombs)
        entries = _bomb_memo.get(key)
        if entries is None:
            entries = []
            if k == 4:
                entries.append(_entry(MoveType.BOMB, r, 1, _REP[r][4], (),
                                      bomb_power(4, r, HARD)))
            for n in range(4, (LONG_BOMB_MAX if long_bombs else 4) + 1):
                nat = min(k, 3) if n == 4 else k  # a 软炸 holds at least one wild card
                if n - nat > total:
                    break
                entries.append(_entry(MoveType.BOMB, r, 1, tuple(sorted(_REP[r][nat]
                                                                        + wl[:n - nat])),
                                      (), bomb_power(n, r, SOFT)))
            entries.sort(key=_order)
            _bomb_memo[key] = entries
        out += entries
    if a[13] and a[14]:
        out.append(_ROCKET)


def _all_wild(h: _Hand) -> Entries:
    """Plays of wild cards alone: read as themselves, and four of them as 纯癞子炸."""
    key = (h.wl, h.wild)
    entries = _all_wild_memo.get(key)
    if entries is None:
        entries = []
        pure = bomb_power(4, h.wild.top, PURE)
        seen = set()
        for size in range(1, len(h.wl) + 1):
            for chosen in combinations(h.wl, size):
                if chosen in seen:
                    continue
                seen.add(chosen)
                if size == 4:
                    entries.append(_entry(MoveType.BOMB, h.wild.top, 1, chosen, (), pure))
                c = [0] * 15
                for w in chosen:
                    c[w] += 1
                for m in classify_counts(c):
                    if m.type is MoveType.BOMB:
                        continue  # four wild cards: the 纯癞子炸 above
                    kick = tuple(sorted(RANKS.index(k) for k in m.kickers))
                    entries.append(_entry(m.type, int(m.rank) - 3, m.length, chosen, kick))
        _all_wild_memo[key] = entries
    return entries


def _singles(h: _Hand, out: Entries, above: int = -1) -> None:
    a = h.a
    out += [_SINGLES[i] for i in range(above + 1, 15) if a[i]]


def _listed(out: Entries, extra: Iterable[Move] = ()) -> list[Move]:
    """The readings, generated in listing order (type, length, rank, kickers, then cards),
    with a few more (`extra`) put in their places."""
    for move in extra:
        insort(out, move, key=_order)
    return out


def leads(c: tuple[int, ...] | list[int], wild: Wild) -> list[Move]:
    """Every reading the hand with counts `c` can lead (each with its fewest wild cards)."""
    _trim()
    h = _Hand(c, wild)
    out: Entries = []
    _singles(h, out)
    _sets(h, out, 2, MoveType.PAIR, 0)
    _sets(h, out, 3, MoveType.TRIPLE, 0)
    _set_with(h, out, 3, False)
    _set_with(h, out, 3, True)
    _chains(h, out, 1, T.STRAIGHT_LENGTHS)
    _chains(h, out, 2, T.PAIR_CHAIN_LENGTHS)
    _chains(h, out, 3, T.TRIPLE_CHAIN_LENGTHS)
    _planes(h, out, False)
    _planes(h, out, True)
    _set_with(h, out, 4, False)
    _set_with(h, out, 4, True)
    _bombs(h, out)
    return _listed(out, _all_wild(h) if h.total else ())


def answers(c: tuple[int, ...] | list[int], wild: Wild, to_beat: Move) -> list[Move]:
    """Every reading of the hand that beats `to_beat`."""
    _trim()
    h = _Hand(c, wild)
    out: Entries = []
    kind, r, n = to_beat.type, to_beat.rank - 3, to_beat.length
    if kind is MoveType.SINGLE:
        _singles(h, out, r)
    elif kind is MoveType.PAIR:
        _sets(h, out, 2, kind, r + 1)
    elif kind is MoveType.TRIPLE:
        _sets(h, out, 3, kind, r + 1)
    elif kind in (MoveType.TRIPLE_SINGLE, MoveType.TRIPLE_PAIR):
        _set_with(h, out, 3, kind is MoveType.TRIPLE_PAIR, r)
    elif kind is MoveType.STRAIGHT:
        _chains(h, out, 1, T.STRAIGHT_LENGTHS, r, n)
    elif kind is MoveType.PAIR_CHAIN:
        _chains(h, out, 2, T.PAIR_CHAIN_LENGTHS, r, n)
    elif kind is MoveType.TRIPLE_CHAIN:
        _chains(h, out, 3, T.TRIPLE_CHAIN_LENGTHS, r, n)
    elif kind in (MoveType.PLANE_SINGLES, MoveType.PLANE_PAIRS):
        _planes(h, out, kind is MoveType.PLANE_PAIRS, r, n)
    elif kind in (MoveType.FOUR_TWO_SINGLES, MoveType.FOUR_TWO_PAIRS):
        _set_with(h, out, 4, kind is MoveType.FOUR_TWO_PAIRS, r)
    # The moves above beat `to_beat` by construction (its type and length, a higher rank);
    # bombs, the rocket and plays of wild cards alone are checked one by one.
    if kind is not MoveType.ROCKET:
        bombs: Entries = []
        _bombs(h, bombs)
        out += [m for m in bombs if m.beats(to_beat)]
    return _listed(out, [m for m in _all_wild(h) if m.beats(to_beat)] if h.total else ())


def readings(c: list[int] | tuple[int, ...], wild: Wild) -> list[Move]:
    """Every reading of exactly these cards (counts `c`) as one play, strongest last."""
    size = sum(c)
    moves = [m for m in leads(c, wild) if len(m.cards) == size]
    return sorted(moves, key=lambda m: (m.power, m.length, m.rank))
