"""Advice on an arrangement typed by hand, before it is sealed: a group B that busts (撑死),
or a split of the same six cards that is at least as good in every group and better in one."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.cards import Card
from bot.errors import PaijuError
from bot.games.tianji.arrangement import (
    Arrangement,
    all_arrangements,
    parse_arrangement,
    with_suits,
)
from bot.games.tianji.ranking import B_HANDS, C_HANDS, CType, a_key, b_rank, b_total, c_rank, c_type

BUST_OVER = 10.5  # group B over 10½ is bust: the lowest of all


@dataclass(frozen=True, slots=True)
class Advice:
    """What to say about a typed arrangement before it is sealed."""

    arrangement: Arrangement
    bust: bool  # group B is over 10½
    better: Arrangement | None  # a split better in one group and no worse in the others


def advise(text: str, hand: Sequence[Card]) -> Advice | None:
    """Advice on `text` as an arrangement of `hand`; None when there is nothing to say or
    the text is no arrangement of it (the game itself says why when it is played)."""
    try:
        arranged = parse_arrangement(with_suits(text, hand))
    except (PaijuError, ValueError):
        return None
    if sorted(arranged.cards, key=a_key) != sorted(hand, key=a_key):
        return None
    bust = b_total(arranged.b) > BUST_OVER
    better = _better(arranged, hand)
    return Advice(arranged, bust, better) if bust or better is not None else None


def _better(arranged: Arrangement, hand: Sequence[Card]) -> Arrangement | None:
    """The strongest split that is no worse in any group and better in one (a C of 渣牌,
    which beats 豹子, is left alone: another C is not simply better)."""
    if c_type(arranged.c) is CType.ZHA:
        return None
    mine = _ranks(arranged)
    found = [other for other in all_arrangements(hand)
             if all(x >= y for x, y in zip(_ranks(other), mine, strict=True))
             and _ranks(other) != mine and c_type(other.c) is not CType.ZHA]
    if not found:
        return None
    return max(found, key=lambda other: sum(
        x / top for x, top in zip(_ranks(other), (52, B_HANDS, C_HANDS), strict=True)))


def _ranks(arranged: Arrangement) -> tuple[int, int, int]:
    return a_key(arranged.a), b_rank(arranged.b), c_rank(arranged.c)
