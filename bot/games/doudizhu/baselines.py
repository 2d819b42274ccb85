"""Baseline players the AI is measured against (benchmarks/arena.py).

- `random_action`: a uniformly random legal action, in every phase.
- `greedy_action`: always the smallest legal move (leading: the lowest rank, as many cards
  of it as one move takes; answering: the lowest move that beats, bombs last), never
  passing when it can play; bids by counting bombs and 2s; never doubles or shows.
"""

from __future__ import annotations

import random

from bot.games.doudizhu import moves as mv
from bot.games.doudizhu.actions import CALL, GRAB, NO_DOUBLE, NO_GRAB, NO_SHOW, PASS, Phase
from bot.games.doudizhu.deal import rank_counts
from bot.games.doudizhu.state import DoudizhuState


def random_action(state: DoudizhuState, seat: int, rng: random.Random) -> str:
    """A uniformly random legal action."""
    return rng.choice(state.legal_actions(seat))


def greedy_bid(counts: list[int]) -> int:
    """Bombs (the rocket included) and 2s: each bomb or rocket 2 points, each 2 one."""
    bombs = sum(1 for n in counts[:13] if n == 4) + (counts[13] == 1 and counts[14] == 1)
    value = 2 * bombs + counts[12]
    return 3 if value >= 5 else 2 if value >= 4 else 1 if value >= 3 else 0


def smallest(moves: list[mv.Move]) -> mv.Move:
    """The smallest move: non-bombs first, then the lowest rank, then the most cards."""
    return min(moves, key=lambda m: (m.is_bomb, m.rank, -len(m.cards)))


def greedy_action(state: DoudizhuState, seat: int, rng: random.Random) -> str:
    """The greedy baseline's action (rng unused)."""
    legal = state.legal_actions(seat)
    if state.phase is Phase.BIDDING:
        want = greedy_bid(rank_counts(state.hand(seat)))
        if CALL in legal and "bid 2" not in legal and state.options.bidding == "grab":
            return CALL if want >= 1 or PASS not in legal else PASS
        if GRAB in legal:
            return GRAB if want >= 2 or NO_GRAB not in legal else NO_GRAB
        bids = [a for a in legal if a.startswith("bid ") and int(a[4]) <= want]
        if bids:
            return bids[-1]
        return PASS if PASS in legal else legal[0]
    if state.phase is Phase.DOUBLING:
        return NO_DOUBLE
    if state.phase is Phase.SHOWING:
        return NO_SHOW
    moves = state.legal_moves(seat)
    return "play " + str(smallest(moves)) if moves else PASS
