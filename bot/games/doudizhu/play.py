"""The play of a hand (RULES §1.4, §1.5, §2): tricks, bombs, 报牌, the end and spring.

Three players: after two passes in a row the last player to play leads. Two players: a
trick ends at the first pass. The leader of a trick cannot pass.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.errors import IllegalAction
from bot.games.base import Event
from bot.games.doudizhu import moves as mv
from bot.games.doudizhu.actions import FARMERS, LANDLORD, PASS, Phase, ranks_of
from bot.games.doudizhu.deal import RANK_INDEX, Cards, cards_text, rank_counts

if TYPE_CHECKING:
    from bot.games.doudizhu.state import DoudizhuState

WARN_AT = (1, 2, 3)  # 报牌: cards left that everyone is told about


_readings: dict[str, tuple[list[int], list[mv.Move]]] = {}


def _counts_and_readings(cards: str) -> tuple[list[int], list[mv.Move]]:
    """The rank counts of canonical compact `cards` and their readings, remembered: the
    same few thousand plays come back game after game."""
    known = _readings.get(cards)
    if known is None:
        ranks = ranks_of(cards)
        counts = [0] * 15
        for rank in ranks:
            counts[rank - 3] += 1
        if len(_readings) >= 100_000:
            _readings.clear()
        known = _readings[cards] = (counts, mv.classify(ranks))
    return known


def choose_reading(state: DoudizhuState, seat: int, cards: str) -> mv.Move:
    """The reading `cards` are played as, or IllegalAction saying why they cannot be."""
    wanted, readings = _counts_and_readings(cards)
    held = rank_counts(state.hand(seat))
    if any(n > have for n, have in zip(wanted, held, strict=True)):
        raise IllegalAction("ddz.err.not_in_hand", cards=cards)
    if not readings:
        mv.parse_move(cards)  # raises the move engine's reason (why it is not a move)
        raise IllegalAction("ddz.err.not_a_move", cards=cards)
    constraints = state.move_constraints(seat)
    if constraints is not None:
        readings = [m for m in readings if constraints.allows(m)]
        if not readings:
            raise IllegalAction("ddz.err.prohibited", cards=cards)
    to_beat = state.table_move()
    if to_beat is not None:
        readings = [m for m in readings if m.beats(to_beat)]
        if not readings:
            raise IllegalAction("ddz.err.does_not_beat", cards=cards, table=str(to_beat))
    # A led set with two readings is read with the longest chain, then the highest rank.
    return max(readings, key=lambda m: (m.length, m.rank))


def take_cards(hand: Cards, move: mv.Move) -> tuple[Cards, Cards]:
    """(cards played, cards kept): for each rank played, the lowest suit of that rank."""
    wanted = [0] * 15
    for rank in move.cards:
        wanted[rank - 3] += 1
    played: list[str] = []
    kept: list[str] = []
    for card in hand:
        index = RANK_INDEX[card]
        if wanted[index]:
            wanted[index] -= 1
            played.append(card)
        else:
            kept.append(card)
    return tuple(played), tuple(kept)


def forced_pass(state: DoudizhuState, seat: int) -> str | None:
    """要不起: PASS when it is `seat`'s turn in the play and nothing they hold beats the
    trick (the pass is all that is open to them); None for a lead or a choice."""
    if state.phase is not Phase.PLAYING or state.turn != seat or state.table is None:
        return None
    return None if state.legal_moves(seat) else PASS


def apply_play(state: DoudizhuState, seat: int, act: str) -> tuple[DoudizhuState, list[Event]]:
    """A pass or a move in the play phase."""
    if act == PASS:
        return _pass(state, seat)
    if not act.startswith("play "):
        raise IllegalAction("ddz.err.wrong_phase", action=act, phase=state.phase.value)
    move = choose_reading(state, seat, act[5:])
    act = "play " + str(move)
    index = state.hand_index(seat)
    played, kept = take_cards(state.hands[index], move)
    hands = list(state.hands)
    hands[index] = kept
    plays = list(state.plays)
    plays[seat] += 1
    shown = cards_text(played)
    events = [Event("ddz.play", seat, {"cards": shown, "type": move.type.value})]
    bombs, causes = state.bombs, state.causes
    if move.is_bomb:
        bombs += 1
        cap = state.options.bomb_cap
        counted = cap is None or sum(c in ("bomb", "rocket") for c in causes) < cap
        kind = "rocket" if move.type is mv.MoveType.ROCKET else "bomb"
        if counted:
            causes = causes + (kind,)
        events.append(Event(f"ddz.{kind}", seat, {"multiplier": 2 ** len(causes),
                                                   "counted": counted}))
    after = state.evolve(
        hands=tuple(hands), plays=tuple(plays), bombs=bombs, causes=causes,
        history=state.history + ((seat, shown),), actions=state.actions + (act,),
        table=(seat, str(move), move.type.value, int(move.rank), move.length), passes=0,
        turn=state.next_seat(seat))
    if len(kept) in WARN_AT:
        events.append(Event("ddz.cards_left", seat, {"count": len(kept)}))
    if not kept:
        return finish(after, seat, events)
    return after, events


def _pass(state: DoudizhuState, seat: int) -> tuple[DoudizhuState, list[Event]]:
    if state.table is None:
        raise IllegalAction("ddz.err.leader_cannot_pass")
    passes = state.passes + 1
    common = {"history": state.history + ((seat, ""),), "actions": state.actions + (PASS,)}
    events = [Event("ddz.pass", seat, {})]
    if passes >= state.players - 1:
        # Everyone else passed: the last player to play leads a fresh trick.
        leader = state.table[0]
        return state.evolve(table=None, passes=0, turn=leader, **common), events
    return state.evolve(passes=passes, turn=state.next_seat(seat),
                               **common), events


def finish(state: DoudizhuState, seat: int,
           events: list[Event]) -> tuple[DoudizhuState, list[Event]]:
    """`seat` emptied their hand: the winning side, spring / anti-spring, the result."""
    assert state.landlord is not None
    landlord_won = seat == state.landlord
    causes = state.causes
    farmers_played = sum(state.plays[f] for f in state.farmers())
    if landlord_won and farmers_played == 0:
        causes += ("spring",)
        events.append(Event("ddz.spring", state.landlord, {}))
    elif not landlord_won and state.plays[state.landlord] == 1:
        causes += ("anti_spring",)
        events.append(Event("ddz.anti_spring", seat, {}))
    done = state.evolve(causes=causes, winner=LANDLORD if landlord_won else FARMERS,
                               phase=Phase.OVER, turn=None, table=None, passes=0)
    result = done.result()
    events.append(Event("ddz.result", seat, {
        "winner": result["winner"], "landlord": done.landlord,
        "multiplier": done.multiplier, "scores": result["scores"]}))
    return done, events
