"""Three-player endgames with every hand given, solved with the farmers as one team.

The strong AI's search (`search`) deals the hidden cards at random; once few cards are
left, each such deal is solved exactly instead of played out by the planner: do the
farmers, playing together, have a way to empty a farmer's hand before the landlord
empties his, whatever the landlord does? A farmer's turn is an OR node (some play or pass
of the team's wins), the landlord's an AND node. So each farmer counts on the other to be
the same player, which is what lets the partner through (a pass on the partner's winning
trick), blocks the landlord's last cards (the answer he cannot get past), and feeds the
partner the lead he needs; no rule of thumb is needed for any of it.

The search is a plain AND-OR search with a transposition table and a budget of nodes;
past the budget it gives up (None) and the caller plays the deal out as before.

Given a `landlord_policy`, the landlord is not searched but plays by it (the strong AI
gives the planner, its model of him in the rollouts): the landlord's exact best reply
with every card in view is a landlord no one meets, and solving both sides so (the
deals are guesses, and a solve on a guess plays as if it saw them) cost the strong AI
3-4 points of wins as landlord and gained the farmers nothing (benchmarks/arena.py
--mode strong --team-cards, benchmarks/versus_rlcard.py). With the landlord's policy it
is neutral for the farmers so far, and off by default (`search.TEAM_CARDS`).
"""

from __future__ import annotations

from collections.abc import Callable

from bot.games.doudizhu import moves as mv
from bot.games.doudizhu._generate import answers, leads

Counts = tuple[int, ...]
# How the other side plays in a solve where it is not searched: its seat, the hands, the
# move to beat and its seat → its move (None: a pass).
Policy = Callable[[int, tuple[Counts, ...], mv.Move | None, int | None], mv.Move | None]
NODE_BUDGET = 400  # positions searched per solve, then give up


class _OutOfBudget(Exception):
    pass


def _minus(counts: Counts, move: mv.Move) -> Counts:
    left = list(counts)
    for r in move.cards:
        left[r - 3] -= 1
    return tuple(left)


class TeamSolver:
    """Exact play for a three-player position with every hand known; one per deal (its
    table is shared by the candidate moves weighed on that deal)."""

    def __init__(self, landlord: int, budget: int = NODE_BUDGET,
                 landlord_policy: Policy | None = None) -> None:
        self.landlord = landlord
        self.budget = budget
        # Given, the landlord plays by it (the search's model of him) instead of his best
        # reply with every card in view: only the team is searched.
        self.landlord_policy = landlord_policy
        self.nodes = 0
        self._memo: dict[tuple, bool] = {}

    def farmers_win(self, hands: tuple[Counts, ...], turn: int, table: mv.Move | None,
                    table_seat: int | None, passes: int) -> bool | None:
        """True if the farmers win with best play from here, False if the landlord does,
        None if the node budget ran out first (a fresh budget for each call)."""
        self.nodes = 0
        try:
            return self._wins(hands, turn, table, table_seat, passes)
        except _OutOfBudget:
            return None

    def _wins(self, hands: tuple[Counts, ...], turn: int, table: mv.Move | None,
              table_seat: int | None, passes: int) -> bool:
        key = (hands, turn, table, table_seat, passes)
        known = self._memo.get(key)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget
        farmer = turn != self.landlord
        hand = hands[turn]
        if not farmer and self.landlord_policy is not None:
            found = self._after(hands, turn, self.landlord_policy(turn, hands, table, table_seat),
                                table, table_seat, passes)
            self._memo[key] = found
            return found
        options = leads(hand) if table is None else answers(hand, table)
        size = sum(hand)
        if any(len(m.cards) == size for m in options):
            self._memo[key] = farmer
            return farmer  # the one to move goes out
        found = not farmer  # AND for the landlord (all must win), OR for a farmer
        # Bigger plays first: they shed the most and end the search soonest.
        for move in sorted(options, key=lambda m: -len(m.cards)):
            after = list(hands)
            after[turn] = _minus(hand, move)
            result = self._wins(tuple(after), (turn + 1) % 3, move, turn, 0)
            if result == farmer:
                found = farmer
                break
        else:
            if table is not None:
                if passes + 1 >= 2:
                    result = self._wins(hands, table_seat, None, None, 0)  # type: ignore[arg-type]
                else:
                    result = self._wins(hands, (turn + 1) % 3, table, table_seat, passes + 1)
                found = result
        self._memo[key] = found
        return found

    def _after(self, hands: tuple[Counts, ...], turn: int, move: mv.Move | None,
               table: mv.Move | None, table_seat: int | None, passes: int) -> bool:
        """The result once `turn` has played `move` (None: passed)."""
        if move is None:
            if passes + 1 >= 2:
                return self._wins(hands, table_seat, None, None, 0)  # type: ignore[arg-type]
            return self._wins(hands, (turn + 1) % 3, table, table_seat, passes + 1)
        left = _minus(hands[turn], move)
        if not any(left):
            return turn != self.landlord
        after = list(hands)
        after[turn] = left
        return self._wins(tuple(after), (turn + 1) % 3, move, turn, 0)
