"""`python -m bot judge tianji`: settle JSON tables, refuse malformed ones, keep going."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot.errors import PaijuError
from bot.games.tianji.referee import judge_table
from bot.referee import run

ROOT = Path(__file__).resolve().parents[3]

THREE = {"players": [
    {"A": "As", "B": "Kh Qd", "C": "2s 3h 5d"},
    {"A": "Ks", "B": "Th 9d", "C": "7s 7h 7d"},
    {"A": "2c", "B": "Jh Qh", "C": "4c 6c 8c"},
]}


def test_a_table_is_settled_round_by_round() -> None:
    answer = judge_table(THREE)
    # Round 1: the 渣牌 takes 10 × 2 from the 豹子; round 2 without C; round 3 by pairs.
    assert answer == {"scores": [33, -30, -3],
                      "rounds": [[20, -20, 0], [3, -2, -1], [10, -8, -2]]}


def test_tens_may_be_written_10_and_groups_may_be_lists() -> None:
    spelled = {"players": [
        {"A": "As", "B": ["Kh", "Qd"], "C": "2s 3h 5d"},
        {"A": "Ks", "B": "10h 9d", "C": "7s7h7d"},
        {"A": "2c", "B": "JH QH", "C": "♣4 ♣6 ♣8"},
    ]}
    assert judge_table(spelled) == judge_table(THREE)


@pytest.mark.parametrize(("players", "fragment"), [
    ([{"A": "As", "B": "Kh Qd", "C": "2s 3h 5d"}], "2–6 players"),
    ([{"A": "As", "B": "Kh Qd", "C": "2s 3h 5d"}] * 7, "2–6 players"),
    ([{"A": "As", "B": "Kh Qd", "C": "2s 3h 5d"},
      {"A": "As", "B": "Th 9d", "C": "7s 7h 7d"}], "As appears twice"),
    ([{"A": "As", "B": "Kh", "C": "2s 3h 5d"},
      {"A": "Ks", "B": "Th 9d", "C": "7s 7h 7d"}], "group B takes 2"),
    ([{"A": "As", "B": "Kh Qd", "C": "2s 3h 5d"},
      {"A": "Ks", "B": "Th 9d", "C": "7s 7h Xd"}], "player 2"),
    ([{"A": "As", "B": "Kh Qd", "C": "2s 3h 5d"},
      {"A": "Ks", "B": "Th 9d"}], "groups A, B and C"),
    ([{"A": "As", "B": "Kh Qd", "C": "2s 3h 5d"},
      {"A": "Ks", "B": "Th 9d", "C": "7s 7h"}], "group C takes 3"),
    ([{"A": "A", "B": "Kh Qd", "C": "2s 3h 5d"},
      {"A": "Ks", "B": "Th 9d", "C": "7s 7h 7d"}], "needs a suit"),
])
def test_malformed_tables_are_refused_with_a_reason(players: list, fragment: str) -> None:
    with pytest.raises(PaijuError) as refused:
        judge_table({"players": players})
    assert fragment in str(refused.value)


def test_the_stream_answers_every_line_and_goes_on_after_errors() -> None:
    lines = [json.dumps(THREE), "not json", json.dumps({"players": 3}), json.dumps(THREE)]
    out = io.StringIO()
    run("tianji", io.StringIO("\n".join(lines) + "\n"), out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(answers) == 4
    assert answers[0] == answers[3] == judge_table(THREE)
    assert "error" in answers[1] and "error" in answers[2]


def test_the_command_line_referee() -> None:
    done = subprocess.run([sys.executable, "-m", "bot", "judge", "tianji"], cwd=ROOT,
                          input=json.dumps(THREE) + "\n", capture_output=True, text=True,
                          timeout=60, check=True)
    assert json.loads(done.stdout) == judge_table(THREE)
