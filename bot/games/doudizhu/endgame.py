"""Two-player endgames with every card known (the dummy shown): an exact, bounded search.

With two players and the dummy hand visible, the cards out of sight are exactly the
opponent's hand, so a short endgame can be solved: does the side to move have a sequence
that empties its hand first whatever the other does? The search is a plain AND-OR search
with a transposition table and a budget of moves generated; past the budget it gives
up (None) and the AI falls back on its heuristics. The opponent is allowed every move (the
landlord's prohibitions are ignored for them), so a win found is a win.
"""

from __future__ import annotations

from bot.games.doudizhu import moves as mv

Counts = tuple[int, ...]
WORK_BUDGET = 1000  # moves generated per search, then give up


class _OutOfBudget(Exception):
    pass


def _minus(counts: Counts, move: mv.Move) -> Counts:
    left = list(counts)
    for r in move.cards:
        left[r - 3] -= 1
    return tuple(left)


class Solver:
    """One search: `winning_move` for the side to move, or None if none is found."""

    def __init__(self, constraints: mv.Constraints | None, budget: int = WORK_BUDGET) -> None:
        self.constraints = constraints  # the prohibitions of the side to move at the root
        self.budget = budget
        # (hand to move, other hand, table, is the root side to move) -> the mover wins.
        # Per search, never shared: what a search finds within its budget must not depend
        # on earlier searches, or the same position could get different answers.
        self.memo: dict[tuple[Counts, Counts, mv.Move | None, bool], bool] = {}

    def winning_move(self, me: Counts, opp: Counts,
                     table: mv.Move | None) -> tuple[bool, mv.Move | None] | None:
        """(True, move or None for a pass) if a forced win exists, (False, None) if every
        line loses, None if the budget ran out."""
        try:
            for move in self._moves(me, table, True):
                if self._wins_after(me, opp, move, table, True):
                    return True, move
            return False, None
        except _OutOfBudget:
            return None

    def _moves(self, hand: Counts, table: mv.Move | None, root_side: bool) -> list[mv.Move | None]:
        constraints = self.constraints if root_side else None
        moves: list[mv.Move | None] = list(mv.legal_moves(mv.Hand(hand), table, constraints))
        total = sum(hand)
        # Going out first, then the moves that shed the most cards; the pass last.
        moves.sort(key=lambda m: (len(m.cards) != total, -len(m.cards), m.rank))  # type: ignore[union-attr]
        if table is not None:
            moves.append(None)
        return moves

    def _wins_after(self, me: Counts, opp: Counts, move: mv.Move | None,
                    table: mv.Move | None, root_side: bool) -> bool:
        if move is None:
            return not self._wins(opp, me, None, not root_side)
        left = _minus(me, move)
        if not any(left):
            return True
        return not self._wins(opp, left, move, not root_side)

    def _wins(self, me: Counts, opp: Counts, table: mv.Move | None, root_side: bool) -> bool:
        key = (me, opp, table, root_side)
        known = self.memo.get(key)
        if known is not None:
            return known
        moves = self._moves(me, table, root_side)
        self.budget -= len(moves)
        if self.budget < 0:
            raise _OutOfBudget
        result = any(self._wins_after(me, opp, move, table, root_side) for move in moves)
        self.memo[key] = result
        return result
