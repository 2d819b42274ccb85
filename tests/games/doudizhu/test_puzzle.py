"""Endgame puzzles (残局): the solver against brute force on generated small endgames."""

from __future__ import annotations

import io
import json
import random
from functools import cache

import pytest

from bot.games.doudizhu import moves as mv
from bot.games.doudizhu.position import FULL
from bot.games.doudizhu.puzzle import solve, solve_request
from bot.referee import run

Counts = tuple[int, ...]


def _minus(counts: Counts, move: mv.Move) -> Counts:
    left = list(counts)
    for r in move.cards:
        left[r - 3] -= 1
    return tuple(left)


@cache
def brute_wins(me: Counts, other: Counts, table: mv.Move | None) -> bool:
    """Plain minimax, no shortcuts: can the side to move empty its hand first (RULES §2)?"""
    for move in mv.legal_moves(mv.Hand(me), table):
        left = _minus(me, move)
        if not any(left) or not brute_wins(other, left, move):
            return True
    return table is not None and not brute_wins(other, me, None)


def random_endgame(rng: random.Random) -> tuple[Counts, Counts, mv.Move | None]:
    deck = [i for i, n in enumerate(FULL) for _ in range(n)]
    rng.shuffle(deck)
    sizes = rng.randint(1, 6), rng.randint(1, 6)
    hands = []
    for size in sizes:
        counts = [0] * 15
        for i in deck[:size]:
            counts[i] += 1
        del deck[:size]
        hands.append(tuple(counts))
    table = None
    if rng.random() < 0.5:  # the move to beat, led from cards out of both hands
        extra = [0] * 15
        for i in deck[:rng.randint(1, 4)]:
            extra[i] += 1
        leads = mv.legal_moves(mv.Hand(tuple(extra)))
        table = rng.choice(leads)
    return hands[0], hands[1], table


def check_line(me: Counts, other: Counts, table: mv.Move | None, line: list) -> None:
    """The line is legal, ends with the side to move out first, and every one of its moves
    keeps a forced win (brute force) whatever the other side answers."""
    hands = [me, other]
    for step, (who, move) in enumerate(line):
        if who == 0:
            after = hands[0] if move is None else _minus(hands[0], move)
            assert move is None or not any(after) or not brute_wins(hands[1], after, move), step
            assert move is not None or not brute_wins(hands[1], hands[0], None), step
        if move is None:
            assert table is not None
            table = None
        else:
            assert move in mv.legal_moves(mv.Hand(hands[who]), table)
            hands[who] = _minus(hands[who], move)
            table = move
    assert not any(hands[0]) and any(hands[1])


def test_every_solvable_generated_endgame_is_solved_with_a_winning_line() -> None:
    rng = random.Random(19)
    solvable = 0
    for _ in range(400):
        me, other, table = random_endgame(rng)
        result = solve((me, other), 0, table)
        if brute_wins(me, other, table):
            solvable += 1
            assert isinstance(result, list), (me, other, table)
            check_line(me, other, table, result)
        else:
            assert result is False, (me, other, table)
    assert 100 < solvable < 400  # the set holds both kinds


def test_the_second_hand_can_be_the_one_to_play() -> None:
    me, other = mv.parse_hand("55K").counts, mv.parse_hand("3344AA2").counts
    line = solve((me, other), 1, None)
    assert isinstance(line, list) and line[0][0] == 1 and line[-1][0] == 1


def test_a_puzzle_request_through_the_judge_gives_the_line() -> None:
    requests = [
        {"phase": "endgame", "hands": ["3344AA2", "55K"], "turn": 0, "last": ""},
        {"phase": "endgame", "hands": ["33", "2"], "turn": 0, "last": "4"},
        {"phase": "endgame", "hands": ["33", "2"], "turn": 9},
    ]
    out = io.StringIO()
    run("doudizhu-ai", io.StringIO("\n".join(json.dumps(r) for r in requests)), out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert answers[0]["win"] is True and answers[0]["line"][-1] == [0, "2"]
    assert answers[1] == {"win": False}
    assert "error" in answers[2]


def test_the_landlord_hand_plays_under_its_prohibitions() -> None:
    # Hand 0 holds the rocket: under the prohibitions it may play the jokers only together,
    # so B then R one by one (which would win) is not open to it.
    free = solve_request({"phase": "endgame", "hands": ["BR3", "2"], "turn": 0, "last": ""})
    bound = solve_request({"phase": "endgame", "hands": ["BR3", "2"], "turn": 0, "last": "",
                           "landlord": 0})
    assert free["win"] is True and bound["win"] is True
    assert all(cards != "B" and cards != "R" for who, cards in bound["line"] if who == 0)


@pytest.mark.parametrize("request_", [
    {"phase": "endgame", "hands": ["33"]},
    {"phase": "endgame", "hands": ["3333", "33"]},
    {"phase": "endgame", "hands": ["33", ""]},
    {"phase": "endgame", "hands": ["33", "4"], "last": 5},
])
def test_bad_puzzles_are_refused_with_a_reason(request_: dict) -> None:
    out = io.StringIO()
    run("doudizhu-ai", io.StringIO(json.dumps(request_)), out)
    assert "error" in json.loads(out.getvalue())
