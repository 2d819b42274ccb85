"""Endgame puzzles (残局): two hands in full view, who is to play, the move to beat — is
there a forced win, and what is the winning line?

Backs `python -m bot judge doudizhu-ai` with `{"phase": "endgame", ...}` requests:
`{"hands": ["<hand 0>", "<hand 1>"], "turn": 0, "last": "<move to beat or "">",
"landlord": 0}` (`last` was played by the other hand; `landlord`, optional, names the hand
under the two-player landlord's prohibitions, judged on that hand as given) gives
`{"win": true, "line": [[0, "33"], [1, ""], [0, "4"]]}` (the side to play's moves against
the other side's answers, to the end), `{"win": false}` when every line loses against best
play, or `{"win": null}` when the search ran out of its budget. Play follows RULES §2: a
trick ends at the first pass. The search is the AI's exact endgame solver (`endgame`).
"""

from __future__ import annotations

from typing import Any

from bot.errors import IllegalAction
from bot.games.doudizhu import moves as mv
from bot.games.doudizhu.endgame import Solver
from bot.games.doudizhu.position import FULL, Counts

PUZZLE_BUDGET = 3_000_000  # moves generated per search; ample for hands of a dozen cards
Line = list[tuple[int, mv.Move | None]]


def _minus(counts: Counts, move: mv.Move) -> Counts:
    left = list(counts)
    for r in move.cards:
        left[r - 3] -= 1
    return tuple(left)


def solve(hands: tuple[Counts, Counts], turn: int, to_beat: mv.Move | None,
          prohibitions: tuple[mv.Constraints | None, mv.Constraints | None] = (None, None),
          budget: int = PUZZLE_BUDGET) -> Line | bool | None:
    """The winning line for the hand `turn` (each entry: hand index, move or None for a
    pass), False if it has none, None if the budget ran out."""
    current = list(hands)
    line: Line = []
    table = to_beat
    mover = turn
    while True:
        other = 1 - mover
        if mover == turn:
            solver = Solver(prohibitions[mover], budget, prohibitions[other])
            found = solver.winning_move(current[mover], current[other], table)
            if found is None:
                return None
            if not found[0]:
                return False if not line else None
            move = found[1]
        else:
            move = _answer(current[mover], table, prohibitions[mover])
        line.append((mover, move))
        if move is None:
            table = None  # the trick ends at the first pass: the other side leads
        else:
            current[mover] = _minus(current[mover], move)
            if not any(current[mover]):
                return line
            table = move
        mover = other


def _answer(hand: Counts, table: mv.Move | None,
            prohibitions: mv.Constraints | None) -> mv.Move | None:
    """The losing side's reply in the line: the play that sheds the most, else the pass."""
    moves = mv.legal_moves(mv.Hand(hand), table, prohibitions)
    if not moves:
        return None
    return min(moves, key=lambda m: (-len(m.cards), m.rank))


def solve_request(request: dict[str, Any]) -> dict[str, Any]:
    """The `doudizhu-ai` endgame answer (see the module docstring)."""
    hands_text = request.get("hands")
    if not (isinstance(hands_text, list) and len(hands_text) == 2
            and all(isinstance(h, str) for h in hands_text)):
        raise IllegalAction("ddz.err.ai_bad_field", field="hands", value=repr(hands_text))
    hands = (mv.parse_hand(hands_text[0]).counts, mv.parse_hand(hands_text[1]).counts)
    for i in range(15):
        if hands[0][i] + hands[1][i] > FULL[i]:
            raise IllegalAction("ddz.err.ai_not_a_deck", rank=mv.Rank(i + 3).label,
                                count=hands[0][i] + hands[1][i])
    if not all(any(h) for h in hands):
        raise IllegalAction("ddz.err.ai_bad_field", field="hands", value=repr(hands_text))
    turn = request.get("turn", 0)
    if turn not in (0, 1) or isinstance(turn, bool):
        raise IllegalAction("ddz.err.ai_bad_field", field="turn", value=repr(turn))
    landlord = request.get("landlord")
    if landlord is not None and (landlord not in (0, 1) or isinstance(landlord, bool)):
        raise IllegalAction("ddz.err.ai_bad_field", field="landlord", value=repr(landlord))
    prohibitions: list[mv.Constraints | None] = [None, None]
    if landlord is not None:
        found = mv.Constraints.for_two_player_landlord(mv.Hand(hands[landlord]))
        prohibitions[landlord] = found if found.active else None
    last = request.get("last", "")
    if not isinstance(last, str):
        raise IllegalAction("ddz.err.ai_bad_field", field="last", value=repr(last))
    to_beat = mv.parse_move(last) if last.strip() else None
    result = solve(hands, turn, to_beat, (prohibitions[0], prohibitions[1]))
    if result is None or result is False:
        return {"win": None if result is None else False}
    assert isinstance(result, list)
    return {"win": True,
            "line": [[who, "" if move is None else str(move)] for who, move in result]}
