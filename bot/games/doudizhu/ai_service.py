"""The AI as a service: its decision for a position described from one seat's point of view.

Backs `python -m bot judge doudizhu-ai`, chat `/hint` on a typed position and the `/judge`
puzzle mode. Requests (cards without suits):
- play: `{"players": 3, "seat": 1, "landlord": 0, "hand": "...", "bottom": "...",
  "history": [[0, "33"], [1, ""], ...]}` (every play so far, `""` = pass; with two players
  an optional `"dummy": "..."` when the dummy hand is visible) → `{"play": "<cards or "">"}`;
- bid: `{"players": 3, "seat": 2, "phase": "bid", "hand": "<17>", "bids": [1, 0]}` (earlier
  bids in order, 0 = pass; optional `"options"`) → `{"bid": 0|1|2|3}`;
- endgame puzzle (残局): `{"phase": "endgame", "hands": ["...", "..."], "turn": 0,
  "last": "..."}` → `{"win": true, "line": [[0, "33"], ...]}` or `{"win": false}` (see
  `puzzle`).
A malformed or impossible position raises IllegalAction with the reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.cards import parse_ranks
from bot.errors import IllegalAction
from bot.games.doudizhu import ai
from bot.games.doudizhu import moves as mv
from bot.games.doudizhu.actions import PASS, Phase
from bot.games.doudizhu.bidding import must_bid_counts
from bot.games.doudizhu.options import validate
from bot.games.doudizhu.position import FULL, Counts, Position, landlord_constraints
from bot.games.doudizhu.puzzle import solve_request
from bot.games.doudizhu.views import ranks_text

if TYPE_CHECKING:
    from bot.games.doudizhu.state import DoudizhuState

HAND_SIZES = {"landlord": 20, "farmer": 17}


def _int(request: dict[str, Any], key: str, low: int, high: int) -> int:
    value = request.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value < high:
        raise IllegalAction("ddz.err.ai_bad_field", field=key, value=repr(value))
    return value


def _counts(text: Any, field: str) -> Counts:
    if not isinstance(text, str):
        raise IllegalAction("ddz.err.ai_bad_field", field=field, value=repr(text))
    return mv.parse_hand(text).counts


def _add(a: Counts, b: Counts) -> Counts:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def _check_deck(parts: list[Counts]) -> None:
    total = (0,) * 15
    for part in parts:
        total = _add(total, part)
    for i, n in enumerate(total):
        if n > FULL[i]:
            raise IllegalAction("ddz.err.ai_not_a_deck", rank=mv.Rank(i + 3).label, count=n)


def decide_request(request: dict[str, Any]) -> dict[str, Any]:
    """The service's answer: `{"bid": n}` or `{"play": cards}` (see the module docstring)."""
    return explain_request(request)[0]


def explain_request(request: dict[str, Any]) -> tuple[dict[str, Any], str, dict[str, Any]]:
    """The answer with its one-line reason (message key and params) for chat `/judge`."""
    players = request.get("players", 3)
    if players not in (2, 3) or isinstance(players, bool):
        raise IllegalAction("ddz.err.ai_bad_field", field="players", value=repr(players))
    phase = request.get("phase", "play")
    if phase == "endgame":
        answer = solve_request(request)
        key = {True: "ddz.why.puzzle_win", False: "ddz.why.puzzle_lost",
               None: "ddz.why.puzzle_unknown"}[answer["win"]]
        return answer, key, {}
    if phase == "bid":
        bid = bid_answer(request, players)
        strength = ai.strength(_counts(request.get("hand"), "hand"))
        key = "ddz.why.bid" if bid else "ddz.why.pass_bid"
        return {"bid": bid}, key, {"strength": strength, "bid": bid}
    if phase != "play":
        raise IllegalAction("ddz.err.ai_bad_field", field="phase", value=repr(phase))
    decision = ai.decide(position_of(request, players))
    return {"play": "" if decision.move is None else str(decision.move)}, decision.reason, {}


def bid_answer(request: dict[str, Any], players: int) -> int:
    """The AI's bid (0 = pass) for a points-bidding position."""
    _int(request, "seat", 0, players)  # checked for a sane request; the bid does not need it
    hand = _counts(request.get("hand"), "hand")
    if sum(hand) != 17:
        raise IllegalAction("ddz.err.ai_hand_size", size=sum(hand), expected=17)
    bids = request.get("bids", [])
    if not isinstance(bids, list) or len(bids) >= players:
        raise IllegalAction("ddz.err.ai_bad_field", field="bids", value=repr(bids))
    highest = 0
    for bid in bids:
        if isinstance(bid, bool) or bid not in (0, 1, 2, 3) or (bid and bid <= highest):
            raise IllegalAction("ddz.err.ai_bad_bids", bids=repr(bids))
        if highest == 3:
            raise IllegalAction("ddz.err.ai_bad_bids", bids=repr(bids))
        highest = max(highest, bid)
    if highest == 3:
        raise IllegalAction("ddz.err.ai_bad_bids", bids=repr(bids))
    options = validate({**(request.get("options") or {}), "players": players})
    lowest, can_pass = highest + 1, True
    if options.last_bidder_min_two and players == 3 and len(bids) == 2 and highest == 0:
        lowest, can_pass = max(lowest, 2), options.no_bid_penalty
    if players == 2 and must_bid_counts(hand):
        can_pass = False
    legal = [f"bid {n}" for n in range(lowest, 4)] + ([PASS] if can_pass else [])
    action = ai.bid_decision(legal, hand, players=players)
    return 0 if action == PASS else int(action[4])


def position_of(request: dict[str, Any], players: int) -> Position:
    """Replay the request's history and build the position its seat sees."""
    seat = _int(request, "seat", 0, players)
    landlord = _int(request, "landlord", 0, players)
    hand = _counts(request.get("hand"), "hand")
    bottom = _counts(request.get("bottom"), "bottom")
    if sum(bottom) != 3:
        raise IllegalAction("ddz.err.ai_bad_field", field="bottom",
                            value=repr(request.get("bottom")))
    dummy = None
    if request.get("dummy") is not None:
        if players != 2:
            raise IllegalAction("ddz.err.ai_bad_field", field="dummy", value="(3 players)")
        dummy = _counts(request["dummy"], "dummy")
        if sum(dummy) != 17:
            raise IllegalAction("ddz.err.ai_hand_size", size=sum(dummy), expected=17)
    history = request.get("history", [])
    if not isinstance(history, list):
        raise IllegalAction("ddz.err.ai_bad_field", field="history", value=repr(history))
    played, left, table, table_seat, turn = _replay(history, players, landlord, None)
    constraints = None
    if players == 2 and seat == landlord:
        # The prohibitions are judged on the landlord's 20 cards: known only to the landlord.
        constraints = mv.Constraints.for_two_player_landlord(
            mv.Hand(_add(hand, played[landlord])))
        if constraints.active:
            played, left, table, table_seat, turn = _replay(history, players, landlord,
                                                            constraints)
        else:
            constraints = None
    if turn != seat:
        raise IllegalAction("ddz.err.ai_not_your_turn", seat=seat, turn=turn)
    if sum(hand) != left[seat]:
        raise IllegalAction("ddz.err.ai_hand_size", size=sum(hand), expected=left[seat])
    everything_played = (0,) * 15
    for counts in played:
        everything_played = _add(everything_played, counts)
    seen = [hand, everything_played] + ([dummy] if dummy is not None else [])
    _check_deck(seen)
    if seat == landlord:
        # The bottom went into this very hand: it is still held, or was played by it.
        held = _add(hand, played[landlord])
        if any(b > h for b, h in zip(bottom, held, strict=True)):
            raise IllegalAction("ddz.err.ai_bottom_not_held")
    else:
        _check_deck(seen + [tuple(max(0, b - p) for b, p in
                                  zip(bottom, played[landlord], strict=True))])
    threat = tuple(FULL[i] - sum(part[i] for part in seen) for i in range(15))
    opponent_constraints = None
    if dummy is not None and seat != landlord:
        opponent_constraints = landlord_constraints(threat, played[landlord])
    return Position(players=players, seat=seat, landlord=landlord, hand=hand,
                    cards_left=tuple(left), to_beat=table, to_beat_seat=table_seat,
                    threat=threat, constraints=constraints,
                    opponent_constraints=opponent_constraints)


def _replay(history: list[Any], players: int, landlord: int,
            constraints: mv.Constraints | None,
            ) -> tuple[list[Counts], list[int], mv.Move | None, int | None, int]:
    """Check the history is a legal sequence; return plays, cards left, table and turn."""
    left = [HAND_SIZES["landlord" if s == landlord else "farmer"] for s in range(players)]
    played: list[Counts] = [(0,) * 15 for _ in range(players)]
    table: mv.Move | None = None
    table_seat: int | None = None
    passes = 0
    turn = landlord
    for at, entry in enumerate(history):
        if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], str)
                and isinstance(entry[0], int) and not isinstance(entry[0], bool)):
            raise IllegalAction("ddz.err.ai_bad_history", at=at)
        who, text = entry
        if min(left) == 0:
            raise IllegalAction("ddz.err.ai_after_end", at=at)
        if who != turn:
            raise IllegalAction("ddz.err.ai_out_of_turn", at=at, seat=who, turn=turn)
        ranks = parse_ranks(text)
        if not ranks:
            if table is None:
                raise IllegalAction("ddz.err.ai_leader_passed", at=at)
            passes += 1
            if passes >= players - 1:
                turn, table, passes = table_seat, None, 0  # type: ignore[assignment]
            else:
                turn = (turn + 1) % players
            continue
        readings = mv.classify(ranks)
        if constraints is not None and who == landlord:
            readings = [m for m in readings if constraints.allows(m)]
        if table is not None:
            readings = [m for m in readings if m.beats(table)]
        if not readings:
            raise IllegalAction("ddz.err.ai_illegal_play", at=at, cards=text)
        move = max(readings, key=lambda m: (m.length, m.rank))
        left[who] -= len(ranks)
        if left[who] < 0:
            raise IllegalAction("ddz.err.ai_too_many_cards", at=at, seat=who)
        played[who] = _add(played[who], mv.Hand.from_ranks(ranks).counts)
        table, table_seat, passes = move, who, 0
        turn = (turn + 1) % players
    if min(left) == 0:
        raise IllegalAction("ddz.err.ai_after_end", at=len(history))
    return played, left, table, table_seat, turn


def request_for(state: DoudizhuState, seat: int) -> dict[str, Any]:
    """The request describing what `seat` sees now (bidding or play phase)."""
    if state.phase is Phase.BIDDING:
        bids = [0 if action == PASS else int(action[4]) for _, action in state.auction]
        return {"players": state.players, "seat": seat, "phase": "bid",
                "hand": ranks_text(state.hand(seat)), "bids": bids,
                "options": state.options.to_dict()}
    request: dict[str, Any] = {
        "players": state.players, "seat": seat, "landlord": state.landlord,
        "hand": ranks_text(state.hand(seat)), "bottom": ranks_text(state.bottom),
        "history": [[s, ranks_text(shown.split())] for s, shown in state.history]}
    dummy = state.dummy_index
    if dummy is not None and state.options.dummy_visible:
        request["dummy"] = ranks_text(state.hands[dummy])
    return request
