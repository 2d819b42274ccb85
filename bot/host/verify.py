"""`python -m bot verify <game-id> | --all`: a recorded hand checked offline — its commitment
kept at the deal against its revealed server seed, the deal seed against the mix of that
seed and the players' seeds (bot.fairness, docs/fairness.md), the deal re-made from it,
every action replayed to the stored result and ledger, and a hand dealt from the last one's
cards (不洗牌) against that hand's record. One JSON line per game (`--all`: one summary
line); exit 1 on any mismatch.

`--seed N` checks a server seed someone claims against the commitment instead of the stored
one (a tampered seed is refused); `--commitment HEX` checks the commitment someone saw on
the table (its first 16 digits or more) against the stored seed. `--export` prints the
hand's record as docs/paiju_verify.py reads it (that file re-derives the commitment and
every deal with Python's standard library alone).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from bot.errors import PaijuError
from bot.fairness import check_record, deal_commitment, matches
from bot.host import games
from bot.host.handlers.replay import replay_matches
from bot.settings import Settings
from storage import Storage
from storage.records import GameRecordRow

EXPORT_FORMAT = "paiju-hand/1"
# A state's deal counters (where its game has them): when one changes, cards were dealt
# again (an all-pass redeal, a match's next hand).
DEAL_COUNTERS = ("deal", "number", "attempt")


def add_parser(sub: Any) -> None:
    """The `verify` subcommand."""
    verify = sub.add_parser("verify", help="check recorded hands from their revealed seeds")
    verify.add_argument("game_id", nargs="?", help="the hand's id (from its result or replay)")
    verify.add_argument("--all", action="store_true", help="every finished hand")
    verify.add_argument("--seed", type=int, default=None,
                        help="a server seed to check against the hand's commitment")
    verify.add_argument("--commitment", default=None,
                        help="the commitment seen on the table (16+ hex digits)")
    verify.add_argument("--export", action="store_true",
                        help="print the hand's record for docs/paiju_verify.py")


def fairness_of(row: GameRecordRow) -> tuple[int, list[str], dict[str, bool]]:
    """The hand's server seed and players' seeds, and the checks of its stored commitment.
    A hand recorded before commitments were stored: its deal seed was its server seed."""
    kept = (row.result or {}).get("fairness")
    checks = check_record(row.game_id, row.seed, kept)
    if not checks["commitment_stored"]:
        return row.seed, [], checks
    return kept["server_seed"], list(kept.get("seeds") or ()), checks


def dealt_states(row: GameRecordRow) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """The hand's state (as JSON) at each deal, the first and every one after, and at the
    end; ([], None) when the record does not replay."""
    try:
        spec = games.spec(row.game)
        state = games.redeal(row.game, len(row.seats), row.options, row.seed, row.result)
        first = state.to_dict()
        deals = [first]
        mark = tuple(first.get(k) for k in DEAL_COUNTERS)
        for seat, action in row.actions:
            state = spec.step(state, seat, action).state
            data = state.to_dict()
            now = tuple(data.get(k) for k in DEAL_COUNTERS)
            if now != mark:
                deals.append(data)
                mark = now
        return deals, state.to_dict()
    except Exception:
        return [], None


def previous_id(game_id: str) -> str | None:
    """The id of the hand dealt before this one at its table (`<room>-<n>`)."""
    room, _, number = game_id.rpartition("-")
    return f"{room}-{int(number) - 1}" if number.isdigit() and int(number) > 1 else None


def carried_matches(row: GameRecordRow, before: GameRecordRow | None) -> bool:
    """Whether what this hand was dealt from (不洗牌: the last hand's cards in order) is what
    the hand before it handed on, replayed from that hand's own record."""
    dealt_with = (row.result or {}).get("dealt_with")
    if not dealt_with:
        return True
    if before is None or before.result is None:
        return False
    try:
        spec = games.spec(before.game)
        state = games.redeal(before.game, len(before.seats), before.options, before.seed,
                             before.result)
        for seat, action in before.actions:
            state = spec.step(state, seat, action).state
        carry = spec.outcome(state).carry if state.is_over else None
    except Exception:
        return False
    return carry is not None and dict(carry) == dict(dealt_with)


def check(row: GameRecordRow, seed: int | None = None, commitment: str | None = None,
          before: GameRecordRow | None = None) -> dict[str, Any]:
    """One hand's checks: the stored commitment, the seed claimed, the deal it came from,
    the replay of its actions."""
    server_seed, seeds, stored = fairness_of(row)
    committed = deal_commitment(row.game_id, server_seed)
    report: dict[str, Any] = {"game_id": row.game_id, "game": row.game,
                              "server_seed": server_seed, "seeds": seeds,
                              "deal_seed": row.seed, "commitment": committed, **stored,
                              "replays": replay_matches(row)}
    if (row.result or {}).get("dealt_with"):
        report["dealt_from_last_hand"] = carried_matches(row, before)
    if seed is not None:
        report["seed_matches"] = matches(row.game_id, seed, committed)
    if commitment is not None:
        report["commitment_matches"] = matches(row.game_id, server_seed, commitment)
    report["ok"] = all(v for k, v in report.items()
                       if k in ("replays", "seed_matches", "commitment_matches",
                                "commitment_kept", "deal_seed_mixed", "dealt_from_last_hand"))
    return report


def export(row: GameRecordRow, before: GameRecordRow | None) -> dict[str, Any]:
    """The hand as docs/paiju_verify.py reads it: what was committed and revealed, and the
    cards of each deal as the game dealt them (with the last hand's end, for 不洗牌)."""
    server_seed, seeds, _ = fairness_of(row)
    kept = (row.result or {}).get("fairness") or {}
    deals, final = dealt_states(row)
    dealt_with = (row.result or {}).get("dealt_with")
    previous = dealt_states(before)[1] if dealt_with and before is not None else None
    return {"format": EXPORT_FORMAT, "game_id": row.game_id, "game": row.game,
            "options": row.options, "players": len(row.seats), "server_seed": server_seed,
            "seeds": seeds, "commitment": kept.get("commitment")
            or deal_commitment(row.game_id, server_seed), "deal_seed": row.seed,
            "dealt_with": dealt_with, "previous_final": previous, "deals": deals,
            "final": final}


async def _rows(settings: Settings, game_id: str | None
                ) -> list[tuple[GameRecordRow, GameRecordRow | None]]:
    if not settings.on_server and not Path(settings.database).exists():
        raise PaijuError("verify.no_game", game_id=game_id or "-")
    store = await Storage.open(settings.database)
    try:
        if game_id is None:
            rows = await store.finished_games()
        else:
            row = await store.game_record(game_id)
            if row is None:
                raise PaijuError("verify.no_game", game_id=game_id)
            if row.result is None:
                raise PaijuError("verify.not_finished", game_id=game_id)
            rows = [row]
        return await with_hands_before(store, rows)
    finally:
        await store.close()


async def with_hands_before(store: Storage, rows: list[GameRecordRow]
                            ) -> list[tuple[GameRecordRow, GameRecordRow | None]]:
    """Each hand with the hand before it where it was dealt from that one's cards (不洗牌)."""
    pairs = []
    for row in rows:
        earlier = previous_id(row.game_id)
        before = await store.game_record(earlier) \
            if earlier and (row.result or {}).get("dealt_with") else None
        pairs.append((row, before))
    return pairs


def run(args: argparse.Namespace) -> int:
    """Check one hand (or all); print JSON lines; 0 when everything matches, 1 on a
    mismatch, 2 (with one line on stderr) when there is nothing to check."""
    settings = Settings()
    try:
        if bool(args.game_id) == bool(args.all) or (args.export and args.all):
            raise PaijuError("verify.usage")
        rows = asyncio.run(_rows(settings, None if args.all else args.game_id))
    except PaijuError as error:
        print(error.render(settings.language), file=sys.stderr)
        return 2
    if args.export:
        print(json.dumps(export(*rows[0]), ensure_ascii=False))
        return 0
    reports = [check(row, args.seed, args.commitment, before) for row, before in rows]
    if args.all:
        bad = [r["game_id"] for r in reports if not r["ok"]]
        legacy = sum(not r["commitment_stored"] for r in reports)
        print(json.dumps({"games": len(reports), "mismatches": len(bad), "bad": bad[:20],
                          "without_stored_commitment": legacy}))
        return 1 if bad else 0
    print(json.dumps(reports[0], ensure_ascii=False))
    return 0 if reports[0]["ok"] else 1
