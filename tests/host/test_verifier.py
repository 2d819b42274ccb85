"""The stdlib-only verifier (docs/paiju_verify.py, which imports nothing of paiju) against
`python -m bot verify` on recorded hands of every game and variant: it re-derives each
commitment, deal seed and deal (redeals, wild ranks, 天机's salts, 不洗牌's order from the
last hand) and refuses a record whose seed, seeds, commitment, cards or order were changed."""

from __future__ import annotations

import ast
import importlib.util
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from bot.host import commands as cmd
from bot.host.bootstrap import close_host
from bot.host.room import room_id_for
from bot.host.views import Phase
from tests.adapters.console.test_console import bot_env
from tests.host.conftest import PLACE, actor, ok

VERIFIER = Path(__file__).parents[2] / "docs" / "paiju_verify.py"
TABLES = [  # (game, people, options, hands)
    ("doudizhu3", 3, {}, 2),
    ("doudizhu3", 3, {"variant": "laizi"}, 2),
    ("doudizhu3", 3, {"variant": "tiandi_laizi"}, 2),
    ("doudizhu3", 3, {"shuffle": False}, 3),  # 不洗牌: hands 2 and 3 dealt from the last
    ("doudizhu2", 2, {}, 2),
    ("tianji", 3, {}, 1),
    ("tianji-duel", 2, {"duel_hand": 5}, 1),
    ("dabangzi", 4, {}, 1),
]


def bot(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot", *args], text=True, capture_output=True,
                          cwd=tmp_path, env=bot_env(tmp_path), timeout=300)


def verifier(record: dict, *flags: str) -> dict:
    done = subprocess.run([sys.executable, str(VERIFIER), *flags, "-"],
                          input=json.dumps(record), text=True, capture_output=True,
                          timeout=60, cwd="/")
    report = json.loads(done.stdout)
    assert done.returncode == (0 if report["ok"] else 1), done.stderr
    return report


def test_the_verifier_imports_nothing_but_the_standard_library() -> None:
    tree = ast.parse(VERIFIER.read_text(encoding="utf-8"))
    names = {alias.name.split(".")[0] for node in ast.walk(tree)
             if isinstance(node, ast.Import) for alias in node.names}
    names |= {node.module.split(".")[0] for node in ast.walk(tree)
              if isinstance(node, ast.ImportFrom) and node.module}
    assert names <= set(sys.stdlib_module_names) | {"__future__"}, names


@pytest.fixture
async def recorded(make_host, tmp_path: Path) -> list[str]:  # noqa: ANN001
    """Hands of every game and variant played out in one database; some with players'
    seeds. Their ids."""
    host, _ = await make_host()
    for index, (game, people, options, hands) in enumerate(TABLES):
        place = PLACE.__class__(PLACE.platform, f"channel-{index}", "", PLACE.community,
                                PLACE.community_name)
        await ok(host, cmd.NewRoom(actor(10 * index), place, game=game, options=options))
        for n in range(1, people):
            await ok(host, cmd.Join(actor(10 * index + n), place))
        for hand in range(hands):
            if hand == min(1, hands - 1):  # one player stirs the deals from then on
                await ok(host, cmd.Seed(actor(10 * index + 1), place, text=f"lucky {index}"))
            await ok(host, cmd.Start(actor(10 * index), place) if hand == 0
                     else cmd.Rematch(actor(10 * index), place))
            await play_out_at(host, place)
    ids = [row.game_id for row in await host.store.finished_games()]
    await close_host(host)
    return ids


async def play_out_at(host, place) -> None:  # noqa: ANN001
    for _ in range(3000):
        await host.quiesce()
        current = host.rooms[room_id_for(place)]
        if current.phase is not Phase.PLAYING:
            return
        seat = next(s for s in current.to_act() if not current.seats[s].plays_itself)
        hints = current.spec.hints(current.state, seat)
        action = (hints or current.state.legal_actions(seat))[0]
        await ok(host, cmd.Act(actor(int(current.seats[seat].user_id[1:])), place,
                               text=action))
    raise AssertionError("the hand did not end")


async def test_the_verifier_agrees_with_verify_on_every_game_and_variant(
        recorded: list[str], tmp_path: Path) -> None:
    assert len(recorded) == sum(hands for *_, hands in TABLES)
    everything = bot(tmp_path, "verify", "--all")
    summary = json.loads(everything.stdout)
    assert everything.returncode == 0 and summary["mismatches"] == 0, everything.stdout
    assert summary["without_stored_commitment"] == 0
    seen = set()
    for game_id in recorded:
        exported = bot(tmp_path, "verify", game_id, "--export")
        assert exported.returncode == 0, exported.stderr
        record = json.loads(exported.stdout)
        checked = json.loads(bot(tmp_path, "verify", game_id).stdout)
        report = verifier(record)
        assert report["ok"], report
        assert verifier(record, "--cpython") == report  # CPython's generator: the same
        assert report["commitment"] == checked["commitment"] == record["commitment"]
        assert report["deal_seed"] == checked["deal_seed"]
        seen.add((record["game"], json.dumps(record["options"], sort_keys=True)))
        if record["dealt_with"]:
            assert report["order_ok"] and checked["dealt_from_last_hand"]
            seen.add(("order", record["game"]))
        if record["seeds"]:
            seen.add(("seeds", record["game"]))
            assert record["deal_seed"] != record["server_seed"]
    assert ("order", "doudizhu3") in seen and ("seeds", "dabangzi") in seen
    assert len({game for game, _ in seen}) >= 5


async def test_the_verifier_refuses_a_changed_seed_commitment_card_or_order(
        recorded: list[str], tmp_path: Path) -> None:
    records = [json.loads(bot(tmp_path, "verify", game_id, "--export").stdout)
               for game_id in recorded]
    ddz = next(r for r in records if r["game"] == "doudizhu3" and r["seeds"])
    gathered = next(r for r in records if r["dealt_with"])
    for change, record, failing in (
            (lambda r: r.update(server_seed=r["server_seed"] + 1), ddz, "commitment_ok"),
            (lambda r: r.update(seeds=[s + "x" for s in r["seeds"]]), ddz, "deal_seed_ok"),
            (lambda r: r.update(commitment="0" * 64), ddz, "commitment_ok"),
            (lambda r: r["deals"][0]["hands"].reverse(), ddz, "deals_ok"),
            (lambda r: r["previous_final"]["history"].reverse(), gathered, "order_ok")):
        changed = json.loads(json.dumps(record))
        change(changed)
        report = verifier(changed)
        assert not report["ok"] and report[failing] is False, failing


def test_the_verifiers_own_mersenne_twister_is_pythons() -> None:
    # docs/fairness.md §2 describes the generator; the verifier's MT19937 is written from
    # it, and must give what CPython's random.Random gives for integer and text seeds.
    spec = importlib.util.spec_from_file_location("paiju_verify", VERIFIER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for seed in (0, 1, 2**62 - 1, -7, 2**200 + 3, "8311/1", "8311/gathered",
                 "dabangzi:8311:2:1", "8311/0/wild/laizi", "好运"):
        ours, theirs = module.MT19937(seed), random.Random(seed)
        mine, yours = list(range(108)), list(range(108))
        ours.shuffle(mine)
        theirs.shuffle(yours)
        assert mine == yours, seed
        assert ours.getrandbits(128) == theirs.getrandbits(128), seed
        assert ours.randrange(1, 54) == theirs.randrange(1, 54), seed
        assert ours.randrange(13) == theirs.randrange(13), seed
