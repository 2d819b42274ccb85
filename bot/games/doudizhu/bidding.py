"""Choosing the landlord (RULES §1.2, §2): 叫分 points bidding, 抢地主 grabbing, redeals.

Points: once round from the first bidder; each bids higher than every earlier bid or
passes; a 3 ends bidding at once; the highest bidder is landlord and the bid is the base.
Grab: one round in seat order, every player has exactly one chance: before anyone has called,
call (`bid 1`) or pass; after a call, grab (each grab ×2) or not; a seat that passed cannot
grab later. The last to call or grab is landlord, base 1.
All pass: the cards are redealt; 叫分 keeps the same first bidder (庄家不变, no_bid_penalty
counts these), 抢地主 gives the first word to the next seat (由下一个玩家进行抢地主).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.cards import RANK_CHARS
from bot.games.base import Event
from bot.games.doudizhu import moves as mv
from bot.games.doudizhu import settlement
from bot.games.doudizhu.actions import CALL, GRAB, LANDLORD, LAPSE, NO_GRAB, PASS, Phase
from bot.games.doudizhu.deal import (
    Cards,
    cards_text,
    deal_cards,
    draw_wild,
    rank_counts,
    sort_codes,
)

if TYPE_CHECKING:
    from bot.games.doudizhu.state import DoudizhuState


def must_bid(cards: Cards) -> bool:
    """Two players, 必叫: the rocket, four or more cards among the 2s and the jokers
    (四个二王也必叫, RULES §2 as ruled 2026-12), or more than two bombs-and-rockets."""
    return must_bid_counts(rank_counts(cards))


def must_bid_counts(counts: list[int] | tuple[int, ...]) -> bool:
    """must_bid on 15 rank counts."""
    rocket = counts[13] == 1 and counts[14] == 1
    bombs = sum(1 for n in counts if n == 4)
    return rocket or counts[12] + counts[13] + counts[14] >= 4 or bombs + rocket > 2


def highest_bid(state: DoudizhuState) -> int:
    """The highest points bid of this deal so far (0 if none)."""
    return max((int(a[4]) for _, a in state.auction if a.startswith("bid ")), default=0)


def bid_options(state: DoudizhuState, seat: int) -> list[str]:
    """The bidding actions open to `seat` (whose turn it is)."""
    if state.options.bidding == "landlord_names":
        # 地主拥有先叫分的权利: the landlord names 1–3; a farmer follows it or passes (不跟).
        return [state.auction[0][1], PASS] if state.auction else [f"bid {n}" for n in (1, 2, 3)]
    forced = state.players == 2 and must_bid(state.hand(seat))
    if state.options.bidding == "grab":
        called = any(a == CALL for _, a in state.auction)
        if called:
            return [GRAB] if forced else [GRAB, NO_GRAB]
        return [CALL] if forced else [CALL, PASS]
    lowest = highest_bid(state) + 1
    can_pass = not forced
    third_after_two_passes = (state.players == 3 and len(state.auction) == 2
                              and highest_bid(state) == 0)
    if state.options.last_bidder_min_two and third_after_two_passes:
        # 第三家叫分不得少于2分. With no_bid_penalty (the same sheet) the floor is on the bid,
        # not on passing: otherwise no deal could ever all pass, and the sheet's 庄家连续两局
        # 不叫 and 连续三把无人叫牌 could never apply.
        lowest = max(lowest, 2)
        can_pass = can_pass and state.options.no_bid_penalty
    # no_bid_penalty: after two all-pass deals in a row the first bidder must bid at least 2
    # (第三局庄家，至少叫两分): no 1, no pass.
    if must_bid_two(state, seat):
        lowest, can_pass = max(lowest, 2), False
    return [f"bid {n}" for n in range(lowest, 4)] + ([PASS] if can_pass else [])


def must_bid_two(state: DoudizhuState, seat: int) -> bool:
    """no_bid_penalty's third deal: `seat`, the first bidder after two all-pass deals in a
    row, opens the bidding and must bid 2 or 3."""
    return (state.options.no_bid_penalty and state.options.bidding != "grab"
            and state.all_pass_run >= 2 and seat == state.first_bidder
            and seat == state.turn and not state.auction)


def lapse(state: DoudizhuState, seat: int) -> str | None:
    """What `seat`'s time-out plays instead of the AI's bid: LAPSE when they owe the forced
    bid of 2 (RULES §1.2, docs/rules.md): the bid left unmade counts as 不叫, the others
    bid on, and a third deal without a bid costs them the sheet's 4 points
    (如果连续三把无人叫牌，庄家扣4分). None otherwise (the AI plays the turn)."""
    return LAPSE if state.phase is Phase.BIDDING and must_bid_two(state, seat) else None


def apply_bid(state: DoudizhuState, seat: int, act: str) -> tuple[DoudizhuState, list[Event]]:
    """Record a legal bidding action; choose the landlord or redeal when bidding is done."""
    auction = state.auction + ((seat, act),)
    after = state.evolve(auction=auction, actions=state.actions + (act,))
    if state.options.bidding == "landlord_names":
        return _after_naming(after, seat, act)
    if state.options.bidding == "grab":
        event = (Event("ddz.call", seat, {"called": act == CALL}) if act in (CALL, PASS)
                 else Event("ddz.grab", seat, {"grabbed": act == GRAB,
                                               "multiplier": 2 ** _grabs(auction)}))
        return _after_grab(after, [event])
    if act == LAPSE:
        event = Event("ddz.bid", seat, {"bid": 0, "lapsed": True})
    else:
        event = Event("ddz.bid", seat, {"bid": 0 if act == PASS else int(act[4])})
    n = state.players
    if act == "bid 3" or len(auction) == n:
        if highest_bid(after) == 0:
            return redeal(after, [event])
        bids = [(int(a[4]), s) for s, a in auction if a.startswith("bid ")]
        base, landlord = max(bids)
        return choose_landlord(after, landlord, base, [event])
    return after.evolve(turn=state.next_seat(seat)), [event]


def _after_naming(state: DoudizhuState, seat: int,
                  act: str) -> tuple[DoudizhuState, list[Event]]:
    """斗地主比赛方案 3.3: the landlord (the first bidder) named the stake; each farmer in turn
    follows it or not, and "如果农民不跟叫分，则地主直接获得本局的胜利": a farmer who does not
    follow ends the hand, the landlord winning it at the stake named (no card played)."""
    landlord, named = state.auction[0][0], int(state.auction[0][1][4])
    if len(state.auction) == 1:
        return state.evolve(turn=state.next_seat(seat)), [
            Event("ddz.bid", seat, {"bid": named, "named": True})]
    followed = act != PASS
    event = Event("ddz.follow", seat, {"bid": named, "followed": followed})
    if not followed:
        done, events = choose_landlord(state, landlord, named, [event])
        return done.evolve(phase=Phase.OVER, turn=None, winner=LANDLORD), events
    if len(state.auction) == state.players:
        return choose_landlord(state, landlord, named, [event])
    return state.evolve(turn=state.next_seat(seat)), [event]


def _grabs(auction: tuple[tuple[int, str], ...]) -> int:
    return sum(1 for _, a in auction if a == GRAB)


def _after_grab(state: DoudizhuState, events: list[Event]) -> tuple[DoudizhuState, list[Event]]:
    if len(state.auction) < state.players:
        return state.evolve(turn=state.next_seat(state.auction[-1][0])), events
    if not any(a == CALL for _, a in state.auction):
        return redeal(state, events)
    takers = [s for s, a in state.auction if a in (CALL, GRAB)]
    grabs = _grabs(state.auction)
    state = state.evolve(causes=state.causes + ("grab",) * grabs)
    return choose_landlord(state, takers[-1], 1, events)


def choose_landlord(state: DoudizhuState, landlord: int, base: int,
                    events: list[Event]) -> tuple[DoudizhuState, list[Event]]:
    """The landlord takes the bottom, shown to everyone; fix the two-player prohibitions."""
    hands = list(state.hands)
    hands[landlord] = sort_codes(hands[landlord] + state.bottom)
    constraints = (False, False, False)
    if state.players == 2:
        rules = mv.Constraints.for_two_player_landlord(mv.Hand(rank_counts(hands[landlord])))
        constraints = (rules.keep_twos_whole, rules.keep_rocket_whole, rules.no_four_with_two)
    state = state.evolve(hands=tuple(hands), landlord=landlord, base=base,
                         constraints=constraints, all_pass_run=0)
    events = events + [
        Event("ddz.landlord", landlord, {"base": base, "multiplier": state.multiplier}),
        Event("ddz.bottom", landlord, {"cards": cards_text(state.bottom)}),
    ]
    if state.options.wild_mode:
        # RULES §2.1: the 癞子 (or the 地癞子 beside the 天癞子) is drawn once the landlord
        # holds the bottom.
        tian = state.wilds[0] if state.wilds else None
        rank = draw_wild(state.seed, state.deal, "di" if tian is not None else "laizi", tian)
        state = state.evolve(wilds=state.wilds + (rank,))
        events.append(Event("ddz.wild", landlord, {
            "rank": RANK_CHARS[rank], "kind": "di" if tian is not None else "laizi"}))
    if state.players == 2:
        # 二人斗地主: the farmer plays the hand to the landlord's left, which may not be the
        # one they bid with (that one is then the dummy, out of play): they are told.
        farmer = 1 - landlord
        if state.hand_index(farmer) != farmer:
            events.append(Event("ddz.hand_switch", farmer, {
                "hand": state.hand_index(farmer), "dummy": state.dummy_index}))
    return state.after_bottom(), events


def redeal(state: DoudizhuState, events: list[Event]) -> tuple[DoudizhuState, list[Event]]:
    """All passed: deal again from the seed and the deal count; 叫分: the same seat bids first,
    抢地主: the next seat speaks first."""
    run = state.all_pass_run + 1
    penalties = state.penalties
    events = list(events)
    if state.options.no_bid_penalty and run >= 3:
        penalty = settlement.no_bid_penalty_scores(state.players, state.first_bidder)
        penalties = tuple(p + q for p, q in zip(penalties, penalty, strict=True))
        events.append(Event("ddz.no_bid_penalty", state.first_bidder, {"scores": penalty}))
        run = 0
    dealt = deal_cards(state.seed, state.deal + 1)
    first = state.first_bidder
    if state.options.bidding == "grab":
        first = state.next_seat(first)
    events.append(Event("ddz.redeal", first,
                        {"deal": state.deal + 1, "all_pass": run,
                         "face_up": dealt.face_up}))
    wilds: tuple[int, ...] = ()
    if state.options.variant == "tiandi_laizi":
        wilds = (draw_wild(state.seed, state.deal + 1, "tian"),)
        events.append(Event("ddz.wild", first, {"rank": RANK_CHARS[wilds[0]], "kind": "tian"}))
    return state.evolve(deal=state.deal + 1, face_up=dealt.face_up, hands=dealt.hands,
                        bottom=dealt.bottom, first_bidder=first, turn=first, auction=(),
                        all_pass_run=run, penalties=penalties, wilds=wilds), events
