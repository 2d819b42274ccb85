"""What each audience of a 斗地主 hand may see (the observer, after OpenSpiel).

The public view carries card counts, never a hidden card. Cards it does show: the face-up
card of the deal (明牌, seen by all during the deal), the bottom once the landlord has it,
every card played, the landlord's hand after 明牌 (`show_hand`), and the two-player dummy
hand when `dummy_visible`. The private view adds the seat's own hand and choices.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.cards import RANK_CHARS
from bot.games.doudizhu import moves as mv
from bot.games.doudizhu.actions import Phase, ranks_of
from bot.games.doudizhu.counter import out_of_sight
from bot.games.doudizhu.deal import RANK_INDEX, Cards, cards_from_text, cards_text
from bot.games.doudizhu.play import WARN_AT

if TYPE_CHECKING:
    from bot.games.doudizhu.state import DoudizhuState


def role(state: DoudizhuState, seat: int) -> str | None:
    """"landlord", "farmer", or None while bidding."""
    if state.landlord is None:
        return None
    return "landlord" if seat == state.landlord else "farmer"


def ranks_text(cards: Cards | list[str]) -> str:
    """Compact ranks without suits, in the given order (`33TB`)."""
    return "".join(RANK_CHARS[RANK_INDEX[card]] for card in cards)


def public_view(state: DoudizhuState) -> dict[str, Any]:
    """The table for everyone (see the module docstring for the cards it may show)."""
    playing = state.phase in (Phase.PLAYING, Phase.OVER)
    seats = []
    doubled = state.doubled
    for seat in range(state.players):
        count = len(state.hands[state.hand_index(seat)])
        seats.append({
            "seat": seat, "role": role(state, seat), "cards": count,
            "warning": count if playing and count in WARN_AT else None,
            "doubled": doubled[seat] if doubled else None,
            "plays": state.plays[seat],
        })
    view: dict[str, Any] = {
        "game": f"doudizhu{state.players}", "players": state.players,
        "phase": state.phase.value, "turn": state.turn, "dealer": state.dealer,
        "first_bidder": state.first_bidder, "deal": state.deal,
        "face_up": state.face_up if state.landlord is None else None,
        # The face-up card (翻牌) is seen in its holder's hand: whose it is, is public.
        "face_up_holder": _face_up_holder(state) if state.landlord is None else None,
        "auction": list(map(list, state.auction)), "landlord": state.landlord,
        "base": state.base, "seats": seats,
        "bottom": cards_text(state.bottom) if state.landlord is not None else None,
        "shown_hand": (cards_text(state.hand(state.landlord))
                       if state.shown and state.landlord is not None else None),
        "trick": _trick(state), "passes": state.passes, "passed": _passed(state),
        "history": list(map(list, state.history)),
        "multiplier": state.multiplier, "causes": state.cause_list(), "bombs": state.bombs,
        "all_pass_run": state.all_pass_run, "penalties": list(state.penalties),
        "result": state.result() if state.winner is not None else None,
    }
    if state.phase is Phase.OVER:
        # The hand is over: the winning play and every seat's cards left are shown to all.
        view["final_play"] = _final_play(state)
        view["hands_left"] = [ranks_text(state.hand(seat)) for seat in range(state.players)]
    if state.players == 2:
        view["dummy"] = _dummy(state)
    return view


def _face_up_holder(state: DoudizhuState) -> int | None:
    """The seat whose dealt hand holds the face-up card (None: the bottom or the third
    hand of the two-player game)."""
    for seat in range(state.players):
        if state.face_up in state.hands[seat]:
            return seat
    return None


def _final_play(state: DoudizhuState) -> dict[str, Any] | None:
    """The play that ended the hand, read as the trick it answered (its type and cards)."""
    plays = [(seat, shown) for seat, shown in state.history if shown]
    played = [a[5:] for a in state.actions if a.startswith("play ")]
    if not plays or not played:
        return None
    cards = played[-1]
    readings = mv.classify(ranks_of(cards))
    if not readings:
        return None
    move = mv.led_reading(readings)
    answered = _answered(state)
    if answered is not None:
        same = [m for m in readings if m.beats(answered)]
        move = max(same, key=lambda m: (m.length, m.rank)) if same else move
    return {"seat": plays[-1][0], "cards": cards, "type": move.type.value}


def _answered(state: DoudizhuState) -> mv.Move | None:
    """The move the last play beat, or None if it was a lead (read as led: good enough for
    naming the type, the one thing this is used for)."""
    history = state.history[:-1]
    passes = 0
    for _, shown in reversed(history):
        if shown:
            break
        passes += 1
    else:
        return None
    if passes >= state.players - 1:
        return None
    played = [a[5:] for a in state.actions[:-1] if a.startswith("play ")]
    if not played:
        return None
    readings = mv.classify(ranks_of(played[-1]))
    return mv.led_reading(readings) if readings else None


def _trick(state: DoudizhuState) -> dict[str, Any] | None:
    if state.table is None:
        return None
    seat, cards, kind, _, _ = state.table
    return {"seat": seat, "cards": cards, "type": kind}


def _passed(state: DoudizhuState) -> list[int]:
    """The seats that passed on the move to beat, in turn order after its player."""
    if state.table is None:
        return []
    count = min(state.passes, state.players - 1)
    return [(state.table[0] + step) % state.players for step in range(1, count + 1)]


def _dummy(state: DoudizhuState) -> dict[str, Any] | None:
    index = state.dummy_index
    if index is None:
        return None
    cards = state.hands[index]
    visible = state.options.dummy_visible
    return {"hand": index, "cards": len(cards), "visible": visible,
            "hand_cards": cards_text(cards) if visible else None}


def private_view(state: DoudizhuState, seat: int) -> dict[str, Any]:
    """`seat`'s hand (suited and as ranks), role, and the actions open to them now."""
    if not 0 <= seat < state.players:
        raise ValueError(f"no seat {seat}")
    hand = state.hand(seat)
    unseen = out_of_sight(state, seat)
    return {"seat": seat, "role": role(state, seat), "hand": cards_text(hand),
            "ranks": ranks_text(hand), "hand_index": state.hand_index(seat),
            "legal": state.legal_actions(seat), "to_act": state.turn == seat,
            # 记牌器: how many of each rank this seat cannot see, high ranks first
            "counter": {rank.char: unseen[rank] for rank in sorted(unseen, reverse=True)}}


def game_record(state: DoudizhuState) -> dict[str, Any]:
    """This deal as the `doudizhu-game` referee reads it: dealt hands, bottom, actions."""
    dealt = [list(h) for h in state.hands]
    for seat, shown in state.history:
        if shown:
            dealt[state.hand_index(seat)].extend(cards_from_text(shown))
    if state.landlord is not None:
        for card in state.bottom:
            dealt[state.landlord].remove(card)
    start = len(state.actions) - _actions_this_deal(state)
    return {"players": state.players, "options": state.options.to_dict(),
            "hands": [ranks_text(sorted(h, key=RANK_INDEX.__getitem__)) for h in dealt],
            "bottom": ranks_text(state.bottom),
            "first_bidder": state.first_bidder, "actions": list(state.actions[start:])}


def _actions_this_deal(state: DoudizhuState) -> int:
    if state.landlord is None:
        return len(state.auction)
    extra = sum(1 for a in state.actions if a in ("double", "no-double", "show", "no-show"))
    return len(state.auction) + extra + len(state.history)
