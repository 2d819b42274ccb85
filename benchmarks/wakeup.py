"""Why the thinking workers run as batch work (bot.host.runtime.thinking._yield_to_the_loop):
the time a job's hand-over to a worker holds the event loop, on a busy machine.

    python benchmarks/wakeup.py [--jobs 2000] [--job-ms 0.5] [--loop-ms 1.0]

A loop stand-in sends a job (~850 bytes, a hint's size) down a pipe to a worker process that
spins `--job-ms` on it, does `--loop-ms` of its own work, then reads the answer; every core
but the loop's is kept busy by spinning processes, as on a loaded host. With the default
scheduling the woken worker preempts the sender on its core, so the write returns only after
the worker's whole job; a SCHED_BATCH worker (nice 5) never preempts on wake-up. Prints one
JSON line: the send's p50, p99 and mean in microseconds for each policy.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time
from multiprocessing.connection import Connection
from typing import Any


def _spin(seconds: float) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pass


def _worker(conn: Connection, batch: bool, job: float) -> None:
    if batch:
        os.sched_setscheduler(0, os.SCHED_BATCH, os.sched_param(0))
        os.nice(5)
    while (message := conn.recv()) is not None:
        _spin(job)
        conn.send(message[1])


def _hog() -> None:
    while True:
        _spin(1.0)


def measure(batch: bool, jobs: int, job: float, loop: float) -> dict[str, float]:
    """The send's wall time (µs) with a worker of one policy."""
    context = multiprocessing.get_context("spawn")
    ours, theirs = context.Pipe()
    worker = context.Process(target=_worker, args=(theirs, batch, job), daemon=True)
    worker.start()
    times = []
    for index in range(jobs):
        started = time.perf_counter()
        ours.send(("x" * 800, index))
        times.append(time.perf_counter() - started)
        _spin(loop)
        ours.recv()
    ours.send(None)
    worker.join()
    times.sort()
    return {"send_p50_us": round(times[len(times) // 2] * 1e6, 1),
            "send_p99_us": round(times[int(len(times) * 0.99)] * 1e6, 1),
            "send_mean_us": round(sum(times) / len(times) * 1e6, 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2000)
    parser.add_argument("--job-ms", type=float, default=0.5)
    parser.add_argument("--loop-ms", type=float, default=1.0)
    args = parser.parse_args()
    context = multiprocessing.get_context("spawn")
    hogs = [context.Process(target=_hog, daemon=True)
            for _ in range(max(1, (os.cpu_count() or 2) - 1))]
    for hog in hogs:
        hog.start()
    out: dict[str, Any] = {"jobs": args.jobs, "job_ms": args.job_ms, "loop_ms": args.loop_ms,
                           "busy_processes": len(hogs)}
    try:
        for name, batch in (("default", False), ("batch_nice5", True)):
            out[name] = measure(batch, args.jobs, args.job_ms / 1000, args.loop_ms / 1000)
    finally:
        for hog in hogs:
            hog.kill()
    print(json.dumps(out, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
