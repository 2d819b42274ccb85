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

from bot.fairness import SHORT, deal_commitment, fingerprint, matches, mixed_seed
from bot.host import commands as cmd
from bot.host.bootstrap import close_host
from bot.host.host import Host
from bot.settings import Settings
from tests.adapters.console.test_console import bot_env
from tests.host.conftest import PLACE, actor, ok, open_table, play_out, room


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
    shown = fingerprint(committed)  # as the table shows it: the digest's first hex digits
    assert shown == committed[:SHORT] and matches("room-1", 42, shown)
    assert not matches("room-1", 43, shown)
    legacy = f"{int(committed[:SHORT], 16):020d}"  # results posted before hex
    assert matches("room-1", 42, legacy) and not matches("room-1", 43, legacy)


def test_the_host_draws_seeds_from_the_operating_system() -> None:
    # A Mersenne Twister's next outputs follow from 624 revealed ones: revealed seeds must
    # not tell the next hand's.
    host = Host(Settings(_env_file=None), store=None)  # type: ignore[arg-type]
    assert isinstance(host.rng, random.SystemRandom)


async def test_the_table_shows_the_game_id_and_the_commitment_in_hex_the_result_the_seed(
        make_host) -> None:  # noqa: ANN001
    host, recorder = await make_host()
    room = await open_table(host, "doudizhu3", 3)
    game_id, seed = room.game_id, room.seed
    committed = deal_commitment(game_id, seed)
    playing = recorder.tables[-1].text
    assert f"Hand {game_id} · commitment sha256 {committed[:16]}…" in playing
    assert str(seed) not in playing
    assert recorder.tables[-1].commitment == committed  # the whole digest, a tap away
    await play_out(host)
    [result] = [n.text for n in recorder.notes if n.kind == "host.result"]
    assert str(seed) in result and fingerprint(committed) in result
    [record] = await host.store.finished_games()
    assert record.result["fairness"]["commitment"] == committed  # kept with the record


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
    assert json.loads(everything.stdout) == {"games": 3, "mismatches": 0, "bad": [],
                                             "without_stored_commitment": 0}
    claimed = verify(tmp_path, record.game_id, "--seed", str(record.seed + 1))
    assert claimed.returncode == 1 and json.loads(claimed.stdout)["seed_matches"] is False
    shown = fingerprint(deal_commitment(record.game_id, record.seed))  # as the table showed
    with sqlite3.connect(tmp_path / "paiju.sqlite3") as db:  # the record's seeds tampered
        db.execute("UPDATE games SET seed = seed + 1, result = json_set(result,"
                   " '$.fairness.server_seed', json_extract(result, '$.fairness.server_seed')"
                   " + 1) WHERE game_id = ?", (record.game_id,))
    tampered = verify(tmp_path, record.game_id, "--commitment", shown)
    report = json.loads(tampered.stdout)
    assert tampered.returncode == 1 and report["commitment_matches"] is False
    assert report["commitment_kept"] is False  # the commitment stored at the deal says no
    assert report["replays"] is False  # another seed deals other cards
    with sqlite3.connect(tmp_path / "paiju.sqlite3") as db:  # the deal seed alone changed
        db.execute("UPDATE games SET seed = seed + 1 WHERE game_id = ?", (record.game_id,))
    report = json.loads(verify(tmp_path, record.game_id).stdout)
    assert report["ok"] is False and report["deal_seed_mixed"] is False
    missing = verify(tmp_path, "no-such-hand")
    assert missing.returncode == 2 and missing.stdout == "" and "Traceback" not in missing.stderr



async def test_a_hand_dealt_from_a_stacked_order_is_refused_by_verify(
        make_host, tmp_path: Path) -> None:
    # 不洗牌: the next hand is dealt from this one's cards gathered in order. An operator who
    # deals it from another order (the record agreeing with itself) is caught against the
    # last hand's record.
    host, _ = await make_host()
    await open_table(host, "doudizhu3", 3, options={"shuffle": False})
    await play_out(host)
    honest = room(host).last_result["outcome"]["carry"]["order"].split()
    await ok(host, cmd.Rematch(actor(0), PLACE))
    await play_out(host)
    stacked = room(host).last_result["outcome"]["carry"]["order"].split()
    room(host).last_result["outcome"]["carry"]["order"] = " ".join(reversed(stacked))
    await ok(host, cmd.Rematch(actor(0), PLACE))
    await play_out(host)
    first, second, third = await host.store.finished_games()
    assert second.result["dealt_with"]["order"].split() == honest
    await close_host(host)
    assert json.loads(verify(tmp_path, second.game_id).stdout)["dealt_from_last_hand"] is True
    report = json.loads(verify(tmp_path, third.game_id).stdout)
    assert report["replays"] is True  # the record agrees with itself...
    assert report["dealt_from_last_hand"] is False and report["ok"] is False  # ...not the last


async def test_players_seeds_set_after_the_commitment_stir_the_deal(make_host) -> None:  # noqa: ANN001
    host, recorder = await make_host()
    await open_table(host, "doudizhu3", 3, start=False)
    shown = await host.handle(cmd.Seed(actor(1), PLACE))  # before: the commitment, no seed
    next_id = room(host).next_game_id()
    committed = deal_commitment(next_id, room(host).next_seed)
    assert shown.ok and next_id in shown.text and committed in shown.text
    for command in (cmd.Seed(actor(1), PLACE, text="  my   lucky day "),
                    cmd.RoomSettings(actor(2, "zh"), PLACE, changes={"种子": "好运"})):
        reply = await host.handle(command)
        assert reply.ok and committed in reply.text, reply.text
    assert [s.seed for s in room(host).seats] == ["", "my lucky day", "好运"]
    refused = await host.handle(cmd.Seed(actor(9), PLACE, text="x"))  # not seated
    assert not refused.ok and "Traceback" not in refused.text
    await ok(host, cmd.Start(actor(0), PLACE))
    dealt = room(host)
    assert dealt.game_id == next_id and recorder.tables[-1].commitment == committed
    seeds = ["", "my lucky day", "好运"]
    assert dealt.deal_seed == mixed_seed(next_id, dealt.seed, seeds) != dealt.seed
    assert dealt.state.seed == dealt.deal_seed
    # The server seed alone no longer fixes the cards: another seed of one player, another deal.
    other = dealt.spec.new_game(3, dealt.options, mixed_seed(next_id, dealt.seed,
                                                             ["", "my lucky day!", "好运"]))
    assert other.hands != dealt.state.hands
    # The next hand's server seed is drawn (and committed) at this deal, before its seeds.
    assert dealt.next_seed is not None and dealt.next_game_id() != next_id
    await play_out(host)
    [record] = await host.store.finished_games()
    assert record.result["fairness"] == {"server_seed": dealt.seed, "seeds": seeds,
                                         "commitment": committed, "deal_seed": record.seed}


def _pressed(view, code: str) -> str:  # noqa: ANN001 - TableView
    return next(b.payload for b in view.buttons if b.payload.endswith(":" + code))


async def test_the_next_hands_commitment_is_on_the_table_and_a_tap_shows_it_whole(
        make_host) -> None:  # noqa: ANN001
    # Before (issue 52): a lobby or finished table showed no commitment and had no button;
    # the whole digest only by typing /seed, and only for a seated person.
    host, recorder = await make_host()
    await open_table(host, "doudizhu3", 3, start=False)
    lobby = recorder.tables[-1]
    next_id = room(host).next_game_id()
    committed = deal_commitment(next_id, room(host).next_seed)
    assert f"Next hand {next_id} · commitment sha256 {fingerprint(committed)}…" in lobby.text
    watcher = await host.handle(cmd.Press(actor(7), PLACE, payload=_pressed(lobby, "!seed")))
    assert watcher.ok and committed in watcher.text and len(watcher.text) <= 200
    await ok(host, cmd.Seed(actor(1), PLACE, text="lucky"))
    seated = await host.handle(cmd.Press(actor(1), PLACE, payload=_pressed(
        recorder.tables[-1], "!seed")))
    assert committed in seated.text and "lucky" in seated.text and len(seated.text) <= 200
    await ok(host, cmd.Start(actor(0), PLACE))
    playing = recorder.tables[-1]
    tapped = await host.handle(cmd.Press(actor(7), PLACE, payload=_pressed(playing, "!seed")))
    assert committed in tapped.text and playing.commitment == committed
    ahead = deal_commitment(room(host).next_game_id(), room(host).next_seed)
    assert ahead in tapped.text and len(tapped.text) <= 200
    await play_out(host)
    over = recorder.tables[-1]
    assert f"Next hand {room(host).next_game_id()} · commitment sha256 " \
        f"{fingerprint(ahead)}…" in over.text
    again = await host.handle(cmd.Press(actor(2), PLACE, payload=_pressed(over, "!seed")))
    assert ahead in again.text
    zh = await host.handle(cmd.Press(actor(2, "zh"), PLACE, payload=_pressed(over, "!seed")))
    assert ahead in zh.text and "种子" in zh.text
