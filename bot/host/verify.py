"""`python -m bot verify <game-id> | --all`: a recorded hand checked offline, from its
revealed seed — its SHA-256 commitment (bot.fairness, shown on the table before the deal),
the deal from the seed, and every action replayed to the stored result and ledger. One JSON
line per game (`--all`: one summary line); exit 1 on any mismatch.

`--seed N` checks a seed someone claims against the commitment instead of the stored one
(a tampered seed is refused); `--commitment HEX` checks the commitment someone saw on the
table (its first 16 digits or more) against the stored seed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from bot.errors import PaijuError
from bot.fairness import deal_commitment, matches
from bot.host.handlers.replay import replay_matches
from bot.settings import Settings
from storage import Storage
from storage.records import GameRecordRow


def add_parser(sub: Any) -> None:
    """The `verify` subcommand."""
    verify = sub.add_parser("verify", help="check recorded hands from their revealed seeds")
    verify.add_argument("game_id", nargs="?", help="the hand's id (from its result or replay)")
    verify.add_argument("--all", action="store_true", help="every finished hand")
    verify.add_argument("--seed", type=int, default=None,
                        help="a seed to check against the hand's commitment")
    verify.add_argument("--commitment", default=None,
                        help="the commitment seen on the table (16+ hex digits)")


def check(row: GameRecordRow, seed: int | None = None,
          commitment: str | None = None) -> dict[str, Any]:
    """One hand's checks: the commitment, the seed claimed, the replay of its actions."""
    committed = deal_commitment(row.game_id, row.seed)
    report: dict[str, Any] = {"game_id": row.game_id, "game": row.game, "seed": row.seed,
                              "commitment": committed, "replays": replay_matches(row)}
    if seed is not None:
        report["seed_matches"] = matches(row.game_id, seed, committed)
    if commitment is not None:
        report["commitment_matches"] = matches(row.game_id, row.seed, commitment)
    report["ok"] = all(v for k, v in report.items()
                       if k in ("replays", "seed_matches", "commitment_matches"))
    return report


async def _rows(settings: Settings, game_id: str | None) -> list[GameRecordRow]:
    if not settings.on_server and not Path(settings.database).exists():
        raise PaijuError("verify.no_game", game_id=game_id or "-")
    store = await Storage.open(settings.database)
    try:
        if game_id is None:
            return await store.finished_games()
        row = await store.game_record(game_id)
    finally:
        await store.close()
    if row is None:
        raise PaijuError("verify.no_game", game_id=game_id)
    if row.result is None:
        raise PaijuError("verify.not_finished", game_id=game_id)
    return [row]


def run(args: argparse.Namespace) -> int:
    """Check one hand (or all); print JSON lines; 0 when everything matches, 1 on a
    mismatch, 2 (with one line on stderr) when there is nothing to check."""
    settings = Settings()
    try:
        if bool(args.game_id) == bool(args.all):
            raise PaijuError("verify.usage")
        rows = asyncio.run(_rows(settings, None if args.all else args.game_id))
    except PaijuError as error:
        print(error.render(settings.language), file=sys.stderr)
        return 2
    reports = [check(row, args.seed, args.commitment) for row in rows]
    if args.all:
        bad = [r["game_id"] for r in reports if not r["ok"]]
        print(json.dumps({"games": len(reports), "mismatches": len(bad), "bad": bad[:20]}))
        return 1 if bad else 0
    print(json.dumps(reports[0], ensure_ascii=False))
    return 0 if reports[0]["ok"] else 1
