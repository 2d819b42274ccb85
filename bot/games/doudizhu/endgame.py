"""Two-player positions with every card known (the dummy shown): an exact, bounded search.

With two players and the dummy hand visible, the cards out of sight are exactly the
opponent's hand, so a position can be solved: does the side to move have a sequence that
empties its hand first whatever the other does? The search is a plain AND-OR search with
a transposition table and a budget of work (moves generated); past the budget it gives up
(None) and the AI falls back on its heuristics. Two shortcuts keep it small:
- a leader whose best decomposition has at most one play the other side can beat wins at
  once (lead the unbeatable ones, then the last: RULES §2 ends a trick at the first pass);
- the leader's own planned plays are tried first.
Each side moves under its own prohibitions (the landlord's 地主三不准, known to both sides
when every card is known); a side whose prohibitions are not given may play any move, so
a win found for the other side is a win.

When every line loses, `best_try` picks the move that leaves the opponent the most ways to
go wrong (the share of their answers after which the position turns), a swindle that
assumes nothing about how the opponent plays.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.games.doudizhu import moves as mv
from bot.games.doudizhu._generate import answers, leads
from bot.games.doudizhu.plan import Group, plan_hand

Counts = tuple[int, ...]
MoveType = mv.MoveType
WORK_BUDGET = 1000  # moves generated per search, then give up
SLICES = (1 / 64, 1 / 16, 1 / 4, 1)  # shares of the budget each first move gets, in turn
PLAN_COST = 10  # what a decomposition costs, in moves generated (measured: about that)

# Kinds answered by a triple of a higher rank, and the chain kinds by their width.
_TRIPLE_KINDS = frozenset({MoveType.TRIPLE, MoveType.TRIPLE_SINGLE, MoveType.TRIPLE_PAIR})
_CHAIN_WIDTH = {MoveType.STRAIGHT: 1, MoveType.PAIR_CHAIN: 2, MoveType.TRIPLE_CHAIN: 3,
                MoveType.PLANE_SINGLES: 3, MoveType.PLANE_PAIRS: 3}


class _OutOfBudget(Exception):
    pass


def _minus(counts: Counts, move: mv.Move) -> Counts:
    left = list(counts)
    for r in move.cards:
        left[r - 3] -= 1
    return tuple(left)


def run_in(counts: Counts, width: int, length: int, above: int) -> bool:
    """True if `counts` hold a chain of `length` ranks, `width` deep, ending above `above`."""
    run = 0
    for i in range(12):
        run = run + 1 if counts[i] >= width else 0
        if run >= length and i > above:
            return True
    return False


def can_beat(kind: MoveType, high: int, length: int, size: int, threat: Counts,
             most_cards: int) -> bool:
    """Could a hand of at most `most_cards` of the `threat` cards beat a play of `kind`
    (main rank index `high`, chain `length`, `size` cards)? Errs on the side of yes."""
    if kind is MoveType.ROCKET:
        return False
    if threat[13] and threat[14] and most_cards >= 2:
        return True
    bomb_floor = high if kind is MoveType.BOMB else -1
    if most_cards >= 4 and 4 in threat[bomb_floor + 1:13]:
        return True
    if kind is MoveType.BOMB or most_cards < size:
        return False
    if kind is MoveType.SINGLE:
        return any(threat[high + 1:15])
    if kind is MoveType.PAIR:
        return max(threat[high + 1:13], default=0) >= 2
    if kind in _TRIPLE_KINDS:
        return max(threat[high + 1:13], default=0) >= 3
    width = _CHAIN_WIDTH.get(kind)
    if width is not None:
        return run_in(threat, width, length, high)
    return False  # four-with-two: only by a bomb, checked above


class Solver:
    """One search: `winning_move` for the side to move, or None if none is found."""

    def __init__(self, constraints: mv.Constraints | None, budget: int = WORK_BUDGET,
                 opponent_constraints: mv.Constraints | None = None) -> None:
        # The prohibitions of the side to move at the root, and of the other side.
        self.constraints = _active(constraints)
        self.opponent_constraints = _active(opponent_constraints)
        self.budget = budget
        # (hand to move, other hand, table, is the root side to move) -> the mover wins.
        # Per search, never shared: what a search finds within its budget must not depend
        # on earlier searches, or the same position could get different answers.
        self.memo: dict[tuple[Counts, Counts, mv.Move | None, bool], bool] = {}
        self.runs: dict[tuple[Counts, Counts, bool], mv.Move | None] = {}
        self.threats: dict[Counts, Callable[[Group], bool]] = {}
        self.move_lists: dict[tuple[Counts, mv.Move | None, bool], list[mv.Move | None]] = {}

    def winning_move(self, me: Counts, opp: Counts,
                     table: mv.Move | None) -> tuple[bool, mv.Move | None] | None:
        """(True, move or None for a pass) if a forced win exists, (False, None) if every
        line loses, None if the budget ran out."""
        total = self.budget
        try:
            if table is None:
                run = self._run_out(me, opp, True)
                if run is not None:
                    return True, run
        except _OutOfBudget:
            return None
        left = self.budget
        # Widening slices of work per first move: a win that is easy to prove is found
        # even when an earlier move would have eaten the whole budget.
        pending = self._moves(me, table, True)
        for share in SLICES:
            undecided = []
            for move in pending:
                self.budget = min(left, max(1, int(total * share)))
                start = self.budget
                try:
                    if self._wins_after(me, opp, move, True):
                        return True, move
                except _OutOfBudget:
                    undecided.append(move)
                left -= start - max(self.budget, 0)
                if left <= 0:
                    return None
            pending = undecided
            if not pending:
                return False, None
        return None

    def keeps_win(self, me: Counts, opp: Counts, move: mv.Move | None) -> bool | None:
        """Does playing `move` (None: pass) keep a forced win for the side to move? None if
        the budget ran out (a daily puzzle's answers are checked against this)."""
        try:
            return self._wins_after(me, opp, move, True)
        except _OutOfBudget:
            return None

    def sure_run(self, me: Counts, opp: Counts) -> bool:
        """True if the leader's own plan already runs out whatever the other side holds
        (too plain for a puzzle)."""
        try:
            return self._run_out(me, opp, True) is not None
        except _OutOfBudget:
            return False

    def best_try(self, me: Counts, opp: Counts, table: mv.Move | None,
                 budget: int) -> dict[mv.Move | None, float] | None:
        """For a lost position: each move (None = pass) with the share of the opponent's
        answers after which the side to move wins after all; None if `budget` ran out."""
        self.budget = budget
        try:
            shares: dict[mv.Move | None, float] = {}
            for move in self._moves(me, table, True):
                left = me if move is None else _minus(me, move)
                answers = self._moves(opp, move, False)
                turned = 0
                for answer in answers:
                    if answer is None:
                        turned += self._wins(left, opp, None, True)
                        continue
                    theirs = _minus(opp, answer)
                    turned += any(theirs) and self._wins(left, theirs, answer, True)
                shares[move] = turned / len(answers)
            return shares
        except _OutOfBudget:
            return None

    # -- the search ----------------------------------------------------------------------

    def _moves(self, hand: Counts, table: mv.Move | None, root_side: bool,
               ) -> list[mv.Move | None]:
        key = (hand, table, root_side)
        known = self.move_lists.get(key)
        if known is not None:
            return known
        constraints = self.constraints if root_side else self.opponent_constraints
        # The engine's generators on counts (what mv.legal_moves does, without a Hand).
        moves: list[mv.Move | None] = leads(hand) if table is None else answers(hand, table)  # type: ignore[assignment]
        if constraints is not None:
            moves = [m for m in moves if constraints.allows(m)]  # type: ignore[arg-type]
        # The moves that shed the most cards first (going out among them); the pass last.
        moves.sort(key=_shed_order)  # type: ignore[arg-type]
        if table is not None:
            moves.append(None)
        self.move_lists[key] = moves
        return moves

    def _wins_after(self, me: Counts, opp: Counts, move: mv.Move | None,
                    root_side: bool) -> bool:
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
        if table is None and self._run_out(me, opp, root_side) is not None:
            self.memo[key] = True
            return True
        moves = self._moves(me, table, root_side)
        self.budget -= len(moves)
        if self.budget < 0:
            raise _OutOfBudget
        result = any(self._wins_after(me, opp, move, root_side) for move in moves)
        self.memo[key] = result
        return result

    def _run_out(self, me: Counts, opp: Counts, root_side: bool) -> mv.Move | None:
        """A lead that starts a sure run out: the leader's plan has at most one play the
        other side can beat (then an unbeatable play first, that one last), else None."""
        key = (me, opp, root_side)
        if key in self.runs:
            return self.runs[key]
        self.budget -= PLAN_COST
        groups = plan_hand(me).groups
        beats = self._threat(opp)
        beaten = 0
        first: Group | None = None
        for group in groups:
            if beats(group):
                beaten += 1
                if beaten > 1:
                    break
            elif first is None or first.type in (MoveType.BOMB, MoveType.ROCKET):
                first = group  # lead an ordinary unbeatable play before a bomb
        run = None
        if beaten <= 1:
            run = group_move(first if first is not None else groups[0])
            if run is not None and not self._allowed_plan(groups, root_side):
                run = None
        self.runs[key] = run
        return run

    def _threat(self, opp: Counts) -> Callable[[Group], bool]:
        """can_beat for the hand `opp` against planned groups, with its highest single,
        pair, triple and bomb worked out once."""
        known = self.threats.get(opp)
        if known is not None:
            return known
        most = sum(opp)
        rocket = bool(opp[13] and opp[14] and most >= 2)
        bomb = max((i for i in range(13) if opp[i] == 4), default=-1) if most >= 4 else -1
        tops = [-1, -1, -1, -1]  # highest rank index held at least 1, 2, 3 deep
        for i in range(15):
            for width in range(1, min(opp[i], 3) + 1):
                tops[width] = i

        def beats(group: Group) -> bool:
            kind = group.type
            if kind is MoveType.ROCKET:
                return False
            if rocket:
                return True
            if kind is MoveType.BOMB:
                return bomb > group.high
            if bomb >= 0:
                return True
            if most < len(group.cards):
                return False
            if kind is MoveType.SINGLE:
                return tops[1] > group.high
            if kind is MoveType.PAIR:
                return tops[2] > group.high
            if kind in _TRIPLE_KINDS:
                return tops[3] > group.high
            return can_beat(kind, group.high, group.length, len(group.cards), opp, most)

        self.threats[opp] = beats
        return beats

    def _allowed_plan(self, groups: tuple[Group, ...], root_side: bool) -> bool:
        constraints = self.constraints if root_side else self.opponent_constraints
        if constraints is None:
            return True
        for group in groups:
            move = group_move(group)
            if move is None or not constraints.allows(move):
                return False
        return True


def group_move(group: Group) -> mv.Move | None:
    """The move a planned group is played as (None if the engine reads it otherwise)."""
    if group in _group_moves:
        return _group_moves[group]
    cards = [mv.Rank(i + 3) for i in group.cards]
    found = None
    for move in mv.classify(cards):
        if (move.type is group.type and move.length == group.length
                and move.rank == group.high + 3):
            found = move
            break
    if len(_group_moves) >= 100_000:
        _group_moves.clear()
    _group_moves[group] = found
    return found


_group_moves: dict[Group, mv.Move | None] = {}


def _shed_order(move: mv.Move) -> tuple[int, int]:
    return -len(move.cards), move.rank


def _active(constraints: mv.Constraints | None) -> mv.Constraints | None:
    return constraints if constraints is not None and constraints.active else None
