"""What each action does in each phase of a hand of 打棒子, and how a phase closes.

`HANDLERS[(phase, verb)]` applies an action; `CLOSE[phase]` runs when nobody is left to
speak in a round (the draws of clauses 1 and 2, the tribute of clause 6, the end of the
burying). Each takes and gives `DabangziState` values and appends the events to announce.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.cards import Card, parse_loose
from bot.errors import CardParseError, IllegalAction
from bot.games.base import Event
from bot.games.dabangzi.deal import KITTY, draw, draw_winner
from bot.games.dabangzi.order import POINTS, TRUMP, deck108, points
from bot.games.dabangzi.scoring import TOP, dig_multiplier, settle_hand, team_of
from bot.games.dabangzi.tricks import follow_ok, shape, winner

if TYPE_CHECKING:
    from bot.games.dabangzi.state import DabangziState

Handler = Callable[["DabangziState", int, str, list[Event]], "DabangziState"]
CODES = frozenset(deck108())
SMALL_ORDER = "3456789TJQKA2BR"  # 捡最小的牌: by rank alone (不分点数和花色), ♦ first of equals


def seats_from(start: int) -> tuple[int, ...]:
    """The four seats in playing order (counter-clockwise) from `start`."""
    return tuple((start + i) % 4 for i in range(4))


def parse(text: str) -> list[str]:
    """Card codes from what a player typed ("♠10 Ts", "T♠")."""
    words = text.split()
    if all(word in CODES for word in words):  # the canonical spelling: the fast path
        return words
    try:
        loose = parse_loose(text)
    except CardParseError as error:
        raise IllegalAction("dbz.bad_cards", cards=text) from error
    if any(suit is None and not rank.is_joker for rank, suit in loose):
        raise IllegalAction("dbz.bad_cards", cards=text)
    return [Card(rank, suit).code for rank, suit in loose]


def _one(text: str) -> str:
    cards = parse(text)
    if len(cards) != 1:
        raise IllegalAction("dbz.one_card", cards=text)
    return cards[0]


def _move(state: DabangziState, seat: int, out: list[str] | tuple[str, ...],
          gets: list[str] | tuple[str, ...] = ()) -> DabangziState:
    left = Counter(state.hands[seat])
    left.subtract(out)
    if any(n < 0 for n in left.values()):
        raise IllegalAction("dbz.not_in_hand", cards=" ".join(out))
    hands = list(state.hands)
    hands[seat] = tuple(sorted([*left.elements(), *gets]))
    return replace(state, hands=tuple(hands))


# -- the first dealer: 抢亮大王 or the draw (clause 1) ------------------------------------

def _grab(state: DabangziState, seat: int, rest: str, events: list[Event]) -> DabangziState:
    events.append(Event("dbz.grab", seat))
    return replace(state, dealer=seat, phase="declare",
                   asked=seats_from(seat)).settle_round(events)


def _pass(state: DabangziState, seat: int, rest: str, events: list[Event]) -> DabangziState:
    if state.phase == "jokers":
        return _next_burier(replace(state, asked=state.asked[1:]), events)
    return replace(state, asked=state.asked[1:]).settle_round(events)


def _redeal(state: DabangziState, events: list[Event]) -> DabangziState:
    events.append(Event("dbz.redeal", None, {"kitty": " ".join(state.kitty)}))
    return replace(state, attempt=state.attempt + 1).begin(events)


def _close_grab(state: DabangziState, events: list[Event]) -> DabangziState:
    turned = draw(state.kitty, state.first, state.level)
    best = draw_winner(turned)
    if best is None:
        return _redeal(state, events)
    events.append(Event("dbz.draw", None, {"cards": " ".join(c for _, c in turned)}))
    seat, hun = best
    events.append(Event("dbz.dealer", seat, {"card": hun}))
    return _trump_known(replace(state, dealer=seat, draws=turned, suit=hun[1], hun=hun), events)


# -- 亮主, or the draw for the 魂儿 (clause 2) -------------------------------------------

def _declare(state: DabangziState, seat: int, rest: str, events: list[Event]) -> DabangziState:
    card = _one(rest)
    if card not in state.declarable(seat):
        raise IllegalAction("dbz.cannot_declare", card=card)
    events.append(Event("dbz.declare", seat, {"card": card}))
    return replace(state, declared=(seat, card), asked=state.asked[1:]).settle_round(events)


def _close_declare(state: DabangziState, events: list[Event]) -> DabangziState:
    assert state.dealer is not None
    if state.declared is not None:
        hun = state.declared[1]
        return _trump_known(replace(state, suit=hun[1], hun=hun), events)
    turned = draw(state.kitty, state.dealer, state.level)
    best = draw_winner(turned)
    if best is None:
        return _redeal(state, events)
    events.append(Event("dbz.draw", None, {"cards": " ".join(c for _, c in turned)}))
    hun = best[1]
    return _trump_known(replace(state, draws=turned, suit=hun[1], hun=hun), events)


def _trump_known(state: DabangziState, events: list[Event]) -> DabangziState:
    """The trump is named: the dealer's 上家 pays the tribute (clause 6)."""
    assert state.dealer is not None
    events.append(Event("dbz.trump", state.dealer,
                        {"suit": state.suit, "hun": state.hun, "level": state.level}))
    giver = (state.dealer + 3) % 4
    card = state.trumps.highest(state.hands[giver])
    events.append(Event("dbz.tribute", giver, {"card": card, "to": state.dealer}))
    state = _move(state, giver, [card])
    state = _move(state, state.dealer, [], [card])
    return replace(state, tribute=(giver, card), phase="return", asked=(state.dealer,))


def _return(state: DabangziState, seat: int, rest: str, events: list[Event]) -> DabangziState:
    card = _one(rest)
    assert state.tribute is not None
    giver = state.tribute[0]
    state = _move(_move(state, seat, [card]), giver, [], [card])
    events.append(Event("dbz.returned", seat, {"to": giver, "card": card}))  # shown, as 掼蛋's
    state = _move(state, seat, [], list(state.kitty))  # the dealer takes up the kitty
    return replace(state, kitty=(), phase="bury", asked=(seat,), returned=(giver, card),
                   picked=(*state.picked, *((seat, c) for c in state.kitty)))


# -- 扣底 and 扣王 (clauses 3 and 4) ---------------------------------------------------------

def _bury(state: DabangziState, seat: int, rest: str, events: list[Event]) -> DabangziState:
    card = _one(rest)
    if card not in state.buriable(seat):
        raise IllegalAction("dbz.big_joker_first" if card == "B" else "dbz.cannot_bury",
                            card=card)
    state = _move(state, seat, [card])
    if state.phase == "jokers":
        smallest = min(state.kitty + (card,),
                       key=lambda c: (SMALL_ORDER.index(c[0]), "dchs".find(c[-1])))
        kitty = list(state.kitty) + [card]
        kitty.remove(smallest)
        events.append(Event("dbz.joker_buried", seat, {"card": card}))
        state = _move(replace(state, kitty=tuple(kitty),
                              jokers=(*state.jokers, (seat, card)),
                              picked=(*state.picked, (seat, smallest))), seat, [], [smallest])
        if not state.buriable(seat):
            state = replace(state, asked=state.asked[1:])
        return _next_burier(state, events)
    state = replace(state, kitty=(*state.kitty, card), buried=(*state.buried, card))
    if len(state.buried) < KITTY:
        return state
    return _close_bury(state, events)


def _close_bury(state: DabangziState, events: list[Event]) -> DabangziState:
    assert state.dealer is not None
    if any(c in ("B", "R") for c in state.kitty) or state.level == "T":
        events.append(Event("dbz.kitty_shown", state.dealer, {"cards": " ".join(state.kitty)}))
    if all(c[0] in POINTS for c in state.buried):  # clause 4: nobody else may bury a joker
        events.append(Event("dbz.all_points", state.dealer))
        return _start_play(state)
    others = tuple(s for s in seats_from(state.dealer)[1:]
                   if {"B", "R"} & set(state.hands[s]))
    return _next_burier(replace(state, phase="jokers", asked=others), events)


def _next_burier(state: DabangziState, events: list[Event]) -> DabangziState:
    return state if state.asked else _start_play(state)


def _start_play(state: DabangziState) -> DabangziState:
    assert state.dealer is not None
    return replace(state, phase="play", asked=(state.dealer,))


# -- tricks and the end of a hand -----------------------------------------------------------

def _play(state: DabangziState, seat: int, rest: str, events: list[Event]) -> DabangziState:
    cards = tuple(parse(rest))
    hand = state.hands[seat]
    if Counter(cards) - Counter(hand):
        raise IllegalAction("dbz.not_in_hand", cards=" ".join(cards))
    if not state.trick:
        if shape(cards, state.trumps) is None:
            raise IllegalAction("dbz.not_a_unit", cards=" ".join(cards))
    elif not follow_ok(hand, state.trick[0][1], cards, state.trumps):
        raise IllegalAction("dbz.must_follow", cards=" ".join(cards))
    cards = tuple(state.trumps.sort(cards))
    state = replace(_move(state, seat, list(cards)), trick=(*state.trick, (seat, cards)))
    if len(state.trick) < 4:
        return replace(state, asked=((seat + 1) % 4,))
    return _close_trick(state, events)


def _close_trick(state: DabangziState, events: list[Event]) -> DabangziState:
    assert state.dealer is not None
    plays = state.trick
    won = plays[winner([c for _, c in plays], state.trumps)][0]
    got = points(c for _, cards in plays for c in cards)
    attackers = team_of(won) != team_of(state.dealer)
    taken = tuple(t + (got if s == won else 0) for s, t in enumerate(state.taken))
    events.append(Event("dbz.trick", won, {"points": got}))
    state = replace(state, trick=(), last_trick=plays, taken=taken, played=state.played + plays,
                    points=state.points + (got if attackers else 0), asked=(won,))
    if state.hands[won]:
        return state
    return _close_hand(state, attackers, len(plays[0][1]), events)


def _close_hand(state: DabangziState, dug: bool, lead_cards: int,
                events: list[Event]) -> DabangziState:
    assert state.dealer is not None
    classes = {state.trumps.suit_class(c) for c in state.kitty}
    ganguo = TRUMP not in classes or classes == {TRUMP}  # clause 5
    multiplier = dig_multiplier(lead_cards, ganguo) if dug else 0
    kitty_points = points(state.kitty) * multiplier
    if dug:
        events.append(Event("dbz.dig", None, {"points": kitty_points,
                                              "multiplier": multiplier}))
    result = settle_hand(
        number=state.number, dealer=state.dealer, level=state.level,
        points=state.points + kitty_points, kitty=state.kitty, kitty_points=kitty_points,
        multiplier=multiplier, ganguo=ganguo,
        jokers_buried=any(c in ("B", "R") for c in state.kitty), attackers_dug=dug)
    events.append(Event("dbz.hand_over", state.dealer, result.to_dict()))
    levels = list(state.levels)
    dealing = result.winner == team_of(state.dealer)
    # A match is won by the dealer's team winning a hand at A itself (or by the clause-7
    # shutout); every team going up stops at A, which it must then play (docs §6.1).
    match_won = dealing and (levels[result.winner] >= TOP or result.shutout)
    levels[result.winner] = TOP + 1 if match_won and levels[result.winner] >= TOP \
        else min(levels[result.winner] + result.levels, TOP)
    blood = list(state.blood)
    blood[result.winner] += 1 if result.blood else 0
    state = replace(state, levels=(levels[0], levels[1]), blood=(blood[0], blood[1]),
                    results=(*state.results, result))
    if not state.match or match_won:
        events.append(Event("dbz.match_over", None, {"team": result.winner}))
        return replace(state, phase="over", asked=(), winner=result.winner)
    return replace(state, number=state.number + 1, attempt=0,
                   dealer=result.next_dealer).begin(events)


HANDLERS: dict[tuple[str, str], Handler] = {
    ("grab", "grab"): _grab, ("grab", "pass"): _pass,
    ("declare", "declare"): _declare, ("declare", "pass"): _pass,
    ("return", "return"): _return,
    ("bury", "bury"): _bury,
    ("jokers", "bury"): _bury, ("jokers", "pass"): _pass,
    ("play", "play"): _play,
}

CLOSE: dict[str, Callable[[DabangziState, list[Event]], DabangziState]] = {
    "grab": _close_grab, "declare": _close_declare,
}
