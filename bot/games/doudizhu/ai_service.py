"""The AI as a service: its decision for a position described from one seat's point of view.

Backs `python -m bot judge doudizhu-ai`, chat `/hint` on a typed position and the `/judge`
puzzle mode. Requests (cards without suits):
- play: `{"players": 3, "seat": 1, "landlord": 0, "hand": "...", "bottom": "...",
  "history": [[0, "33"], [1, ""], ...]}` (every play so far, `""` = pass; with two players
  an optional `"dummy": "..."` when the dummy hand is visible) → `{"play": "<cards or "">"}`;
- bid: `{"players": 3, "seat": 2, "phase": "bid", "hand": "<17>", "bids": [1, 0]}` (earlier
  bids in order, 0 = pass; optional `"options"`) → `{"bid": 0|1|2|3}`;
- 加倍: `{"players": 3, "seat": 1, "phase": "double", "landlord": 0, "hand": "<17 or 20>",
  "bottom": "..."}` (with two players an optional `"dummy"`) → `{"double": true|false}`;
- endgame puzzle (残局): `{"phase": "endgame", "hands": ["...", "..."], "turn": 0,
  "last": "..."}` → `{"win": true, "line": [[0, "33"], ...]}` or `{"win": false}` (see
  `puzzle`).
Play, bid and 加倍 requests take `"level": "easy"|"normal"|"strong"` (default `normal`, the
planner; `easy` plays the smallest move that beats; `strong` searches, `levels`) and
`"budget"` (the strong level's work per decision, `options.DEFAULT_AI_BUDGET` by default).
A play request may carry what the strong level reads besides the plays: `"auction"`, this
deal's bidding as `[[seat, "bid 2"], [seat, "pass"], ...]` (the engine's action words), and
`"options"` (`bidding`, `bomb_cap`). A malformed or impossible position, or a bad level or
budget, raises IllegalAction with the reason (one line of JSON from the referee).

The modes (RULES §2.1): a play request in 癞子 / 天地癞子 carries `"wild"`, the wild ranks
drawn (`"5"`; two, 天癞子 first: `"59"`), and may carry `"options": {"variant": ...}` (or
`"mode"`), which must agree with the number of ranks. A play in the history is its cards,
or `cards=reading` (`5557=5777`) where a wild card in it could be read more than one way
(unnamed: its strongest reading that is legal there). The answer names the reading when a
wild card is in the play (`{"play": "5557=7775"}`); every level plays the modes' planner
(`wild_ai`), as at the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.cards import parse_ranks
from bot.errors import IllegalAction
from bot.games.doudizhu import ai, appraise, reading, search
from bot.games.doudizhu import moves as mv
from bot.games.doudizhu.actions import DOUBLE, NO_DOUBLE, PASS, Phase
from bot.games.doudizhu.baselines import smallest
from bot.games.doudizhu.bidding import must_bid_counts
from bot.games.doudizhu.options import (
    AI_LEVELS,
    DEFAULT_AI_BUDGET,
    MAX_AI_BUDGET,
    RuleOptions,
    validate,
)
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
    """The service's answer: `{"bid": n}`, `{"double": bool}` or `{"play": cards}` (see the
    module docstring)."""
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
    level, budget = level_of(request)
    if phase == "bid":
        bid = bid_answer(request, players, level, budget)
        strength = ai.strength(_counts(request.get("hand"), "hand"))
        key = "ddz.why.bid" if bid else "ddz.why.pass_bid"
        return {"bid": bid}, key, {"strength": strength, "bid": bid}
    if phase == "double":
        double = double_answer(request, players, level, budget)
        return {"double": double}, "ddz.why.double" if double else "ddz.why.no_double", {}
    if phase != "play":
        raise IllegalAction("ddz.err.ai_bad_field", field="phase", value=repr(phase))
    wild = wild_of(request, players)
    if wild is not None:
        move, reason = wild_play(request, players, wild)
        return {"play": _play_text(move, wild)}, reason, {}
    decision = play_decision(request, players, level, budget)
    return {"play": "" if decision.move is None else str(decision.move)}, decision.reason, {}


def wild_of(request: dict[str, Any], players: int) -> mv.Wild | None:
    """The request's wild ranks (`"wild"`), checked against its variant option; None in the
    classic game."""
    text = request.get("wild")
    variant = _options(request, players).variant
    if text is None or text == "":
        if variant != "classic":
            raise IllegalAction("ddz.err.ai_bad_field", field="wild", value=repr(text))
        return None
    if not isinstance(text, str):
        raise IllegalAction("ddz.err.ai_bad_field", field="wild", value=repr(text))
    try:
        ranks = tuple(r - 3 for r in parse_ranks(text))
    except ValueError:
        ranks = ()
    want = {"laizi": 1, "tiandi_laizi": 2}.get(variant, len(ranks))
    if (not ranks or len(ranks) != want or len(set(ranks)) != len(ranks) or len(ranks) > 2
            or max(ranks) > 12):
        raise IllegalAction("ddz.err.ai_bad_field", field="wild", value=repr(text))
    return mv.Wild(tuple(sorted(ranks)), long_bombs=len(ranks) == 2)


def _play_text(move: mv.Move | None, wild: mv.Wild) -> str:
    if move is None:
        return ""
    from bot.games.doudizhu.play import read_text

    text = str(move)
    if any(int(r) - 3 in wild.ranks for r in move.cards):
        text += "=" + read_text(move, wild.ranks)
    return text


def wild_play(request: dict[str, Any], players: int,
              wild: mv.Wild) -> tuple[mv.Move | None, str]:
    """The modes' planner's play in the request's position (None: pass) and why."""
    from bot.games.doudizhu import wild_ai

    pos = position_of(request, players, wild)
    legal = mv.legal_moves(mv.Hand(pos.hand), pos.to_beat, pos.constraints, wild)
    move = wild_ai.decide(pos.hand, wild.ranks, legal, seat=pos.seat, landlord=pos.landlord,
                          sizes=list(pos.cards_left), holder=pos.to_beat_seat)
    if move is not None:
        reason = ("ddz.why.finish" if len(move.cards) == sum(pos.hand)
                  else "ddz.why.lead" if pos.to_beat is None else "ddz.why.beat")
    elif not legal:
        reason = "ddz.why.cannot"
    else:
        partner = (players == 3 and pos.to_beat_seat is not None and pos.seat != pos.landlord
                   and pos.to_beat_seat != pos.landlord)
        reason = "ddz.why.partner" if partner else "ddz.why.save"
    return move, reason


def level_of(request: dict[str, Any]) -> tuple[str, int]:
    """The request's AI level and strong budget, checked (defaults: normal, the room's)."""
    level = request.get("level", "normal")
    if not isinstance(level, str) or level not in AI_LEVELS:
        raise IllegalAction("ddz.err.ai_bad_field", field="level", value=repr(level))
    budget = request.get("budget", DEFAULT_AI_BUDGET)
    if isinstance(budget, bool) or not isinstance(budget, int) or not 0 <= budget <= MAX_AI_BUDGET:
        raise IllegalAction("ddz.err.ai_bad_field", field="budget", value=repr(budget))
    return level, budget


def _options(request: dict[str, Any], players: int) -> RuleOptions:
    options = request.get("options") or {}
    if not isinstance(options, dict):
        raise IllegalAction("ddz.err.ai_bad_field", field="options", value=repr(options))
    return validate({**options, "players": players})


def play_decision(request: dict[str, Any], players: int, level: str, budget: int) -> ai.Decision:
    """The play of the request's level in its position."""
    pos = position_of(request, players)
    if level == "easy":
        legal = mv.legal_moves(mv.Hand(pos.hand), pos.to_beat, pos.constraints)
        return ai.Decision(smallest(legal) if legal else None, "ddz.why.beat")
    if level == "normal":
        return ai.decide(pos)
    options = _options(request, players)
    history = [(who, mv.parse_hand(text).counts if text.strip() else reading.ZERO)
               for who, text in request.get("history", [])]
    hidden_dummy = 17 if players == 2 and request.get("dummy") is None else 0
    bids = reading.bid_ranges(players, options.bidding == "grab", _auction(request, players))
    know = reading.knowledge_of(pos, history, _counts(request.get("bottom"), "bottom"),
                                hidden_dummy=hidden_dummy, bomb_cap=options.bomb_cap,
                                bids=bids)
    return search.choose(pos, know, budget)


def _auction(request: dict[str, Any], players: int) -> list[tuple[int, str]]:
    auction = request.get("auction", [])
    if not isinstance(auction, list) or not all(
            isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], str)
            and isinstance(entry[0], int) and not isinstance(entry[0], bool)
            and 0 <= entry[0] < players and (entry[1] in ("pass", "grab", "no-grab") or (
                entry[1][:4] == "bid " and entry[1][4:] in ("1", "2", "3")))
            for entry in auction):
        raise IllegalAction("ddz.err.ai_bad_field", field="auction", value=repr(auction))
    return [(seat, act) for seat, act in auction]


def double_answer(request: dict[str, Any], players: int, level: str, budget: int) -> bool:
    """The AI's 加倍 (True: double) once the landlord is known and the bottom shown."""
    seat = _int(request, "seat", 0, players)
    landlord = _int(request, "landlord", 0, players)
    hand = _counts(request.get("hand"), "hand")
    bottom = _counts(request.get("bottom"), "bottom")
    if sum(bottom) != 3:
        raise IllegalAction("ddz.err.ai_bad_field", field="bottom",
                            value=repr(request.get("bottom")))
    expected = HAND_SIZES["landlord" if seat == landlord else "farmer"]
    if sum(hand) != expected:
        raise IllegalAction("ddz.err.ai_hand_size", size=sum(hand), expected=expected)
    dummy = None
    if request.get("dummy") is not None:
        if players != 2:
            raise IllegalAction("ddz.err.ai_bad_field", field="dummy", value="(3 players)")
        dummy = _counts(request["dummy"], "dummy")
    if seat == landlord:
        if any(b > h for b, h in zip(bottom, hand, strict=True)):
            raise IllegalAction("ddz.err.ai_bottom_not_held")
        _check_deck([hand] + ([dummy] if dummy is not None else []))
    else:
        _check_deck([hand, bottom] + ([dummy] if dummy is not None else []))
    planner = ai.wants_double(hand, seat != landlord)
    if level != "strong":
        return planner
    options = _options(request, players)
    value = appraise.side_value_of(players, seat, hand, landlord, bottom, dummy,
                                   dummy is not None, len(_auction(request, players)),
                                   options.bomb_cap, budget)
    legal = [DOUBLE, NO_DOUBLE]
    return appraise.verdict(Phase.DOUBLING, DOUBLE if planner else NO_DOUBLE, legal,
                            value) == DOUBLE


def bid_answer(request: dict[str, Any], players: int, level: str = "normal",
               budget: int = DEFAULT_AI_BUDGET) -> int:
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
    options = _options(request, players)
    lowest, can_pass = highest + 1, True
    if options.last_bidder_min_two and players == 3 and len(bids) == 2 and highest == 0:
        lowest, can_pass = max(lowest, 2), options.no_bid_penalty
    if players == 2 and must_bid_counts(hand):
        can_pass = False
    legal = [f"bid {n}" for n in range(lowest, 4)] + ([PASS] if can_pass else [])
    action = ai.bid_decision(legal, hand, players=players)
    if level == "strong":
        value = appraise.side_value_of(players, _int(request, "seat", 0, players), hand, None,
                                       None, None, options.dummy_visible, len(bids),
                                       options.bomb_cap, budget)
        action = appraise.verdict(Phase.BIDDING, action, legal, value)
    return 0 if action == PASS else int(action[4])


def position_of(request: dict[str, Any], players: int,
                wild: mv.Wild | None = None) -> Position:
    """Replay the request's history and build the position its seat sees (with `wild`, the
    plays read with wild cards, RULES §2.1)."""
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
    played, left, table, table_seat, turn = _replay(history, players, landlord, None, wild)
    constraints = None
    if players == 2 and seat == landlord:
        # The prohibitions are judged on the landlord's 20 cards: known only to the landlord.
        constraints = mv.Constraints.for_two_player_landlord(
            mv.Hand(_add(hand, played[landlord])))
        if constraints.active:
            played, left, table, table_seat, turn = _replay(history, players, landlord,
                                                            constraints, wild)
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


Replayed = tuple[list[Counts], list[int], mv.Move | None, int | None, int]
MAX_REREADINGS = 256  # the modes: tries of other readings for unnamed wild plays


def _replay(history: list[Any], players: int, landlord: int,
            constraints: mv.Constraints | None, wild: mv.Wild | None = None) -> Replayed:
    """Check the history is a legal sequence; return plays, cards left, table and turn.

    With wild cards a play not named (`cards=reading`) is read the weakest way legal there
    that lets the rest of the history stand (the last such play read again first)."""
    picks: dict[int, int] = {}
    for _ in range(MAX_REREADINGS):
        options: dict[int, int] = {}
        try:
            return _replay_once(history, players, landlord, constraints, wild, picks, options)
        except IllegalAction as error:
            last = error
            failed = int(error.params.get("at", len(history)))
            earlier = [i for i in options if i < failed and picks.get(i, 0) + 1 < options[i]]
            if wild is None or not earlier:
                raise
            again = max(earlier)
            picks = {i: k for i, k in picks.items() if i < again} | {
                again: picks.get(again, 0) + 1}
    raise last  # too many ways to read it: the last reason


def _replay_once(history: list[Any], players: int, landlord: int,
                 constraints: mv.Constraints | None, wild: mv.Wild | None,
                 picks: dict[int, int], options: dict[int, int]) -> Replayed:
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
        text, _, named = text.partition("=") if wild is not None else (text, "", "")
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
        readings = mv.classify(ranks) if wild is None else mv.classify_wild(ranks, wild)
        if constraints is not None and who == landlord:
            readings = [m for m in readings if constraints.allows(m)]
        if table is not None:
            readings = [m for m in readings if m.beats(table)]
        if named and wild is not None:
            from bot.games.doudizhu.play import read_text

            want = sorted(r.char for r in parse_ranks(named))
            readings = [m for m in readings if sorted(read_text(m, wild.ranks)) == want]
        if not readings:
            raise IllegalAction("ddz.err.ai_illegal_play", at=at, cards=text)
        if wild is None:
            move = max(readings, key=lambda m: (m.length, m.rank))
        else:  # weakest first (`classify_wild`), another on a retry
            options[at] = len(readings)
            move = readings[min(picks.get(at, 0), len(readings) - 1)]
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
    """The request describing what `seat` sees now (bidding, 加倍 or play phase)."""
    if state.phase is Phase.BIDDING:
        bids = [0 if action == PASS else int(action[4]) for _, action in state.auction]
        return {"players": state.players, "seat": seat, "phase": "bid",
                "hand": ranks_text(state.hand(seat)), "bids": bids,
                "options": state.options.to_dict()}
    if state.phase is Phase.DOUBLING:
        request = {"players": state.players, "seat": seat, "phase": "double",
                   "landlord": state.landlord, "hand": ranks_text(state.hand(seat)),
                   "bottom": ranks_text(state.bottom),
                   "auction": [list(entry) for entry in state.auction],
                   "options": {"bomb_cap": state.options.bomb_cap}}
        if state.dummy_index is not None and state.options.dummy_visible:
            request["dummy"] = ranks_text(state.hands[state.dummy_index])
        return request
    request = {
        "players": state.players, "seat": seat, "landlord": state.landlord,
        "hand": ranks_text(state.hand(seat)), "bottom": ranks_text(state.bottom),
        "history": [[s, ranks_text(shown.split())] for s, shown in state.history],
        "auction": [list(entry) for entry in state.auction],
        "options": {"bidding": state.options.bidding, "bomb_cap": state.options.bomb_cap}}
    dummy = state.dummy_index
    if dummy is not None and state.options.dummy_visible:
        request["dummy"] = ranks_text(state.hands[dummy])
    wild = state.wild
    if wild is not None:  # RULES §2.1: the wild ranks, and the trick to beat as read
        request["wild"] = "".join(mv.Rank(i + 3).char for i in wild.ranks)
        request["options"]["variant"] = state.options.variant
        table = state.table_move()
        if table is not None:
            at = max(i for i, (_, shown) in enumerate(state.history) if shown)
            request["history"][at][1] = _play_text(table, wild)
    return request
