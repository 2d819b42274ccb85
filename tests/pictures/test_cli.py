"""`python -m bot picture hand|result` as real processes: the files they write decode and
depict what was asked; bad input is one short line and exit status 2."""

from __future__ import annotations

import io
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

from PIL import Image

from bot.pictures import describe

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, database: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PAIJU_", "TELEGRAM_", "DISCORD_"))}
    env["PYTHONPATH"] = str(ROOT)
    if database is not None:
        env["PAIJU_DATABASE"] = str(database)
    return subprocess.run([sys.executable, "-m", "bot", *args], text=True, capture_output=True,
                          env=env, cwd=ROOT, timeout=120)


def test_picture_hand_writes_the_hand_sorted_with_raised_and_marked_cards(tmp_path: Path) -> None:
    out = tmp_path / "hand.png"
    done = run("picture", "hand", "33344455TJQKA2BR", "--out", str(out), "--order", "up",
               "--selected", "333", "--bottom", "2 B R")
    assert done.returncode == 0, done.stderr
    line = json.loads(done.stdout)
    assert (line["kind"], line["cards"], line["bytes"]) == ("hand", 16, out.stat().st_size)
    png = out.read_bytes()
    image = Image.open(io.BytesIO(png))
    assert image.size == (line["width"], line["height"])
    layout = describe(png)
    assert layout is not None
    assert layout.codes[0][0] == "3" and layout.codes[-1] == "R"
    assert sorted(c.code for c in layout.cards if c.raised) == ["3c", "3h", "3s"]
    assert sorted(c.code for c in layout.cards if c.marked) == ["2s", "B", "R"]


def test_picture_hand_refuses_cards_it_cannot_read(tmp_path: Path) -> None:
    out = tmp_path / "hand.png"
    done = run("picture", "hand", "3s 3s", "--out", str(out))
    assert done.returncode == 2
    assert done.stderr.strip() == "3s is given twice"
    assert not out.exists()
    done = run("picture", "hand", "3s 4s", "--selected", "5s", "--out", str(out))
    assert (done.returncode, done.stderr.strip()) == (2, "not in the hand: 5s")


def test_picture_result_draws_a_recorded_game(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    sim = subprocess.run([sys.executable, "-m", "bot", "simulate", "--rooms", "1", "--hands",
                          "1", "--database", str(database)], capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=ROOT, timeout=120)
    assert sim.returncode == 0, sim.stderr
    with sqlite3.connect(database) as conn:
        game_id, result = conn.execute("SELECT game_id, result FROM games").fetchone()
    final = json.loads(result)["final"]
    out = tmp_path / "result.png"
    done = run("picture", "result", "--game-id", game_id, "--out", str(out), database=database)
    assert done.returncode == 0, done.stderr
    layout = describe(out.read_bytes())
    assert layout is not None and layout.kind == "result"
    for amount in final:
        assert (f"{amount:+d}" if amount else "0") in layout.labels
    assert layout.labels[0] in ("LANDLORD WINS", "FARMERS WIN")
    # The winner has no cards left; every card left of the others is drawn.
    assert 0 < len(layout.cards) <= 2 * 17 + 3
    missing = run("picture", "result", "--game-id", "nope-1", "--out", str(out),
                  database=database)
    assert (missing.returncode, missing.stderr.strip()) == (2, "no recorded game nope-1")
