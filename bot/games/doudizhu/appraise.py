"""The strong AI's bidding, doubling and showing (ai_level=strong): the planner's choice,
checked against the search's own evaluation.

The evaluation is the search's (`search.rollout`): random deals of the cards the seat
cannot see (its own hand and, once known, the bottom and the landlord fixed), each played
out by the planner from the landlord's first lead; the mean result for the seat's side,
in the search's units (±1 a hand, more with bombs and spring). Only a clear verdict
overrides the planner's tuned habit: a bid (叫/抢) the play-outs say loses is dropped, a
pass they say wins becomes the lowest bid; 加倍 follows the verdict's sign when it is
clear; 明牌 (which doubles, and shows the hand) needs a very clear win. The actions come
from the engine's legal ones, so must-bid (必叫) and every bidding rule hold.
"""

from __future__ import annotations

import random
import zlib

from bot.games.doudizhu import ai, search
from bot.games.doudizhu.actions import CALL, DOUBLE, GRAB, NO_DOUBLE, NO_GRAB, PASS, SHOW, Phase
from bot.games.doudizhu.deal import rank_counts
from bot.games.doudizhu.inference import DUMMY, Knowledge
from bot.games.doudizhu.moves import Constraints, Hand
from bot.games.doudizhu.position import FULL, Counts, Position
from bot.games.doudizhu.state import DoudizhuState

PLAYOUT_COST = 60  # one play-out from the deal, in rollout decisions of the budget
MIN_PLAYOUTS = 5  # fewer than this and the planner decides alone
MAX_PLAYOUTS = 24
CLEAR = 0.5  # a mean result this far from even overrides the planner
SHOW_CLEAR = 0.8
HAND = 17


def _add(a: Counts, b: Counts) -> Counts:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def _draw(pool: list[int], size: int) -> tuple[Counts, list[int]]:
    hand = [0] * 15
    for i in pool[:size]:
        hand[i] += 1
    return tuple(hand), pool[size:]


def _playout(players: int, landlord: int, hands: dict[int, Counts], bomb_room: int,
             ) -> float:
    """One play-out from the landlord's first lead: the result for the landlord's side."""
    seats = range(players)
    extra = hands.get(DUMMY, (0,) * 15)
    out = extra
    for s in seats:
        out = _add(out, hands[s])
    mine = hands[landlord]
    constraints = None
    if players == 2:
        found = Constraints.for_two_player_landlord(Hand(mine))
        constraints = found if found.active else None
    pos = Position(players=players, seat=landlord, landlord=landlord, hand=mine,
                   cards_left=tuple(sum(hands[s]) for s in seats), to_beat=None,
                   to_beat_seat=None, threat=tuple(a - b for a, b in zip(out, mine, strict=True)),
                   constraints=constraints)
    empty = (0,) * 15
    know = Knowledge(seat=landlord, players=players, landlord=landlord, unseen=empty,
                     holders=(), sizes=(), pinned=(), plays=(0,) * players, bomb_room=bomb_room)
    first = ai.decide(pos, exact=False).move
    value, _ = search.rollout(pos, know, hands, first)
    return value


def side_value(state: DoudizhuState, seat: int, budget: int) -> float | None:
    """The mean play-out result for `seat`'s side: as the landlord it would be while
    bidding, as what it is once the landlord is known; None if the budget is too small."""
    bidding = state.landlord is None
    dummy = state.dummy_index if not bidding else None
    shown_dummy = (tuple(rank_counts(state.hands[dummy]))  # type: ignore[index]
                   if dummy is not None and state.options.dummy_visible else None)
    return side_value_of(
        state.players, seat, tuple(rank_counts(state.hand(seat))), state.landlord,
        None if bidding else tuple(rank_counts(state.bottom)), shown_dummy,
        state.options.dummy_visible, len(state.auction), state.options.bomb_cap, budget)


def side_value_of(players: int, seat: int, own: Counts, landlord: int | None,
                  bottom: Counts | None, shown_dummy: Counts | None, dummy_visible: bool,
                  auction: int, bomb_cap: int | None, budget: int) -> float | None:
    """`side_value` from the facts alone: `landlord` None while bidding (then `bottom` is
    unknown), `auction` the number of bidding actions so far (it seeds the deals)."""
    playouts = min(MAX_PLAYOUTS, budget // PLAYOUT_COST)
    if playouts < MIN_PLAYOUTS:
        return None
    bidding = landlord is None
    landlord = seat if landlord is None else landlord
    seen = own if shown_dummy is None else _add(own, shown_dummy)
    if bottom is not None and seat != landlord:
        seen = _add(seen, bottom)
    unseen = [i for i, n in enumerate(FULL) for _ in range(n - seen[i])]
    seed = zlib.crc32(bytes([seat, auction, int(bidding), *own]))
    rng = random.Random(seed)
    bomb_room = 99 if bomb_cap is None else bomb_cap
    total = 0.0
    for _ in range(playouts):
        pool = list(unseen)
        rng.shuffle(pool)
        hands: dict[int, Counts] = {}
        if bidding:
            extra, pool = _draw(pool, 3)
            hands[seat] = _add(own, extra)  # the bottom, had it bid and won
        elif seat == landlord:
            hands[seat] = own
        else:
            hands[seat] = own
            rest, pool = _draw(pool, HAND)
            hands[landlord] = _add(rest, bottom)  # type: ignore[arg-type]
        for s in range(players):
            if s not in hands:
                hands[s], pool = _draw(pool, HAND)
        if players == 2:
            if shown_dummy is not None:
                hands[DUMMY] = (0,) * 15  # out of play and seen: in no hand, in no threat
            else:
                hands[DUMMY], pool = _draw(pool, HAND)
                if dummy_visible:
                    hands[DUMMY] = (0,) * 15
        value = _playout(players, landlord, hands, bomb_room)
        total += value if seat == landlord else -value
    return total / playouts


def action(state: DoudizhuState, seat: int, budget: int) -> str:
    """The strong AI's bidding, 加倍 or 明牌 action for `seat`."""
    planner = ai.choose_action(state, seat)
    return verdict(state.phase, planner, state.legal_actions(seat),
                   side_value(state, seat, budget))


def verdict(phase: Phase, planner: str, legal: list[str], value: float | None) -> str:
    """The planner's action, overridden where the play-outs' mean `value` is clear."""
    if value is None:
        return planner
    if phase is Phase.BIDDING:
        declines = [a for a in (PASS, NO_GRAB) if a in legal]
        bids = [a for a in legal if a.startswith("bid ") or a in (CALL, GRAB)]
        if planner in declines and value > CLEAR and bids:
            return bids[0]
        if planner in bids and value < -CLEAR and declines:
            return declines[0]
        return planner
    if phase is Phase.DOUBLING:
        if value > CLEAR:
            return DOUBLE
        return NO_DOUBLE if value < 0 else planner
    if phase is Phase.SHOWING and value > SHOW_CLEAR:
        return SHOW
    return planner
