"""Capacity: the largest number of rooms whose answers stay under a p99 of 50 ms, per game,
with people who think (`python -m bot simulate --think`): each person waits ~THINK seconds
(exponential), then presses the first suggestion of their newest prompt.

    python benchmarks/capacity.py [--games doudizhu3,doudizhu2,tianji6] [--think 3]
                                  [--duration 20] [--start 250] [--most 10000] [--p99 50]
                                  [--steady] [--processes N --database postgresql://…]

Each trial is a fresh `python -m bot simulate` process (real host, real SQLite file; with
`--processes N`, N host processes on the PostgreSQL database, the answers of all counted). The
search doubles the rooms while the trial passes (answer p99 and event-loop lag p99 under the
bound, books balanced), then halves the gap between the last pass and the first failure
until it is within 10 %.
`--steady` judges a trial by `steady_answer_p99_ms` (the presses after every table was dealt
and that burst's queue drained) instead of the whole run's `answer_p99_ms`.
`tianji6` is 田忌赛马 at six seats. Prints one JSON line: per game the largest passing room
count, its figures, and every trial. Targets (2 cores): 斗地主 3,000 rooms, 二人斗地主 2,000,
six-seat 田忌赛马 500. On a machine shared with other work the figures are pessimistic.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GAMES = {"doudizhu3": ("doudizhu3", None), "doudizhu2": ("doudizhu2", None),
         "tianji6": ("tianji", 6)}


def trial(game: str, rooms: int, think: float, duration: float, *, processes: int = 1,
          database: str | None = None) -> dict[str, Any]:
    """One simulate run; its JSON figures (or the failure)."""
    name, seats = GAMES[game]
    args = [sys.executable, "-m", "bot", "simulate", "--game", name, "--rooms", str(rooms),
            "--think", str(think), "--duration", str(duration)]
    if seats:
        args += ["--seats", str(seats)]
    if database:
        args += ["--database", database]
    if processes > 1:
        args += ["--processes", str(processes)]
    done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=False,
                          timeout=duration * 4 + rooms * 0.05 + 120)
    lines = done.stdout.strip().splitlines()
    if not lines:
        return {"rooms": rooms, "error": done.stderr.strip()[-300:]}
    return json.loads(lines[-1])


def passes(figures: dict[str, Any], bound: float, key: str = "answer_p99_ms") -> bool:
    """Under the p99 bound (of `key`), the event loop's lag p99 under it too (the whole run,
    the first deals' burst included), with the books balanced."""
    return "error" not in figures and figures["books_balanced"] and figures[key] < bound \
        and figures["loop_lag_p99_ms"] < bound


def search(game: str, *, think: float, duration: float, start: int, most: int,
           bound: float, processes: int = 1, database: str | None = None,
           key: str = "answer_p99_ms") -> dict[str, Any]:
    """The largest passing room count for one game."""
    trials: list[dict[str, Any]] = []
    best: dict[str, Any] | None = None
    low, high = 0, None
    rooms = start

    def trial_of(rooms: int) -> dict[str, Any]:
        return trial(game, rooms, think, duration, processes=processes, database=database)

    while rooms <= most:
        figures = trial_of(rooms)
        trials.append(_brief(figures))
        if passes(figures, bound, key):
            best, low = figures, rooms
            rooms *= 2
        else:
            high = rooms
            break
    while high is not None and high - low > max(1, low // 10):
        rooms = (low + high) // 2
        figures = trial_of(rooms)
        trials.append(_brief(figures))
        if passes(figures, bound, key):
            best, low = figures, rooms
        else:
            high = rooms
    return {"rooms": low, "best": _brief(best) if best else None, "trials": trials}


def _brief(figures: dict[str, Any]) -> dict[str, Any]:
    keys = ("rooms", "presses_per_s", "actions_per_s", "answer_p50_ms", "answer_p99_ms",
            "steady_answer_p99_ms", "loop_lag_p99_ms", "loop_lag_max_ms", "loop_cpu_ms_per_press",
            "loop_busy", "books_balanced", "error")
    return {k: figures[k] for k in keys if k in figures}


def main() -> int:
    """Search each game; one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--think", type=float, default=3.0)
    parser.add_argument("--duration", type=float, default=20.0)
    parser.add_argument("--start", type=int, default=250)
    parser.add_argument("--most", type=int, default=10000)
    parser.add_argument("--p99", type=float, default=50.0)
    parser.add_argument("--steady", action="store_true",
                        help="judge by the steady answers (after the dealing burst)")
    parser.add_argument("--processes", type=int, default=1,
                        help="host processes per trial (needs --database postgresql://…)")
    parser.add_argument("--database", default=None,
                        help="a postgresql://… URL shared by the processes (default: SQLite)")
    args = parser.parse_args()
    if args.processes > 1 and not (args.database or "").startswith("postgres"):
        parser.error("--processes needs --database postgresql://…")
    out: dict[str, Any] = {"think": args.think, "duration": args.duration,
                           "p99_bound_ms": args.p99, "processes": args.processes,
                           "judged_by": "steady_answer_p99_ms" if args.steady
                           else "answer_p99_ms"}
    for game in args.games.split(","):
        out[game] = search(game, think=args.think, duration=args.duration, start=args.start,
                           most=args.most, bound=args.p99, processes=args.processes,
                           database=args.database, key=out["judged_by"])
    print(json.dumps(out, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
