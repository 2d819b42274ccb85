"""The 斗地主 referee (裁判) behind `python -m bot judge doudizhu` and friends."""

from __future__ import annotations

from typing import Any

from bot.cards import RANK_CHARS, parse_ranks
from bot.games.doudizhu.moves import (
    Constraints,
    Move,
    classify,
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


def _reading(move: Move) -> dict[str, Any]:
    return {"type": move.type.value, "rank": move.rank.char, "length": move.length}


def judge_moves(request: dict[str, Any]) -> dict[str, Any]:
    """One inspector line.

    `{"hand": "33344", "last": "3"}` gives `{"legal": [...]}`: every legal move, pass
    excluded, each in compact ascending notation, sorted by `move_text_key`. With
    `"landlord_two_player": true` the §2 prohibitions apply, judged on `hand` as given.
    `{"cards": "33344"}` gives `{"readings": [{"type", "rank", "length"}...]}` (listing
    order) or `{"error": reason}`.
    """
    if "cards" in request:
        text = _text(request, "cards")
        readings = classify(parse_ranks(text))
        if not readings:
            parse_move(text)  # raises with the reason
        return {"readings": [_reading(m) for m in readings]}
    if "hand" not in request:
        raise _MoveError("ddz.move.judge_bad_request")
    hand = parse_hand(_text(request, "hand"))
    last = _text(request, "last")
    to_beat = parse_move(last) if last.strip() else None
    constraints = (Constraints.for_two_player_landlord(hand)
                   if request.get("landlord_two_player") else None)
    moves = legal_moves(hand, to_beat, constraints)
    return {"legal": sorted({str(m) for m in moves}, key=move_text_key)}


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
