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
referee still accepts it when typed (`readings`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations

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
        _interned[(TYPE_ORDER[MoveType.SINGLE], 1, i, (), (i,), 0)] = single
    _interned[(TYPE_ORDER[MoveType.ROCKET], 1, 14, (), (13, 14), 0)] = T.ROCKET


def _trim() -> None:
    """Forget the interned readings when they outgrow `_INTERN_MAX` (between calls only)."""
    if len(_interned) > _INTERN_MAX:
        _interned.clear()
        _kicker_tables.clear()
        _seed()


def _entry(kind: MoveType, rank: int, length: int, cards: tuple[int, ...],
           kickers: tuple[int, ...] = (), power: int = 0) -> tuple[tuple[object, ...], Move]:
    """(key, move) for a reading; `cards` and `kickers` ascending rank indices."""
    key = (TYPE_ORDER[kind], length, rank, kickers, cards, power)
    move = _interned.get(key)
    if move is None:
        move = _interned[key] = Move(kind, RANKS[rank], length, tuple([RANKS[i] for i in cards]),
                                     tuple([RANKS[i] for i in kickers]), power)
    return key, move


def _move(kind: MoveType, rank: int, length: int, phys: Iterable[int],
          kickers: Iterable[int] = (), power: int = 0) -> tuple[tuple[object, ...], Move]:
    return _entry(kind, rank, length, tuple(sorted(phys)), tuple(sorted(kickers)), power)


def _kicker_table(kind: MoveType, rank: int, length: int, main: tuple[int, ...],
                  pairs: bool = False) -> T._Memo:
    """combo → (key, move) for `main` with kickers `combo` (ascending indices; with `pairs`
    a combo is (natural kicker cards, wild kicker cards) and the kickers named are the
    natural ones)."""
    tkey = (kind, rank, length, main, pairs)
    table = _kicker_tables.get(tkey)
    if table is None:
        if pairs:
            def fill(combo: tuple[tuple[int, ...], tuple[int, ...]]) -> object:
                return _entry(kind, rank, length, tuple(sorted(main + combo[0] + combo[1])),
                              combo[0])
        else:
            def fill(combo: tuple[int, ...]) -> object:  # type: ignore[misc]
                return _entry(kind, rank, length, tuple(sorted(main + combo)), combo)
        table = _kicker_tables[tkey] = T._Memo(fill)  # type: ignore[arg-type]
    return table


_seed()
_SINGLES = [((TYPE_ORDER[MoveType.SINGLE], 1, i, (), (i,), 0), m) for i, m in enumerate(T.SINGLES)]
_ROCKET = ((TYPE_ORDER[MoveType.ROCKET], 1, 14, (), (13, 14), 0), T.ROCKET)


class _Hand:
    """One hand's counts split into natural (non-wild) cards and the wild pool."""

    __slots__ = ("a", "wild", "pool", "total", "is_wild")

    def __init__(self, c: tuple[int, ...] | list[int], wild: Wild) -> None:
        self.wild = wild
        self.is_wild = [False] * 15
        for w in wild.ranks:
            self.is_wild[w] = True
        self.a = [0 if self.is_wild[i] else c[i] for i in range(15)]  # natural cards
        self.pool = {w: c[w] for w in wild.ranks if c[w]}  # wild cards by their own rank
        self.total = sum(self.pool.values())

    def cost(self, i: int, k: int) -> int:
        """Wild cards that `k` cards of rank `i` take (all k for a wild rank)."""
        return k if self.is_wild[i] else max(0, k - self.a[i])

    def take(self, slots: dict[int, int], free: int,
             pool: dict[int, int] | None = None) -> tuple[list[int], dict[int, int]] | None:
        """Wild cards for `slots` (own rank first) and `free` stand-ins (lowest first)."""
        left = dict(self.pool if pool is None else pool)
        out: list[int] = []
        for w, k in slots.items():
            own = min(k, left.get(w, 0))
            if own:
                out += [w] * own
                left[w] -= own
            free += k - own
        for w in sorted(left):
            if not free:
                break
            n = min(free, left[w])
            out += [w] * n
            left[w] -= n
            free -= n
        return None if free else (out, left)


def _main(h: _Hand, ranks: Iterable[int], width: int
          ) -> tuple[list[int], list[int], dict[int, int], int] | None:
    """Cards for `width` of each rank: (natural cards, wild cards, wild pool left, naturals
    used), or None when the wild cards do not cover what is missing."""
    nat: list[int] = []
    slots: dict[int, int] = {}
    free = 0
    for i in ranks:
        if h.is_wild[i]:
            slots[i] = width
        else:
            have = min(width, h.a[i])
            nat += [i] * have
            free += width - have
    taken = h.take(slots, free)
    if taken is None:
        return None
    return nat, taken[0], taken[1], len(nat)


def _pool_cards(pool: dict[int, int]) -> list[int]:
    return [w for w in sorted(pool) for _ in range(pool[w])]


def _single_kicker_pool(h: _Hand, used: set[int], left: dict[int, int], start: int = -9,
                        end: int = -9) -> list[int]:
    """Single kickers open to a plane/triple/four: natural cards by the classic rules (no
    rank of the main part; at most three of a rank; at most two next to a chain, except the
    2), and every wild card left (it can stand for a rank that breaks no rule)."""
    out: list[int] = []
    for i in range(15):
        k = h.a[i]
        if not k or i in used:
            continue
        if k > 2 and (i == start - 1 or (i == end and i != 12)):
            k = 2
        elif k == 4:
            k = 3
        out += [i] * k
    return out + _pool_cards(left)


def _single_combos(pool: list[int], size: int, h: _Hand) -> Iterable[tuple[int, ...]]:
    seen = dict.fromkeys(combinations(pool, size))
    return [k for k in seen if not (13 in k and 14 in k)]


def _pair_options(h: _Hand, used: set[int], left: dict[int, int]) -> list[tuple[int, int, int]]:
    """Kicker pairs: (rank read, natural cards of it, wild cards needed); one option of two
    wild cards alone (rank -1: any rank still free)."""
    out = []
    for i in range(13):
        if i in used or h.is_wild[i]:
            continue
        k = h.a[i]
        if k >= 2:
            out.append((i, 2, 0))
        elif k == 1:
            out.append((i, 1, 1))
    return out


_pair_memo: dict[tuple[object, ...], list[tuple[tuple[tuple[int, ...], tuple[int, ...]], int]]] = {}


def _pair_kickers(h: _Hand, used: set[int], left: dict[int, int], n: int
                  ) -> list[tuple[tuple[tuple[int, ...], tuple[int, ...]], int]]:
    """Every way to add `n` kicker pairs: ((natural cards, wild cards), naturals among them);
    memoised by the options, the wild cards left and `n`."""
    options = tuple(_pair_options(h, used, left))
    key = (options, tuple(sorted(left.items())), n)
    out = _pair_memo.get(key)
    if out is not None:
        return out
    spare = sum(left.values())
    out = []
    for virtual in range(0, min(n, spare // 2) + 1):
        for combo in combinations(options, n - virtual):
            need = 2 * virtual + sum(o[2] for o in combo)
            if need > spare:
                continue
            taken = h.take({}, need, left)
            if taken is None:
                continue
            nat = tuple([o[0] for o in combo for _ in range(o[1])])
            out.append(((nat, tuple(taken[0])), len(nat)))
    if len(_pair_memo) > 100_000:
        _pair_memo.clear()
    _pair_memo[key] = out
    return out


class _Out(dict):  # type: ignore[type-arg]
    """Collects readings by key, dropping repeats (the same cards read the same way)."""

    __slots__ = ()

    def add(self, entry: tuple[tuple[object, ...], Move]) -> None:
        self.setdefault(*entry)

    def moves(self) -> list[Move]:
        """The readings in listing order (type, length, rank, kickers, then cards)."""
        return [self[k] for k in sorted(self)]


def _all_wild(h: _Hand, out: _Out) -> None:
    """Plays of wild cards alone: read as themselves, and four of them as 纯癞子炸."""
    ranks = sorted(h.pool)
    counts = [h.pool[w] for w in ranks]
    pure = bomb_power(4, h.wild.top, PURE)

    def visit(j: int, chosen: list[int]) -> None:
        if j == len(ranks):
            if not chosen:
                return
            if len(chosen) == 4:
                out.add(_move(MoveType.BOMB, h.wild.top, 1, chosen, (), pure))
            c = [0] * 15
            for w in chosen:
                c[w] += 1
            for m in classify_counts(c):
                if m.type is MoveType.BOMB:
                    continue  # four wild cards: the 纯癞子炸 above
                kick = [RANKS.index(k) for k in m.kickers]
                out.add(_move(m.type, int(m.rank) - 3, m.length, chosen, kick))
            return
        for k in range(counts[j] + 1):
            visit(j + 1, chosen + [ranks[j]] * k)

    visit(0, [])


def _sets(h: _Hand, out: _Out, width: int, kind: MoveType, above: int) -> None:
    """Pairs and triples of a natural rank, wild cards making up the rest."""
    for r in range(above, 13):
        k = h.a[r]
        if not k or width - k > h.total:
            continue
        taken = h.take({}, max(0, width - k))
        assert taken is not None
        out.add(_move(kind, r, 1, [r] * min(k, width) + taken[0]))


def _bombs(h: _Hand, out: _Out) -> None:
    """Four-card bombs (硬炸 and 软炸) and, where allowed, long bombs; rocket."""
    for r in range(13):
        k = h.a[r]
        if not k:
            continue
        if k == 4:
            out.add(_move(MoveType.BOMB, r, 1, [r] * 4, (), bomb_power(4, r, HARD)))
        sizes = range(4, (LONG_BOMB_MAX if h.wild.long_bombs else 4) + 1)
        for n in sizes:
            nat = min(k, 3) if n == 4 else k  # a 软炸 holds at least one wild card
            if n - nat > h.total:
                break
            taken = h.take({}, n - nat)
            assert taken is not None
            out.add(_move(MoveType.BOMB, r, 1, [r] * nat + taken[0], (),
                          bomb_power(n, r, SOFT)))
    if h.a[13] and h.a[14]:
        out.add(_ROCKET)


def _chains(h: _Hand, out: _Out, kind: MoveType, width: int, lengths: range,
            above: int = -1, only: int = 0) -> None:
    cost, held = [0], [0]  # prefix sums: wild cards needed, ranks with a natural card
    for i in range(T.CHAIN_TOP):
        cost.append(cost[-1] + h.cost(i, width))
        held.append(held[-1] + (not h.is_wild[i] and h.a[i] > 0))
    total = h.total
    for n in lengths:
        if only and n != only:
            continue
        for s in range(max(0, above - n + 2), T.CHAIN_TOP - n + 1):
            top = s + n - 1
            if cost[s + n] - cost[s] > total or held[s + n] == held[s]:
                continue
            span = range(s, s + n)
            got = _main(h, span, width)
            if got is not None:
                out.add(_move(kind, top, n, got[0] + got[1]))


def _triple_with(h: _Hand, out: _Out, pair: bool, above: int = -1) -> None:
    for t in range(above + 1, 13):
        if h.cost(t, 3) > h.total:
            continue
        got = _main(h, (t,), 3)
        if got is None:
            continue
        nat, wild, left, naturals = got
        _with_kickers(h, out, MoveType.TRIPLE_PAIR if pair else MoveType.TRIPLE_SINGLE,
                      t, 1, nat + wild, naturals, left, {t}, 1, pair)


def _with_kickers(h: _Hand, out: _Out, kind: MoveType, rank: int, length: int,
                  main: list[int], naturals: int, left: dict[int, int], used: set[int],
                  n: int, pair: bool, start: int = -9, end: int = -9) -> None:
    table = _kicker_table(kind, rank, length, tuple(main), pair)
    if pair:
        combos = _pair_kickers(h, used, left, n)
        out.update(map(table.__getitem__, [k for k, kn in combos if naturals + kn]))
        return
    pool = _single_kicker_pool(h, used, left, start, end)
    if len(pool) < n:
        return
    combos = _single_combos(pool, n, h)
    if not naturals:
        combos = [k for k in combos if any(not h.is_wild[i] for i in k)]
    out.update(map(table.__getitem__, combos))


def _planes(h: _Hand, out: _Out, pair: bool, above: int = -1, only: int = 0) -> None:
    top_n = T.PLANE_PAIRS_MAX if pair else T.PLANE_SINGLES_MAX
    kind = MoveType.PLANE_PAIRS if pair else MoveType.PLANE_SINGLES
    cost = [0]  # prefix sums of the wild cards each rank's triple needs
    for i in range(T.CHAIN_TOP):
        cost.append(cost[-1] + h.cost(i, 3))
    for n in range(2, top_n + 1):
        if only and n != only:
            continue
        for s in range(max(0, above - n + 2), T.CHAIN_TOP - n + 1):
            top = s + n - 1
            if cost[s + n] - cost[s] > h.total:
                continue
            got = _main(h, range(s, s + n), 3)
            if got is None:
                continue
            nat, wild, left, naturals = got
            _with_kickers(h, out, kind, top, n, nat + wild, naturals, left,
                          set(range(s, s + n)), n, pair, s, s + n)


def _four_with(h: _Hand, out: _Out, pair: bool, above: int = -1) -> None:
    kind = MoveType.FOUR_TWO_PAIRS if pair else MoveType.FOUR_TWO_SINGLES
    for f in range(above + 1, 13):
        if h.cost(f, 4) > h.total:
            continue
        got = _main(h, (f,), 4)
        if got is None:
            continue
        nat, wild, left, naturals = got
        if pair:
            _with_kickers(h, out, kind, f, 1, nat + wild, naturals, left, {f}, 2, True)
            continue
        pool: list[int] = []
        for i in range(15):
            if i != f and h.a[i]:
                pool += [i] * min(2, h.a[i])
        pool += _pool_cards(left)
        combos = _single_combos(pool, 2, h)
        if not naturals:
            combos = [k for k in combos if any(not h.is_wild[i] for i in k)]
        out.update(map(_kicker_table(kind, f, 1, tuple(nat + wild)).__getitem__, combos))


def _singles(h: _Hand, out: _Out, above: int = -1) -> None:
    for i in range(above + 1, 15):
        if h.a[i]:
            out.add(_SINGLES[i])


def leads(c: tuple[int, ...] | list[int], wild: Wild) -> list[Move]:
    """Every reading the hand with counts `c` can lead (each with its fewest wild cards)."""
    _trim()
    h = _Hand(c, wild)
    out = _Out()
    _singles(h, out)
    _sets(h, out, 2, MoveType.PAIR, 0)
    _sets(h, out, 3, MoveType.TRIPLE, 0)
    _triple_with(h, out, False)
    _triple_with(h, out, True)
    _chains(h, out, MoveType.STRAIGHT, 1, T.STRAIGHT_LENGTHS)
    _chains(h, out, MoveType.PAIR_CHAIN, 2, T.PAIR_CHAIN_LENGTHS)
    _chains(h, out, MoveType.TRIPLE_CHAIN, 3, T.TRIPLE_CHAIN_LENGTHS)
    _planes(h, out, False)
    _planes(h, out, True)
    _four_with(h, out, False)
    _four_with(h, out, True)
    _bombs(h, out)
    if h.pool:
        _all_wild(h, out)
    return out.moves()


def answers(c: tuple[int, ...] | list[int], wild: Wild, to_beat: Move) -> list[Move]:
    """Every reading of the hand that beats `to_beat`."""
    _trim()
    h = _Hand(c, wild)
    out = _Out()
    kind, r, n = to_beat.type, to_beat.rank - 3, to_beat.length
    if kind is MoveType.SINGLE:
        _singles(h, out, r)
    elif kind is MoveType.PAIR:
        _sets(h, out, 2, kind, r + 1)
    elif kind is MoveType.TRIPLE:
        _sets(h, out, 3, kind, r + 1)
    elif kind in (MoveType.TRIPLE_SINGLE, MoveType.TRIPLE_PAIR):
        _triple_with(h, out, kind is MoveType.TRIPLE_PAIR, r)
    elif kind is MoveType.STRAIGHT:
        _chains(h, out, kind, 1, T.STRAIGHT_LENGTHS, r, n)
    elif kind is MoveType.PAIR_CHAIN:
        _chains(h, out, kind, 2, T.PAIR_CHAIN_LENGTHS, r, n)
    elif kind is MoveType.TRIPLE_CHAIN:
        _chains(h, out, kind, 3, T.TRIPLE_CHAIN_LENGTHS, r, n)
    elif kind in (MoveType.PLANE_SINGLES, MoveType.PLANE_PAIRS):
        _planes(h, out, kind is MoveType.PLANE_PAIRS, r, n)
    elif kind in (MoveType.FOUR_TWO_SINGLES, MoveType.FOUR_TWO_PAIRS):
        _four_with(h, out, kind is MoveType.FOUR_TWO_PAIRS, r)
    if kind is not MoveType.ROCKET:
        _bombs(h, out)
    if h.pool:
        _all_wild(h, out)
    return [m for m in out.moves() if m.beats(to_beat)]


def readings(c: list[int] | tuple[int, ...], wild: Wild) -> list[Move]:
    """Every reading of exactly these cards (counts `c`) as one play, strongest last."""
    size = sum(c)
    moves = [m for m in leads(c, wild) if len(m.cards) == size]
    return sorted(moves, key=lambda m: (m.power, m.length, m.rank))
