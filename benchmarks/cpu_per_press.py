"""Where a press's CPU goes, in a `simulate --think` run: the event loop's thread, the
process's other threads (the database), the thinking workers; and the garbage collector's
pauses on the loop.

    python benchmarks/cpu_per_press.py [--game doudizhu3] [--rooms 1000] [--duration 30]
                                       [--database postgresql://…]

The first 8 s (dealing, warming up) are left out. The capacity of one process is set by the
loop's share (one core), so that is the figure to cut; the workers run on the other core.
This machine's speed drifts from minute to minute (a shared host): `calibration` is the time
a fixed loop of pure Python took beside the run, relative to 60 ms, and `loop_ms_calibrated`
the loop's figure divided by it. Compare two versions by alternating runs of each.
Prints one JSON line.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import resource
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.host import simulate  # noqa: E402
from bot.host.runtime.memory import tend_heap  # noqa: E402

SKIP = 8.0  # s left out at the start


def _calibrate() -> float:
    def once() -> float:
        start = time.thread_time()
        sum(range(3 * 10**6))
        return time.thread_time() - start
    return min(once() for _ in range(5)) / 0.06


def _cpu_of(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _children() -> list[int]:
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                parent = int(Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            if parent == os.getpid():
                out.append(int(entry))
    return out


class Pauses:
    """The collector's pauses by generation, while `on`."""

    def __init__(self) -> None:
        self.on = False
        self.by_generation: dict[int, list[float]] = {0: [], 1: [], 2: []}
        self._started = 0.0

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        elif self.on:
            self.by_generation[info["generation"]].append(time.perf_counter() - self._started)

    def figures(self) -> dict[str, Any]:
        return {f"gc{g}": {"count": len(p), "max_ms": round(1000 * max(p or [0.0]), 1),
                           "total_ms": round(1000 * sum(p), 1)}
                for g, p in self.by_generation.items()}


async def _run(args: argparse.Namespace) -> dict[str, Any]:
    pauses = Pauses()
    gc.callbacks.append(pauses)
    marks: dict[str, Any] = {}
    people: list[Any] = []
    init = simulate.ThinkingPeople.__init__

    def remember(self: Any, *a: Any, **k: Any) -> None:
        init(self, *a, **k)
        people.append(self)

    simulate.ThinkingPeople.__init__ = remember  # type: ignore[method-assign]

    def mark() -> tuple[float, float, float, float, int]:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return (time.perf_counter(), time.thread_time(), usage.ru_utime + usage.ru_stime,
                sum(_cpu_of(pid) for pid in marks["workers"]), len(people[0].answers))

    async def measure() -> None:
        await asyncio.sleep(SKIP)
        marks["workers"] = _children()
        marks["a"] = mark()
        pauses.on = True
        await asyncio.sleep(args.duration - SKIP - 2)
        pauses.on = False
        marks["b"] = mark()

    tending: list[Any] = []

    async def seated() -> None:
        tending.append(tend_heap())  # as `python -m bot simulate --think` does
        asyncio.get_running_loop().create_task(measure())

    before = _calibrate()
    figures = await simulate.run_thinking(args.game, args.rooms, args.think, args.duration,
                                          seats=args.seats, seated=seated,
                                          database=args.database)
    for each in tending:
        each.stop()
    calibration = (before + _calibrate()) / 2
    (w0, l0, p0, k0, n0), (w1, l1, p1, k1, n1) = marks["a"], marks["b"]
    presses = max(1, n1 - n0)
    loop = (l1 - l0) / presses * 1000
    return {
        "game": args.game, "rooms": args.rooms, "presses": presses,
        "presses_per_s": round(presses / (w1 - w0), 1),
        "loop_ms": round(loop, 3), "loop_ms_calibrated": round(loop / calibration, 3),
        "calibration": round(calibration, 3),
        "threads_ms": round(((p1 - p0) - (l1 - l0)) / presses * 1000, 3),
        "workers_ms": round((k1 - k0) / presses * 1000, 3),
        "loop_busy": round((l1 - l0) / (w1 - w0), 3),
        **pauses.figures(),
        **{key: figures[key] for key in ("answer_p50_ms", "answer_p99_ms", "loop_lag_p99_ms",
                                         "books_balanced")},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="doudizhu3")
    parser.add_argument("--rooms", type=int, default=1000)
    parser.add_argument("--duration", type=float, default=30.0)
    parser.add_argument("--think", type=float, default=3.0)
    parser.add_argument("--seats", type=int, default=None)
    parser.add_argument("--database", default=None,
                        help="a SQLite file or postgresql://… URL (default: a fresh SQLite file)")
    args = parser.parse_args()
    if args.duration < SKIP + 5:
        parser.error(f"--duration must be at least {SKIP + 5:g} s")
    print(json.dumps(asyncio.run(_run(args))))


if __name__ == "__main__":
    main()
