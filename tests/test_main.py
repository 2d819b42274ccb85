"""`python -m bot`: the command-line grammar and its subcommands as real processes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import build_parser

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, stdin: str = "", cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PAIJU_", "TELEGRAM_", "DISCORD_"))}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run([sys.executable, "-m", "bot", *args], input=stdin, text=True,
                          capture_output=True, env=env, cwd=cwd or ROOT, timeout=120)


def test_the_grammar_keeps_judge_and_adds_play_simulate_leaderboard() -> None:
    parser = build_parser()
    assert parser.parse_args(["judge", "doudizhu"]).kind == "doudizhu"
    play = parser.parse_args(["play", "--game", "tianji", "--auto"])
    assert (play.command, play.game, play.auto) == ("play", "tianji", True)
    sim = parser.parse_args(["simulate", "--game", "doudizhu2", "--rooms", "7", "--hands", "3"])
    assert (sim.game, sim.rooms, sim.hands) == ("doudizhu2", 7, 3)
    assert parser.parse_args(["leaderboard"]).command == "leaderboard"
    assert parser.parse_args([]).command is None
    with pytest.raises(SystemExit):
        parser.parse_args(["play", "--game", "poker"])


def test_judge_still_answers_json_lines() -> None:
    answer = run("judge", "doudizhu", stdin='{"cards": "33344"}\nnot json\n')
    lines = [json.loads(line) for line in answer.stdout.splitlines()]
    assert answer.returncode == 0 and lines[0]["readings"][0]["type"] == "triple_pair"
    assert "error" in lines[1]


def test_simulate_prints_one_json_line_with_the_figures(tmp_path: Path) -> None:
    done = run("simulate", "--game", "tianji", "--rooms", "3", "--hands", "2", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    [line] = done.stdout.splitlines()
    figures = json.loads(line)
    assert figures["games_finished"] == 6
    assert figures["ledger_balanced"] is True and figures["ledger_matches_replay"] is True
    for key in ("actions_per_s", "p50_ms", "p99_ms", "peak_rss_mb"):
        assert figures[key] > 0


def test_simulate_with_people_who_think_prints_the_answer_figures(tmp_path: Path) -> None:
    done = run("simulate", "--game", "doudizhu2", "--rooms", "2", "--think", "0.01",
               "--duration", "2", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    [line] = done.stdout.splitlines()
    figures = json.loads(line)
    for key in ("answer_p50_ms", "answer_p99_ms", "loop_lag_p99_ms", "presses_per_s"):
        assert figures[key] > 0
    assert figures["books_balanced"] is True


def test_simulate_with_several_processes_needs_a_postgresql_database(tmp_path: Path) -> None:
    for mode in (["--hands", "1"], ["--think", "0.01", "--duration", "1"]):
        done = run("simulate", "--rooms", "2", "--processes", "2", *mode, cwd=tmp_path)
        assert done.returncode == 2 and "postgresql://" in done.stderr, done.stderr
        assert "Traceback" not in done.stderr and not done.stdout
