"""Committed deals (bot.fairness): the table shows the SHA-256 of the hand's seed from the
deal on and never the seed; the result reveals the seed; `python -m bot verify` re-deals and
replays recorded hands from their seeds and refuses a tampered seed."""

from __future__ import annotations

import json
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

from bot.fairness import SHORT, deal_commitment, fingerprint, matches
from bot.host.bootstrap import close_host
from bot.host.host import Host
from bot.settings import Settings
from tests.adapters.console.test_console import bot_env
from tests.host.conftest import open_table, play_out


def verify(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot", "verify", *args], text=True,
                          capture_output=True, cwd=tmp_path, env=bot_env(tmp_path),
                          timeout=120)


def test_a_seed_matches_its_own_hands_commitment_only() -> None:
    committed = deal_commitment("room-1", 42)
    assert matches("room-1", 42, committed) and matches("room-1", 42, committed[:SHORT])
    assert not matches("room-1", 43, committed)  # another seed
    assert not matches("room-2", 42, committed)  # the same seed as another hand's
    assert not matches("room-1", 42, committed[:8])  # too short to mean anything
    shown = fingerprint(committed)  # as chat shows it: digits only, no word, no card code
    assert matches("room-1", 42, shown) and not matches("room-1", 43, shown)
    assert shown.replace(" ", "").isdigit() and len(shown.split()) == 5


def test_the_host_draws_seeds_from_the_operating_system() -> None:
    # A Mersenne Twister's next outputs follow from 624 revealed ones: revealed seeds must
    # not tell the next hand's.
    host = Host(Settings(_env_file=None), store=None)  # type: ignore[arg-type]
    assert isinstance(host.rng, random.SystemRandom)


async def test_the_table_shows_the_commitment_and_the_result_the_seed(make_host) -> None:
    host, recorder = await make_host()
    room = await open_table(host, "doudizhu3", 3)
    game_id, seed = room.game_id, room.seed
    committed = deal_commitment(game_id, seed)
    playing = recorder.tables[-1].text
    assert fingerprint(committed) in playing and str(seed) not in playing
    assert recorder.tables[-1].commitment == committed
    await play_out(host)
    [result] = [n.text for n in recorder.notes if n.kind == "host.result"]
    assert str(seed) in result and fingerprint(committed) in result


async def test_verify_re_deals_every_recorded_hand_and_refuses_a_tampered_seed(
        make_host, tmp_path: Path) -> None:
    host, _ = await make_host()  # its database: tmp_path / "paiju.sqlite3"
    for game in ("doudizhu3", "tianji", "doudizhu2"):
        await open_table(host, game, 2 if game == "doudizhu2" else 3)
        await play_out(host)
    [record, *_] = await host.store.finished_games()
    await close_host(host)
    everything = verify(tmp_path, "--all")
    assert everything.returncode == 0, everything.stderr
    assert json.loads(everything.stdout) == {"games": 3, "mismatches": 0, "bad": []}
    claimed = verify(tmp_path, record.game_id, "--seed", str(record.seed + 1))
    assert claimed.returncode == 1 and json.loads(claimed.stdout)["seed_matches"] is False
    shown = fingerprint(deal_commitment(record.game_id, record.seed))  # as the table showed
    with sqlite3.connect(tmp_path / "paiju.sqlite3") as db:  # the record's seed tampered
        db.execute("UPDATE games SET seed = seed + 1 WHERE game_id = ?", (record.game_id,))
    tampered = verify(tmp_path, record.game_id, "--commitment", shown)
    report = json.loads(tampered.stdout)
    assert tampered.returncode == 1 and report["commitment_matches"] is False
    assert report["replays"] is False  # another seed deals other cards
    missing = verify(tmp_path, "no-such-hand")
    assert missing.returncode == 2 and missing.stdout == "" and "Traceback" not in missing.stderr

