"""A newcomer's rough edges at the console (issue 55 point 7), at a terminal: `help` says
how a turn of the table's own game is answered, `rules` at a table without timers says so,
`q` when no Q is held is not asked about as a play, Enter at a bid takes the hint's choice
(No bid where the hint says so), and Ctrl-C says the hand is kept."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.i18n import translate
from tests.adapters.console.terminal import Terminal, bot_env


@pytest.mark.parametrize(("game", "own"), [
    ("tianji", "As|KhQd|2s3h5d"), ("tianji-duel", "Ks, Th"), ("dabangzi", "3c")])
def test_help_says_how_a_turn_of_the_tables_game_is_answered(tmp_path: Path, game: str,
                                                             own: str) -> None:
    # Before: 斗地主's "cards (33344, 10JQKA, 王炸), pass, a bid (1/2/3)" at every game.
    with Terminal(tmp_path, "--game", game, "--seed", "3", "--lang", "en") as screen:
        screen.expect("🔒")
        screen.type("help")
        shown = screen.expect("help <command> explains one")
        screen.type("quit")
        screen.type("y")
        assert screen.finish() == 0
    turn = shown.split("• on your turn:", 1)[1].split("\n", 1)[0]
    assert own in turn and "33344" not in turn and "王炸" not in turn


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_rules_at_a_table_without_timers_claim_none(tmp_path: Path, lang: str) -> None:
    # Before: "Timers: 15 s to bid, 30 s to play" at the console's table, which has none.
    with Terminal(tmp_path, "--seed", "3", "--lang", lang) as screen:
        screen.expect("🔒")
        screen.type("rules")
        shown = screen.expect(translate("host.rules.no_timers", lang))
        screen.type("quit" if lang == "en" else "退出")
        screen.type("y")
        assert screen.finish() == 0
    assert "15 s" not in shown and "15 秒" not in shown and "30 s" not in shown


def test_q_without_a_queen_in_hand_is_not_asked_about_as_a_play(tmp_path: Path) -> None:
    # Before: "Play Q? (y/n)" (确定出 Q 吗?) though the hand held no Q.
    with Terminal(tmp_path, "--game", "tianji-duel", "--seed", "3", "--lang", "en") as screen:
        screen.expect("🔒")
        screen.type("q")
        shown = screen.expect("which you do not hold")
        screen.type("quit")
        screen.type("y")
        assert screen.finish() == 0
    assert "Play Q? (y/n)" not in screen.output and "♠10 ♠3 ♥2" in shown


def test_enter_at_a_bid_takes_the_hints_choice(tmp_path: Path) -> None:
    # Seed 11: the person bids first, and the hint says No bid. Before: Enter bid 1 pt.
    with Terminal(tmp_path, "--seed", "11", "--lang", "en") as screen:
        screen.expect("Type one of:")
        screen.type("")
        shown = screen.expect("Bidding: tester")
        shown += screen.expect("\n")
        screen.type("quit")
        screen.type("y")
        assert screen.finish() == 0
    assert "Bidding: tester No bid" in shown, shown


class Bare(Terminal):
    """`python -m bot` with no command (the README's first run), on a pseudo-terminal."""

    def __init__(self, tmp_path: Path) -> None:
        self._master, slave = os.openpty()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bot"], stdin=slave, stdout=slave, stderr=subprocess.PIPE,
            cwd=tmp_path, env=bot_env(tmp_path))
        os.close(slave)
        self.output, self._seen, self._raw = "", 0, b""


def test_ctrl_c_under_bare_python_m_bot_says_the_hand_is_kept(tmp_path: Path) -> None:
    # Before: "Stopped (Ctrl-C)." and nothing about the hand (it is kept).
    with Bare(tmp_path) as screen:
        screen.expect("🔒")
        screen.process.send_signal(signal.SIGINT)
        assert screen.finish() == 130
        said = screen.process.stderr.read().decode()
    assert "Stopped (Ctrl-C). Every hand in play is saved: run the same command" in said, said


def test_every_pass_that_plays_itself_is_told_even_when_the_hand_reads_the_same(
        tmp_path: Path) -> None:
    # Seed 4: Enter plays each suggestion, so each of the person's passes is one that plays
    # itself (要不起). Before: the second time the hand read as at the first, the console
    # printed nothing, and the table's "tester passed" was all there was.
    with Terminal(tmp_path, "--seed", "4", "--lang", "en") as screen:
        for _ in range(45):
            screen.type("")
            screen._pump(0.25)
            if "🏁" in screen.output:
                break
        screen.type("quit")
        screen.type("y")
        screen.type("n")
        screen.finish()
    lines = screen.output.splitlines()
    passed = [n for n, line in enumerate(lines) if line == "tester passed"]
    told = [n for n, line in enumerate(lines)
            if line == "Nothing of yours beats it: you pass (auto-pass)."]
    assert len(passed) >= 3 and len(told) == len(passed), (passed, told)
    assert all(t < p for t, p in zip(told, passed, strict=True))
