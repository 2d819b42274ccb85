"""The rules inspector: `python -m bot judge doudizhu` (judge_moves)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.cards import RANK_CHARS
from bot.games.doudizhu.moves import legal_moves, parse_hand
from bot.games.doudizhu.referee import judge_moves, move_text_key
from bot.referee import answer_line

ROOT = Path(__file__).resolve().parents[3]


def test_answers_list_every_legal_move_sorted_by_size_then_ranks() -> None:
    answer = judge_moves({"hand": "3334445BR", "last": ""})
    assert answer == {"legal": [
        "3", "4", "5", "B", "R",
        "33", "44", "BR",
        "333", "444",
        "3334", "3335", "333B", "333R", "3444", "4445", "444B", "444R",
        "33344", "33444",
        "333444",
        "3334445B", "3334445R",
    ]}


def test_an_answer_to_a_move_lists_what_beats_it_and_never_pass() -> None:
    assert judge_moves({"hand": "3456789TJ2222", "last": "34567"}) == {
        "legal": ["2222", "45678", "56789", "6789T", "789TJ"]}
    assert judge_moves({"hand": "BR2222", "last": "BR"}) == {"legal": []}


def test_the_two_player_landlord_prohibitions_apply_on_request() -> None:
    request = {"hand": "2222BR33", "last": "", "landlord_two_player": True}
    assert judge_moves(request) == {"legal": ["3", "33", "BR", "2222", "332222"]}
    request["landlord_two_player"] = False
    assert "3B" not in judge_moves(request)["legal"]
    assert "2" in judge_moves(request)["legal"]


def test_readings_name_type_rank_and_length() -> None:
    assert judge_moves({"cards": "3334445566"}) == {
        "readings": [{"type": "plane_pairs", "rank": "4", "length": 2}]}
    assert judge_moves({"cards": "BR"}) == {
        "readings": [{"type": "rocket", "rank": "R", "length": 1}]}
    assert judge_moves({"cards": "10 J Q K A"}) == {
        "readings": [{"type": "straight", "rank": "A", "length": 5}]}


def test_bad_lines_get_an_error_and_name_the_problem() -> None:
    assert answer_line(judge_moves, '{"cards": "A2345"}') == {
        "error": "A2345 is not a straight: 2 cannot be in a straight"}
    assert "z" in answer_line(judge_moves, '{"hand": "33Z", "last": ""}')["error"].lower()
    assert "error" in answer_line(judge_moves, '{"hand": "33333", "last": ""}')
    assert "error" in answer_line(judge_moves, '{"hand": "33", "last": "34"}')
    assert "error" in answer_line(judge_moves, '{"hand": 33}')
    assert "error" in answer_line(judge_moves, '{"what": 1}')
    assert "error" in answer_line(judge_moves, "not json")


def test_the_command_answers_line_by_line_and_goes_on_after_errors() -> None:
    lines = ['{"hand": "33", "last": "3"}', "oops", "", '{"cards": "334455"}']
    done = subprocess.run([sys.executable, "-m", "bot", "judge", "doudizhu"], cwd=ROOT,
                          input="\n".join(lines) + "\n", capture_output=True, text=True,
                          timeout=60, check=True)
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert answers[0] == {"legal": []}
    assert "error" in answers[1]
    assert answers[2] == {"readings": [{"type": "pair_chain", "rank": "5", "length": 3}]}
    assert len(answers) == 3


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(range(54)), unique=True, max_size=20))
def test_the_inspector_agrees_with_the_engine(cards: list[int]) -> None:
    deck = [ch for ch in RANK_CHARS[:13] for _ in range(4)] + ["B", "R"]
    text = "".join(deck[i] for i in cards)
    legal = judge_moves({"hand": text, "last": ""})["legal"]
    assert legal == sorted({str(m) for m in legal_moves(parse_hand(text))}, key=move_text_key)
    assert len(legal) == len(set(legal))
    for move in legal:
        assert list(move) == sorted(move, key=RANK_CHARS.index)
