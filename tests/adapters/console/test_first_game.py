"""A newcomer's first console game, as `python -m bot play` with piped input: rank letters
are cards, quitting asks first, the end of a hand is shown whole and once."""

from __future__ import annotations

from pathlib import Path

from tests.adapters.console.test_console import run_bot


def test_rank_letters_alone_are_cards_not_shortcuts(tmp_path: Path) -> None:
    # Before: `A` switched on 托管, `Q` quit mid-hand, `T` printed the table.
    game = run_bot(tmp_path, "play", "--game", "doudizhu3", "--seed", "4",
                   stdin="A\nQ\nT\nquit\nn\nauto\n")
    assert game.returncode == 0, game.stderr
    out = game.stdout
    assert "tester played A (single)" in out
    assert "✗ Q does not beat 2" in out and "✗ 10 does not beat 2" in out
    before_quit = out.split("Quit now?", 1)[0]
    assert "托管" not in before_quit and "Bye!" not in before_quit
    # `quit` in a running hand asks; `n` goes on, and the hand is played to its end.
    assert "Carry on: the hand goes on." in out
    assert "Bye!" not in out and "🏁" in out


def test_quitting_a_running_hand_asks_and_yes_quits(tmp_path: Path) -> None:
    game = run_bot(tmp_path, "play", "--game", "doudizhu3", "--seed", "4", "--lang", "zh",
                   stdin="退出\ny\n")
    assert game.returncode == 0, game.stderr
    assert "本局还在进行。现在退出吗?" in game.stdout and "再见!" in game.stdout
    assert "🏁" not in game.stdout
