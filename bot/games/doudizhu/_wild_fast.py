"""The wild-card move generator the engine uses: the C one when it is built, else `_wild`'s.

`_wildc` (`_wildc.c`, an optional part of the install: setup.py) lists the same readings as
`_wild.leads` and `_wild.answers`, in the same order, about ten times as fast (a hand with
wild cards has hundreds of readings; benchmarks/wild_moves.py); without a C compiler the
Python generator serves. The plays of wild cards alone come from `_wild`'s own `_all_wild`
(memoised in C by the wild cards held). `tests/games/doudizhu/test_wild_compiled.py` checks
the two agree.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

from bot.games.doudizhu import _tables as T
from bot.games.doudizhu import _wild
from bot.games.doudizhu._model import RANKS, Move, MoveType, make_move
from bot.games.doudizhu._wild import Wild

Counts = tuple[int, ...] | list[int]

_compiled: ModuleType | None
try:
    from bot.games.doudizhu import _wildc as _compiled
except ImportError:  # not built (no C compiler at install): the Python generator
    _compiled = None


def _all_wild(c: Counts, wild: Wild) -> list[Move]:
    """The plays of the hand's wild cards alone (`_wild._all_wild`)."""
    return _wild._all_wild(_wild._Hand(c, wild))


def install(all_wild: Callable[[Counts, Wild], list[Move]] = _all_wild) -> None:
    """Hand the C generator its Python pieces (again: it forgets what it interned). A call
    made while another is inside it (another thread) is served by the Python generator."""
    assert _compiled is not None
    _compiled.setup(make_move, all_wild, Move, tuple(MoveType), RANKS, T.SINGLES, T.ROCKET,
                    _wild._INTERN_MAX, _wild.leads, _wild.answers)


COMPILED = _compiled is not None
leads: Callable[[Counts, Wild], list[Move]] = _wild.leads
answers: Callable[[Counts, Wild, Move], list[Move]] = _wild.answers
if _compiled is not None:
    install()
    leads, answers = _compiled.leads, _compiled.answers
