"""A 癞子 play with several readings in a dealt hand (RULES §2.1), for the tests that press
the ways to make it: each platform's panel and the play page offer one button per reading."""

from __future__ import annotations

from typing import Any

from bot.games.doudizhu import moves as mv
from bot.games.doudizhu.play import read_text


def ambiguous_play(state: Any, seat: int, at_most: int | None = None,
                   at_least: int = 2) -> tuple[str, list[str]] | None:
    """Cards of the seat's hand that it may play now in `at_least` readings or more (two
    unless told; `at_most`: and no more than that), a wild card among them (the shortest
    such cards), with their readings; None when the hand has none."""
    wild = state.wild
    if wild is None:
        return None
    with_wild = {str(move) for move in state.legal_moves(seat)
                 if any(int(r) - 3 in wild.ranks for r in move.cards)}
    table = state.table_move()
    for cards in sorted(with_wild, key=lambda text: (len(text), text)):
        opened = [m for m in mv.classify_wild(list(mv.parse_hand(cards).ranks()), wild)
                  if table is None or m.beats(table)]
        if len(opened) >= max(at_least, 2) and (at_most is None or len(opened) <= at_most):
            return cards, sorted(read_text(m, wild.ranks) for m in opened)
    return None
