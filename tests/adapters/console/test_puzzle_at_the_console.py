"""`puzzle` at the console (python -m bot as a real process): today's 残局 with yesterday's
solution, an answer judged (one person at the terminal: private), a typo refused with its
reason, the first answer counting, the board, and `help puzzle`."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from bot.games import registry
from bot.games.doudizhu import daily
from tests.adapters.console.test_console import run_bot


def test_the_daily_puzzle_at_the_console(tmp_path: Path) -> None:
    registry.module("doudizhu3")  # the puzzle's catalogue
    today = datetime.now(UTC).date().isoformat()
    puzzle = daily.generate(today)
    winning = puzzle["winning"][0]
    # The puzzle says "/puzzle <your first move>" (the chats' spelling): typed so at the
    # console, it works.
    script = (f"puzzle\npuzzle xyz\n/puzzle {winning}\npuzzle 3\npuzzle top\nhelp puzzle\n"
              "auto\n" + "\n" * 40 + "n\n")
    game = run_bot(tmp_path, "play", "--game", "doudizhu3", "--seed", "4", stdin=script,
                   timeout=120, PAIJU_PUZZLE_WAIT="120")
    out = game.stdout
    assert game.returncode == 0, game.stderr
    assert "Traceback" not in out + game.stderr
    assert daily.DAILY.text(puzzle, "en") in out  # the storage's day is UTC
    assert "Yesterday's solution" in out
    assert "✗" in out and "“x”" in out  # the typo, with its reason
    assert "/puzzle <your first move>" in out and "solved ✅" in out and "already" in out
    assert "Puzzle board" in out and "1 solved of 1" in out
    assert "puzzle top: the board" in out
