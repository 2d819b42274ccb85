"""The play of a hand (RULES §1.4, §1.5, §2): tricks, bombs, 报牌, the end and spring.

Three players: after two passes in a row the last player to play leads. Two players: a
trick ends at the first pass. The leader of a trick cannot pass.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from bot.cards import RANK_CHARS
from bot.errors import IllegalAction
from bot.games.base import Event
from bot.games.doudizhu import moves as mv
from bot.games.doudizhu import settlement
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


_WIDTH = {mv.MoveType.STRAIGHT: 1, mv.MoveType.PAIR_CHAIN: 2, mv.MoveType.TRIPLE_CHAIN: 3,
          mv.MoveType.PLANE_SINGLES: 3, mv.MoveType.PLANE_PAIRS: 3, mv.MoveType.SINGLE: 1,
          mv.MoveType.PAIR: 2, mv.MoveType.TRIPLE: 3, mv.MoveType.TRIPLE_SINGLE: 3,
          mv.MoveType.TRIPLE_PAIR: 3, mv.MoveType.FOUR_TWO_SINGLES: 4,
          mv.MoveType.FOUR_TWO_PAIRS: 4}
_PAIR_KICKERS = {mv.MoveType.TRIPLE_PAIR, mv.MoveType.PLANE_PAIRS, mv.MoveType.FOUR_TWO_PAIRS}


def read_text(move: mv.Move, wild: tuple[int, ...] = ()) -> str:
    """The cards a move reads as, compact and ascending: a 癞子 shown as the rank it stands
    for (`5557` read as 三带一 of 7s: `5777`); kickers as played, a wild one beside a single
    natural card of a kicker pair as that card."""
    kind = move.type
    phys = [int(r) - 3 for r in move.cards]
    if kind is mv.MoveType.ROCKET or (kind is mv.MoveType.BOMB
                                      and mv.bomb_kind(move) == mv.PURE):
        return str(move)
    top = int(move.rank) - 3
    if kind is mv.MoveType.BOMB:
        main = [top] * len(phys)
    else:
        width = _WIDTH[kind]
        main = [i for i in range(top - move.length + 1, top + 1) for _ in range(width)]
    rest = list(phys)
    short = 0
    for i in main:
        if i in rest:
            rest.remove(i)
        else:
            short += 1
    wilds = [i for i in rest if i in wild]
    # The wild cards standing in for the main part: the lowest first, as the engine plays.
    for w in sorted(wilds)[:short]:
        rest.remove(w)
    if kind in _PAIR_KICKERS:
        spare = [i for i in rest if i in wild]
        natural = [i for i in rest if i not in wild]
        for i in sorted(set(natural)):
            if natural.count(i) % 2 and spare:
                rest.remove(spare.pop(0))
                rest.append(i)
        # Wild cards left over make kicker pairs among themselves: two of different wild
        # ranks (天地癞子) read as a pair of the lower one (`5577T`, 5 and T wild: 55777).
        spare.sort()
        while len(spare) >= 2:
            low, high = spare.pop(0), spare.pop(0)
            if low != high:
                rest.remove(high)
                rest.append(low)
    return "".join(RANK_CHARS[i] for i in sorted(main + rest))


def named_readings(readings: list[mv.Move], cards: list[mv.Rank], named: str,
                   wild: mv.Wild) -> list[mv.Move]:
    """The readings of `cards` that `named` (compact ranks, `7773`) names: the one read
    as those cards, or — a wild card standing as a kicker may be named as any rank, as it
    stands for whatever it is called — those of the same type, rank and length when
    `named` keeps every natural card played and reads as that type by itself."""
    want = sorted(named)
    exact = [m for m in readings if sorted(read_text(m, wild.ranks)) == want]
    if exact:
        return exact
    try:
        said = ranks_of(named)
    except (ValueError, IndexError):
        return []
    natural = Counter(int(r) for r in cards if int(r) - 3 not in wild.ranks)
    if len(said) != len(cards) or natural - Counter(int(r) for r in said):
        return []
    shapes = {(m.type, m.rank, m.length) for m in mv.classify(said)}
    return [m for m in readings if (m.type, m.rank, m.length) in shapes]


def choose_reading(state: DoudizhuState, seat: int, cards: str) -> mv.Move:
    """The reading `cards` are played as, or IllegalAction saying why they cannot be.

    With wild cards (RULES §2.1) `cards` may name the reading (`5557=7775`); without one,
    when several readings are open the player is asked which (`ddz.err.which_reading`)."""
    wild = state.wild
    if wild is not None:
        return _choose_wild(state, seat, cards, wild)
    wanted, readings = _counts_and_readings(cards)
    readings = _open_readings(state, seat, cards, wanted, readings)
    # A led set with two readings is read with the longest chain, then the highest rank.
    return max(readings, key=lambda m: (m.length, m.rank))


def shown_reading(move: mv.Move, wild: mv.Wild | None) -> str:
    """The reading the table shows beside a play's cards (`read_text`): when a wild card
    stands in for another rank; "" when every card is read as itself (or none is wild)."""
    if wild is None:
        return ""
    reading = read_text(move, wild.ranks)
    return reading if sorted(reading) != sorted(str(move)) else ""


def _choose_wild(state: DoudizhuState, seat: int, text: str, wild: mv.Wild) -> mv.Move:
    cards, _, named = text.partition("=")
    ranks = ranks_of(cards)
    wanted = [0] * 15
    for rank in ranks:
        wanted[rank - 3] += 1
    readings = _open_readings(state, seat, cards, wanted, mv.classify_wild(ranks, wild))
    if named:
        chosen = named_readings(readings, ranks, named, wild)
        if not chosen:
            raise IllegalAction("ddz.err.no_such_reading", cards=cards, reading=named,
                                choices=_choices(cards, readings, wild))
        return chosen[0]
    if len(readings) > 1 and any(rank - 3 in wild.ranks for rank in ranks):
        # `actions`: the plays to choose among, each with its reading named (the host
        # offers them as buttons; the text lists them for typing).
        raise IllegalAction("ddz.err.which_reading", cards=cards,
                            choices=_choices(cards, readings, wild),
                            actions=tuple(f"play {m}={read_text(m, wild.ranks)}"
                                          for m in readings))
    # No wild card among them: read as in the classic game (the longest chain, then the
    # highest rank), as its canonical action `play <cards>` says.
    return max(readings, key=lambda m: (m.length, m.rank))


def _open_readings(state: DoudizhuState, seat: int, cards: str, wanted: list[int],
                   readings: list[mv.Move]) -> list[mv.Move]:
    """The readings of `cards` (rank counts `wanted`) this seat may play now, or
    IllegalAction saying why none: not in the hand, not a move, prohibited, does not beat."""
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
            # the trick as the table shows it: its reading named when a wild card stands in
            reading = shown_reading(to_beat, state.wild)
            raise IllegalAction("ddz.err.does_not_beat", cards=cards,
                                table=f"{to_beat}={reading}" if reading else str(to_beat))
    return readings


def _choices(cards: str, readings: list[mv.Move], wild: mv.Wild) -> str:
    return ", ".join(f"{cards}={read_text(m, wild.ranks)}" for m in readings)


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
    wild = state.wild
    reading = None
    if wild is None:
        act = "play " + str(move)
    else:
        reading = read_text(move, wild.ranks)
        act = "play " + str(move) + ("=" + reading if any(
            int(r) - 3 in wild.ranks for r in move.cards) else "")
    index = state.hand_index(seat)
    played, kept = take_cards(state.hands[index], move)
    hands = list(state.hands)
    hands[index] = kept
    plays = list(state.plays)
    plays[seat] += 1
    shown = cards_text(played)
    params: dict[str, object] = {"cards": shown, "type": move.type.value}
    if reading is not None and reading != str(move):
        params["reading"] = reading
    events = [Event("ddz.play", seat, params)]
    bombs, causes = state.bombs, state.causes
    if move.is_bomb:
        bombs += 1
        cap = state.options.bomb_cap
        counted = cap is None or sum(c in settlement.BOMB_CAUSES for c in causes) < cap
        kind = "rocket" if move.type is mv.MoveType.ROCKET else "bomb"
        cause = kind if wild is None else _wild_cause(move)
        if counted:
            causes = causes + (cause,)
        bomb_params: dict[str, object] = {"multiplier": settlement.multiplier_of(causes),
                                          "counted": counted}
        if cause != kind:
            bomb_params["kind"] = cause
        events.append(Event(f"ddz.{kind}", seat, bomb_params))
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


def _wild_cause(move: mv.Move) -> str:
    """The multiplier cause of a bomb in the 癞子 modes (RULES §2.1's table)."""
    if move.type is mv.MoveType.ROCKET:
        return "rocket_x4"
    if len(move.cards) > 4:
        return "long_bomb"
    return f"{mv.bomb_kind(move)}_bomb"


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
