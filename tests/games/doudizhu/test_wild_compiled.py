"""The C wild-card generator (`_wildc`, built by setup.py) against the Python one (`_wild`).

The engine uses the C generator when it is built (`_wild_fast`); the Python one is the
reference (itself checked against a brute force in test_wild_brute.py). On 20,000 random
hands of 0–20 cards, both modes (癞子: one wild rank; 天地癞子: two, long bombs), the two
must list the same readings in the same order, kickers and bomb powers included, when
leading and when answering moves of another hand; and on edge hands (every wild card, the
jokers, 20-card hands, an empty hand). The C one hands out one object per reading, its
moves hash as `Move`s made in Python do, and it keeps to its bound of interned readings.

Without a C compiler the module is not built and these tests are skipped; in CI (the `CI`
environment variable set) it must be built, so they fail instead.
"""

from __future__ import annotations

import gc
import os
import random

import pytest

from bot.games.doudizhu import _wild, _wild_fast
from bot.games.doudizhu._model import TYPE_ORDER, Move
from bot.games.doudizhu.moves import Hand, Wild, legal_moves

if not _wild_fast.COMPILED and not os.environ.get("CI"):
    pytest.skip("the C wild-card generator is not built (python setup.py build_ext --inplace)",
                allow_module_level=True)

DECK = [i for i in range(13) for _ in range(4)] + [13, 14]
Key = tuple[object, ...]


def key(m: Move) -> Key:
    """Everything a reading is: its listing-order key, with kickers, cards and power."""
    return (TYPE_ORDER[m.type], m.length, m.rank, m.kickers, m.cards, m.power, m.type)


def same(c: tuple[int, ...], wild: Wild, to_beat: Move | None = None) -> list[Move]:
    """The C generator's moves, after checking them against the Python generator's."""
    from bot.games.doudizhu import _wildc

    if to_beat is None:
        want, got = _wild.leads(c, wild), _wildc.leads(c, wild)
    else:
        want, got = _wild.answers(c, wild, to_beat), _wildc.answers(c, wild, to_beat)
    assert [key(m) for m in got] == [key(m) for m in want], (c, wild, to_beat)
    assert got == want
    return got


def counts(cards: list[int]) -> tuple[int, ...]:
    return tuple(cards.count(i) for i in range(15))


def test_built() -> None:
    """CI builds the module (`pip install -e .`): the engine lists moves with it."""
    assert _wild_fast.COMPILED, "bot/games/doudizhu/_wildc was not built"
    assert legal_moves.__module__ == "bot.games.doudizhu.moves"


@pytest.mark.parametrize("seed", range(10))
def test_random_hands(seed: int) -> None:
    """2,000 hands a seed (20,000 in all), half of each mode, one in ten of them 17 or 20
    cards: leads, and answers to two moves of another hand."""
    rng = random.Random(seed)
    for i in range(2000):
        two = i % 2 == 1
        deck = list(DECK)
        rng.shuffle(deck)
        size = rng.choice((17, 20)) if i % 10 == 0 else rng.randint(0, 20)
        c, other = counts(deck[:size]), counts(deck[size:size + 17])
        wild = Wild(tuple(sorted(rng.sample(range(13), 2 if two else 1))), long_bombs=two)
        same(c, wild)
        tables = legal_moves(Hand(other), None, None, wild)
        for table in rng.sample(tables, min(2, len(tables))):
            same(c, wild, table)


def _edge_hands() -> list[tuple[tuple[int, ...], Wild]]:
    hands = []
    for w in (0, 5, 11, 12):
        laizi, others = Wild((w,)), [r for r in range(13) if r != w]
        hands.append((counts([w] * 4), laizi))  # wild cards alone: 纯癞子炸
        hands.append((counts([w] * 4 + [13, 14]), laizi))
        hands.append((counts([w] * 4 + others[:8] + [13, 14]), laizi))
        hands.append((counts([w] * 3 + [r for r in others[:4] for _ in range(4)] + [13]),
                      laizi))
        for v in (0, 3, 12):
            if v == w:
                continue
            tiandi = Wild(tuple(sorted((v, w))), long_bombs=True)
            hands.append((counts([w] * 4 + [v] * 4), tiandi))  # eight wild cards
            rest = [r for r in range(13) if r not in (v, w)]
            hands.append((counts([w] * 4 + [v] * 4 + rest[:10] + [13, 14]), tiandi))
            hands.append((counts([w] * 4 + [v] * 4 + [rest[0]] * 4 + [rest[1]] * 4
                                 + [rest[2]] * 4), tiandi))
            hands.append((counts([w, v, 13, 14]), tiandi))
    hands.append(((0,) * 15, Wild((4,))))  # an empty hand
    hands.append(((0,) * 15, Wild((2, 9), long_bombs=True)))
    hands.append((counts([13, 14]), Wild((7,))))  # the rocket, no wild card
    return hands


def test_edge_hands() -> None:
    """Every wild card held, the jokers, 20-card hands, no card at all: leads, and answers
    to a few of the hand's own moves and of a full hand's."""
    rng = random.Random(7)
    for c, wild in _edge_hands():
        mine = same(c, wild)
        deck = list(DECK)
        rng.shuffle(deck)
        theirs = legal_moves(Hand(counts(deck[:20])), None, None, wild)
        for table in rng.sample(mine, min(30, len(mine))) + rng.sample(theirs, 20):
            same(c, wild, table)


def test_one_object_per_reading() -> None:
    """The same reading is the same object, call after call; a move made in C hashes and
    compares as one made by `make_move`."""
    from bot.games.doudizhu import _wildc

    _wildc.clear()  # no trim between two calls below (the table is far from its bound)
    rng = random.Random(3)
    for i in range(200):
        deck = list(DECK)
        rng.shuffle(deck)
        c = counts(deck[:17])
        wild = Wild(tuple(sorted(rng.sample(range(13), 1 + i % 2))), long_bombs=i % 2 == 1)
        first, again = _wildc.leads(c, wild), _wildc.leads(list(c), wild)
        assert all(a is b for a, b in zip(first, again, strict=True))
        for m in first:
            assert hash(m) == hash((m.type, m.rank, m.length, m.cards))
            assert m == Move(m.type, m.rank, m.length, m.cards, m.kickers, m.power)
    # Nothing in a move can make a cycle: the collector is never made to walk the interned
    # readings (with it on, walking them took half of a call's time).
    python_made = {id(m) for m in _wild._interned.values()}  # plays of wild cards alone
    made = [m for m in first if id(m) not in python_made]
    assert made
    for m in made:
        assert not gc.is_tracked(m)
        assert not gc.is_tracked(m.cards) and not gc.is_tracked(m.kickers)


def test_bound_and_clear() -> None:
    """Past its bound the table forgets every reading (between calls), as `_wild` does;
    the moves listed after are the same."""
    from bot.games.doudizhu import _wildc

    c, wild = counts([0, 0, 3, 3, 3, 4, 4, 4, 5, 5, 6, 7, 8, 9, 10, 11, 12]), Wild((0, 6), True)
    before = same(c, wild)
    assert _wildc.size() > len(before) // 2
    _wildc.clear()
    assert _wildc.size() == 16  # the classic singles and the rocket
    assert _wildc.leads(c, wild) == before
    assert _wildc.size() <= _wild._INTERN_MAX


def test_bad_input() -> None:
    from bot.games.doudizhu import _wildc

    with pytest.raises(ValueError):
        _wildc.leads((0,) * 14, Wild((1,)))
    with pytest.raises(ValueError):
        _wildc.leads((5,) + (0,) * 14, Wild((1,)))
    with pytest.raises(ValueError):
        _wildc.leads((0,) * 15, Wild((13,)))


def test_a_call_inside_a_call_is_served_by_the_python_generator() -> None:
    """The C generator's tables are shared: a call that comes in while another is inside
    it (another thread, when making a move let the garbage collector run Python code) is
    served by the Python generator, with the same moves; the outer call is undisturbed."""
    from bot.games.doudizhu import _wildc

    c, wild = counts([0, 0, 3, 3, 3, 4, 4, 4, 5, 5, 6, 7, 8, 9, 10, 11, 12]), Wild((0,))
    other = counts([1, 1, 1, 2, 6, 6, 9, 9, 9, 9, 12, 13])
    inner: list[list[Move]] = []

    def all_wild(held: tuple[int, ...], w: Wild) -> list[Move]:
        inner.append(_wildc.leads(other, w))  # the C generator is busy: Python serves
        inner.append(_wildc.answers(other, w, _wild.leads(other, w)[3]))
        return _wild_fast._all_wild(held, w)

    try:
        _wild_fast.install(all_wild)  # forgets the plays of wild cards alone: asked again
        outer = _wildc.leads(c, wild)
    finally:
        _wild_fast.install()
    assert len(inner) == 2
    assert inner[0] == _wild.leads(other, wild)
    # The very objects the Python generator interned (the C one makes its own).
    assert all(a is b for a, b in zip(inner[0], _wild.leads(other, wild), strict=True))
    assert not all(a is b for a, b in zip(_wildc.leads(other, wild), inner[0], strict=True))
    assert inner[1] == _wild.answers(other, wild, _wild.leads(other, wild)[3])
    assert outer == _wild.leads(c, wild)
    assert _wildc.leads(other, wild) == inner[0]  # and the next call is the C one
