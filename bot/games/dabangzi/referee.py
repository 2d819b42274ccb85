"""`python -m bot judge dabangzi`: judge one trick of 打棒子 given as JSON (docs/rules.md §6).

Request: `{"level": "5", "suit": "h", "hun": "9h", "plays": ["As As", "3d 4d", ...]}`,
the lead first, and optionally `"hands"`: each player's cards before the play, to check
that each follow is legal. Answer: `{"winner": index, "points": n, "lead": shape,
"legal": [...]}` (shape: 0 a single, 1 a pair, k a tractor of k pairs).
"""

from __future__ import annotations

from typing import Any

from bot.errors import IllegalAction
from bot.games.dabangzi.order import LEVELS, SUITS, points, trumps_of
from bot.games.dabangzi.phases import parse
from bot.games.dabangzi.tricks import follow_ok, shape, winner


def _cards(value: Any) -> list[str]:
    if isinstance(value, list):
        value = " ".join(str(v) for v in value)
    if not isinstance(value, str) or not value.strip():
        raise IllegalAction("dbz.referee.bad_request")
    return parse(value)


def judge_trick(request: dict[str, Any]) -> dict[str, Any]:
    """The winner and points of one trick, and whether each follow was legal."""
    level, suit, hun = request.get("level"), request.get("suit"), request.get("hun")
    if level not in LEVELS or suit not in SUITS or not isinstance(hun, str) \
            or len(hun) != 2 or hun[1] != suit:
        raise IllegalAction("dbz.referee.bad_request")
    trumps = trumps_of(level, suit, hun)
    plays = [_cards(p) for p in request.get("plays") or []]
    if not 1 <= len(plays) <= 4 or any(len(p) != len(plays[0]) for p in plays):
        raise IllegalAction("dbz.referee.bad_request")
    lead = shape(plays[0], trumps)
    if lead is None:
        raise IllegalAction("dbz.not_a_unit", cards=" ".join(plays[0]))
    answer: dict[str, Any] = {"winner": winner(plays, trumps),
                              "points": points(c for p in plays for c in p), "lead": lead}
    hands = request.get("hands")
    if isinstance(hands, list) and len(hands) == len(plays):
        answer["legal"] = [True] + [follow_ok(_cards(h), plays[0], p, trumps)
                                    for h, p in zip(hands[1:], plays[1:], strict=True)]
    return answer
