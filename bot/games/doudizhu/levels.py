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

from bot.games.doudizhu import ai, appraise, search
from bot.games.doudizhu import moves as mv
from bot.games.doudizhu.actions import CALL, GRAB, NO_GRAB, PASS, Phase, ranks_of
from bot.games.doudizhu.baselines import greedy_action
from bot.games.doudizhu.deal import rank_counts
from bot.games.doudizhu.inference import Bid, Knowledge, Read, knowledge
from bot.games.doudizhu.position import Counts, Position, from_state
from bot.games.doudizhu.state import DoudizhuState

LEVELS = ("easy", "normal", "strong")


def bid_ranges(state: DoudizhuState) -> tuple[Bid, ...]:
    """What each seat's bidding says of its dealt hand, read as the planner bids
    (`ai.bid_decision`): the strength range each action fits."""
    one, two, three = ai.BID_STRENGTH[state.players]
    needs = (one, two, three, float("inf"))
    top = float("inf")
    out: list[Bid] = []
    if state.options.bidding == "grab":
        called = False
        for seat, act in state.auction:
            if act == CALL:
                out.append(Bid(seat, one, top))
                called = True
            elif act == PASS and not called:
                out.append(Bid(seat, -top, one))
            elif act == GRAB:
                out.append(Bid(seat, two, top))
            elif act == NO_GRAB:
                out.append(Bid(seat, -top, two))
        return tuple(out)
    high = 0
    for seat, act in state.auction:
        if act.startswith("bid "):
            bid = int(act[4])
            out.append(Bid(seat, needs[bid - 1], needs[bid]))
            high = max(high, bid)
        elif act == PASS and high < 3:
            out.append(Bid(seat, -top, needs[high]))
    return tuple(out)


def knowledge_from_state(state: DoudizhuState, seat: int, pos: Position) -> Knowledge:
    """What `seat` knows of the hidden hands in a play-phase state."""
    assert state.landlord is not None
    played = [[0] * 15 for _ in range(state.players)]
    history: list[tuple[int, Counts]] = []
    for who, shown in state.history:
        counts = tuple(rank_counts(shown.split())) if shown else (0,) * 15
        history.append((who, counts))
        for i, n in enumerate(counts):
            played[who][i] += n
    moves = history_moves(state) if state.players == 3 else None
    dummy = state.dummy_index
    hidden_dummy = 17 if dummy is not None and not state.options.dummy_visible else 0
    cap = state.options.bomb_cap
    bomb_room = 99 if cap is None else max(0, cap - state.bombs)
    return knowledge(pos, [tuple(p) for p in played], tuple(rank_counts(state.bottom)),
                     state.plays, history, hidden_dummy=hidden_dummy,
                     shown_landlord=state.shown, bomb_room=bomb_room,
                     bids=bid_ranges(state), moves=moves)


def history_moves(state: DoudizhuState) -> list[Read]:
    """How each play of the history was made (`inference.Read`): the reading it was played
    as — the one that beats the trick, the longest chain and then the highest rank
    (`play.choose_reading`); None for a pass — and the move and seat it answered."""
    out: list[Read] = []
    table: mv.Move | None = None
    table_seat: int | None = None
    passes = 0
    for seat, shown in state.history:
        if not shown:
            out.append(Read(None, table, table_seat))
            passes += 1
            if passes >= state.players - 1:
                table, table_seat, passes = None, None, 0
            continue
        readings = _readings(tuple(rank_counts(shown.split())))
        if table is not None:
            readings = [m for m in readings if m.beats(table)]
        move = max(readings, key=lambda m: (m.length, m.rank))
        out.append(Read(move, table, table_seat))
        table, table_seat, passes = move, seat, 0
    return out


def _readings(counts: Counts) -> list[mv.Move]:
    known = _reading_memo.get(counts)
    if known is None:
        if len(_reading_memo) >= 50_000:
            _reading_memo.clear()
        known = _reading_memo[counts] = mv.classify_counts(list(counts))
    return known


_reading_memo: dict[Counts, list[mv.Move]] = {}


def strong_decision(state: DoudizhuState, seat: int) -> ai.Decision:
    """The strong AI's play for `seat` in a play-phase state."""
    pos = from_state(state, seat)
    return search.choose(pos, knowledge_from_state(state, seat, pos), state.options.ai_budget)


def choose_action(state: DoudizhuState, seat: int, rng: random.Random | None = None) -> str:
    """The action of the table's AI level for `seat` in any phase."""
    level = state.options.ai_level
    if level == "normal" or (level == "easy" and state.phase is not Phase.PLAYING):
        return ai.choose_action(state, seat, rng)
    if level == "easy":
        return greedy_action(state, seat, rng or random.Random(0))
    if state.phase is not Phase.PLAYING:
        return appraise.action(state, seat, state.options.ai_budget)
    decision = strong_decision(state, seat)
    return PASS if decision.move is None else "play " + str(decision.move)


def hints(state: DoudizhuState, seat: int) -> list[str]:
    """Suggested actions, best first. At a strong table the strong AI's choice leads the
    planner's suggestions, unless the hint policy speaks against it: no pass first while a
    play is suggested, no bomb or rocket broken up while the first suggestion keeps them."""
    suggestions = ai.hints(state, seat)
    if state.options.ai_level != "strong" or state.phase is not Phase.PLAYING or not suggestions:
        return suggestions
    first = choose_action(state, seat)
    if first == suggestions[0]:
        return suggestions
    counts = tuple(rank_counts(state.hand(seat)))
    if first == PASS or (breaks_bomb(counts, first) and not breaks_bomb(counts, suggestions[0])):
        return suggestions
    return [first] + [s for s in suggestions if s != first]


def breaks_bomb(counts: Counts, action: str) -> bool:
    """True if a play takes cards of a bomb or the rocket in hand without playing it whole."""
    if not action.startswith("play "):
        return False
    played = [0] * 15
    for r in ranks_of(action[5:]):
        played[r - 3] += 1
    if counts[13] and counts[14] and played[13] + played[14] == 1:
        return True
    return any(counts[i] == 4 and 0 < played[i] < 4 for i in range(13))
