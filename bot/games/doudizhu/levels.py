"""The AI levels a room chooses with `ai_level` (AI seats, 托管, timeouts and hints):

- `easy`: the greedy baseline (`baselines.greedy_action`): the smallest move that beats,
  never a pass when it can play; bids and doubles as the planner does;
- `normal`: the planner (`ai`), the baseline the stronger level is measured against;
- `strong`: in play the search over the hidden cards (`search`) with `ai_budget` rollout
  decisions per decision; bidding, 加倍 and 明牌 by the planner checked against the same
  evaluation (`appraise`).
"""

from __future__ import annotations

import random
from dataclasses import replace

from bot.games.doudizhu import ai, appraise, reading, search, wild_ai
from bot.games.doudizhu.actions import PASS, Phase, ranks_of
from bot.games.doudizhu.baselines import greedy_action
from bot.games.doudizhu.deal import rank_counts
from bot.games.doudizhu.hint_policy import hint_class
from bot.games.doudizhu.inference import Bid, Knowledge, Read
from bot.games.doudizhu.position import Counts, Position, from_state
from bot.games.doudizhu.state import DoudizhuState

LEVELS = ("easy", "normal", "strong")


def bid_ranges(state: DoudizhuState) -> tuple[Bid, ...]:
    """What each seat's bidding says of its dealt hand (`reading.bid_ranges`)."""
    return reading.bid_ranges(state.players, state.options.bidding == "grab",
                              list(state.auction))


def record(state: DoudizhuState) -> list[tuple[int, Counts]]:
    """The plays of a state as (seat, rank counts), no cards for a pass."""
    return [(who, tuple(rank_counts(shown.split())) if shown else reading.ZERO)
            for who, shown in state.history]


def knowledge_from_state(state: DoudizhuState, seat: int, pos: Position) -> Knowledge:
    """What `seat` knows of the hidden hands in a play-phase state."""
    assert state.landlord is not None
    dummy = state.dummy_index
    hidden_dummy = 17 if dummy is not None and not state.options.dummy_visible else 0
    return reading.knowledge_of(pos, record(state), tuple(rank_counts(state.bottom)),
                                hidden_dummy=hidden_dummy, shown_landlord=state.shown,
                                bomb_cap=state.options.bomb_cap, bids=bid_ranges(state))


def history_moves(state: DoudizhuState) -> list[Read]:
    """How each play of the history was made (`reading.history_moves`)."""
    return reading.history_moves(state.players, record(state))


def strong_decision(state: DoudizhuState, seat: int) -> ai.Decision:
    """The strong AI's play for `seat` in a play-phase state."""
    pos = from_state(state, seat)
    return search.choose(pos, knowledge_from_state(state, seat, pos), state.options.ai_budget)


def choose_action(state: DoudizhuState, seat: int, rng: random.Random | None = None) -> str:
    """The action of the table's AI level for `seat` in any phase (in the 癞子 modes every
    level plays `wild_ai`: the classic planner and search know no wild card)."""
    if state.options.bidding == "landlord_names" and state.phase is Phase.BIDDING:
        return ai.naming_decision(state.legal_actions(seat),
                                  tuple(rank_counts(state.hand(seat))), state.players)
    if state.options.wild_mode:
        return wild_ai.choose_action(state, seat)
    level = state.options.ai_level
    if level == "normal" or (level == "easy" and state.phase is not Phase.PLAYING):
        return ai.choose_action(state, seat, rng)
    if level == "easy":
        return greedy_action(state, seat, rng or random.Random(0))
    if state.phase is not Phase.PLAYING:
        return appraise.action(state, seat, state.options.ai_budget)
    decision = strong_decision(state, seat)
    return PASS if decision.move is None else "play " + str(decision.move)


def stand_in(state: DoudizhuState, seat: int, rng: random.Random | None = None) -> str | None:
    """A person's seat in 托管 or timed out plays the strong level at every table (the AI
    seats play the table's `ai_level`); None where that is the table's own AI (a strong
    table, the 癞子 modes: no strong level there)."""
    if state.options.wild_mode or state.options.ai_level == "strong":
        return None
    strong = replace(state, options=replace(state.options, ai_level="strong"))
    return choose_action(strong, seat, rng)


def hints(state: DoudizhuState, seat: int) -> list[str]:
    """Suggested actions, best first. In play at a strong table the strong AI's choice leads
    the planner's suggestions, unless the hint policy
    speaks against it: no pass first while a play is suggested, no bomb or rocket played or
    broken up while the first suggestion keeps them. The 癞子 modes have no strong level: their
    planner's hints."""
    if state.options.bidding == "landlord_names" and state.phase is Phase.BIDDING:
        first = choose_action(state, seat)
        return [first] + [a for a in state.legal_actions(seat) if a != first]
    if state.options.wild_mode:
        return wild_ai.hints(state, seat)
    suggestions = ai.hints(state, seat)
    # Only at a strong table: every prompt's suggestions are worked out ahead (the thinking
    # pool), and the search's ~20 ms for each of them halved what a host serves (simulate
    # --rooms 300 --think 3: 104 → 53 actions a second on two cores).
    if state.options.ai_level != "strong" or state.phase is not Phase.PLAYING \
            or not suggestions:
        return suggestions
    decision = strong_decision(state, seat)
    first = PASS if decision.move is None else "play " + str(decision.move)
    if first == suggestions[0]:
        return suggestions
    counts = tuple(rank_counts(state.hand(seat)))
    if first == PASS or (breaks_bomb(counts, first) and not breaks_bomb(counts, suggestions[0])) \
            or hint_class(first, counts) > hint_class(suggestions[0], counts):
        return suggestions
    return [first] + [s for s in suggestions if s != first]


def breaks_bomb(counts: Counts, action: str) -> bool:
    """True if a play takes cards of a bomb or the rocket in hand without playing it whole."""
    if not action.startswith("play "):
        return False
    played = [0] * 15
    for r in ranks_of(action[5:].partition("=")[0]):
        played[r - 3] += 1
    if counts[13] and counts[14] and played[13] + played[14] == 1:
        return True
    return any(counts[i] == 4 and 0 < played[i] < 4 for i in range(13))
