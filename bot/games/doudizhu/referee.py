"""The 斗地主 referee (裁判) behind `python -m bot judge doudizhu` and friends."""

from __future__ import annotations

from typing import Any

from bot.cards import RANK_CHARS, parse_ranks
from bot.games.doudizhu.moves import (
    Constraints,
    Move,
    Wild,
    bomb_kind,
    classify,
    classify_wild,
    legal_moves,
    parse_hand,
    parse_move,
)
from bot.games.doudizhu.moves import MoveError as _MoveError

# --------------------------------------------------------------------------------------
# judge_moves: the rules inspector (issue 2 §3).

_CHAR_ORDER = {ch: i for i, ch in enumerate(RANK_CHARS)}


def move_text_key(text: str) -> tuple[int, tuple[int, ...]]:
    """The order of the inspector's move lists: fewer cards first, then by ranks in play order.

    Each move's text is ascending (`33344`), so this compares the ascending rank sequences
    of two moves of the same size position by position (`33344` < `33355` < `34567`).
    """
    return len(text), tuple(_CHAR_ORDER[ch] for ch in text)


def _text(request: dict[str, Any], key: str) -> str:
    value = request.get(key, "")
    if not isinstance(value, str):
        raise _MoveError("ddz.move.judge_bad_request")
    return value


def _reading(move: Move, wild: Wild | None = None) -> dict[str, Any]:
    reading = {"type": move.type.value, "rank": move.rank.char, "length": move.length}
    if wild is not None:
        from bot.games.doudizhu.play import read_text

        reading["as"] = read_text(move, wild.ranks)
        kind = bomb_kind(move)
        if kind is not None:
            reading["bomb"] = kind
    return reading


_WILD_RANKS = {"classic": 0, "laizi": 1, "tiandi_laizi": 2}


def _wild(request: dict[str, Any]) -> Wild | None:
    """RULES §2.1: `"wild": "5"` (癞子) or `"wild": "59"` (天地癞子: long bombs count); an
    optional `"options": {"variant": ...}` (or `"mode"`, the issue's name) must agree with
    the number of wild ranks."""
    text = _text(request, "wild")
    options = request.get("options") or {}
    if not isinstance(options, dict):
        raise _MoveError("ddz.move.judge_bad_request")
    variant = options.get("variant", options.get("mode"))
    ranks = sorted({RANK_CHARS.index(ch) for ch in parse_ranks_text(text)}) if text else []
    if variant is not None and (variant not in _WILD_RANKS
                                or len(ranks) != _WILD_RANKS[variant]
                                or options.get("mode", variant) != variant):
        raise _MoveError("ddz.move.judge_bad_request")
    if not text:
        return None
    if not ranks or any(i > 12 for i in ranks) or len(ranks) > 2:
        raise _MoveError("ddz.move.judge_bad_request")
    return Wild(tuple(ranks), long_bombs=len(ranks) == 2)


def parse_ranks_text(text: str) -> str:
    return "".join(r.char for r in parse_ranks(text))


def judge_moves(request: dict[str, Any]) -> dict[str, Any]:
    """One inspector line.

    `{"hand": "33344", "last": "3"}` gives `{"legal": [...]}`: every legal move, pass
    excluded, each in compact ascending notation, sorted by `move_text_key`. With
    `"landlord_two_player": true` the §2 prohibitions apply, judged on `hand` as given.
    `{"cards": "33344"}` gives `{"readings": [{"type", "rank", "length"}...]}` (listing
    order) or `{"error": reason}`. With `"wild": "5"` (癞子; two ranks: 天地癞子, RULES
    §2.1) every reading with wild cards: legal moves as `cards=reading` (`5777=7777`),
    readings with `"as"` (the cards read) and `"bomb"` (soft / hard / pure); `"last"` may
    name its reading the same way. `"options": {"variant": "laizi"}` (or `"mode"`) may say
    the mode; it must agree with the wild ranks given.
    """
    wild = _wild(request)
    if "cards" in request:
        text = _text(request, "cards")
        readings = classify_wild(parse_ranks(text), wild) if wild else classify(
            parse_ranks(text))
        if not readings:
            parse_move(text)  # raises with the reason
            raise _MoveError("ddz.move.not_a_move", cards=text)
        return {"readings": [_reading(m, wild) for m in readings]}
    if "hand" not in request:
        raise _MoveError("ddz.move.judge_bad_request")
    hand = parse_hand(_text(request, "hand"))
    last = _text(request, "last")
    to_beat = _last(last, wild) if last.strip() else None
    constraints = (Constraints.for_two_player_landlord(hand)
                   if request.get("landlord_two_player") else None)
    moves = legal_moves(hand, to_beat, constraints, wild)
    if wild is None:
        return {"legal": sorted({str(m) for m in moves}, key=move_text_key)}
    from bot.games.doudizhu.play import read_text

    texts = {f"{m}={read_text(m, wild.ranks)}"
             if any(r - 3 in wild.ranks for r in m.cards) else str(m) for m in moves}
    return {"legal": sorted(texts, key=lambda t: (move_text_key(t.split("=")[0]), t))}


def _last(text: str, wild: Wild | None) -> Move:
    """The move to beat: led cards, or with wild cards `cards=reading` (the strongest
    reading when none is named)."""
    if wild is None:
        return parse_move(text)
    cards, _, named = text.partition("=")
    ranks = parse_ranks(cards)
    readings = classify_wild(ranks, wild)
    if named:
        from bot.games.doudizhu.play import named_readings

        readings = named_readings(readings, list(ranks), parse_ranks_text(named), wild)
    if not readings:
        parse_move(cards)
        raise _MoveError("ddz.move.not_a_move", cards=cards)
    return readings[-1]


# --------------------------------------------------------------------------------------
# judge_game and judge_ai: whole game records (issue 3) and the AI service (issue 9).
# Loaded when asked for: the moves referee above starts without the state machine and the
# AI's search (no import cycle: neither module imports this one).


def judge_game(request: dict[str, Any]) -> dict[str, Any]:
    """One game record → its result with stake 1, or `{"error", "at"}` (see game_referee)."""
    from bot.games.doudizhu.game_referee import judge_record

    return judge_record(request)


def judge_ai(request: dict[str, Any]) -> dict[str, Any]:
    """One position from a seat's point of view → `{"play": ...}` or `{"bid": n}`."""
    from bot.games.doudizhu.ai_service import decide_request

    return decide_request(request)


def position_request(state: Any, seat: int) -> dict[str, Any]:
    """The `doudizhu-ai` request describing what `seat` sees in a game state."""
    from bot.games.doudizhu.ai_service import request_for

    return request_for(state, seat)
