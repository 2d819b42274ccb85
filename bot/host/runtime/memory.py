"""The garbage collector's policy for a long-running host process.

Almost everything a host allocates is freed by reference counting; the cyclic collector's
cost is walking what is alive, and on the event loop every collection is a pause for every
room (and for the database thread, which waits for the interpreter meanwhile: a save, and so
every answer queued behind it, waits out the pause).

What a host keeps alive between presses (each room's state, views and prompts, a person's
sleeping task) outlives any young collection, and a steady host makes no cyclic garbage at
all: 20 s of a think run of 1,500 斗地主 rooms (8,600 presses) left nothing for a full
collection to find. So CPython's schedule only walks the same survivors again and again:

- the young generation is not 2,000 objects, it is what was allocated since the last
  collection, less what died of any age (CPython counts every death against it); it held
  15,000 objects on average and up to 44,000 when collected (12 ms on average, up to 38 ms);
- every tenth of those walks the middle generation, 76,000 objects (80-96 ms).

The policy (`tend_heap`):

- `settle_heap()` once start-up is done: collect, then `gc.freeze()` what is left (modules,
  engine tables, loaded rooms): no collection walks it again.
- After every collection, whatever survived is frozen as well: the middle and oldest
  generations stay empty, so no collection walks a survivor twice.
- The loop collects the young generation every `YOUNG_EVERY` seconds, so each walk is
  small (a few thousand objects) instead of waiting for CPython's count.
- Cycles that turn into garbage after they were frozen are found by a full walk, which the
  loop runs when the heap has grown to `GROWTH` times its size after the last one (Go's
  collector paces itself the same way: a live heap may double before it is walked). A
  steady host never gets there; a host whose rooms grow walks a few times, each walk when
  the heap has doubled, so the walking stays in proportion to the heap; and at most once in
  `WALK_GAP` (counted from the start as well): a full walk of 2,000 rooms' heap took
  140-390 ms, and at first a host's heap grows with its rooms, not with garbage (a think
  run's tables, all dealt in its first seconds, doubled it once or twice). The heap's size is
  the allocator's count of blocks in use (`sys.getallocatedblocks()`, a walk of its arenas,
  0.6 ms for 6 million blocks), looked at once a second: `gc.get_freeze_count()` walks every
  frozen object (16 ms for 2 million), and looking at it every 50 ms cost a fifth of the
  presses a 1,500-room run could answer.

Measured alternately in think runs of 1,500 斗地主 rooms (think 3 s, 30 s; the presses after
the first 8 s): CPython's schedule, even frozen at start-up with thresholds (2000, 10, 100),
answered within p99 72 / 79 ms; survivors frozen, 51 / 50 ms; frozen and young collections
every 50 ms, 34 / 44 ms; with no collector at all, 40 / 39 ms.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import sys
from typing import Any

log = logging.getLogger(__name__)

THRESHOLDS = (2000, 10, 100)  # young objects, young collections per middle, middle per full
YOUNG_EVERY = 0.05  # s between the loop's young collections
GROWTH = 2.0  # a full walk once the heap is this many times its size after the last one
MEASURE_EVERY = 20  # young collections between two looks at the heap's size
WALK_GAP = 300.0  # s at least between two full walks (and from the start to the first)


def settle_heap() -> None:
    """Collect once, freeze what is left (start-up's objects) and set `THRESHOLDS`. Call once,
    after start-up: by a process that serves (the bot, a simulation), not by a library user."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
    log.info("heap settled: %d objects frozen, thresholds %s", gc.get_freeze_count(),
             THRESHOLDS)


class Tending:
    """The policy above, on one event loop, from `start()` to `stop()`."""

    def __init__(self, every: float = YOUNG_EVERY, growth: float = GROWTH,
                 gap: float = WALK_GAP) -> None:
        self.every = every
        self.growth = growth
        self.gap = gap
        self.full_walks = 0
        self._ticks = 0
        self._walk_blocks = 0  # the heap's size (allocated blocks) after the last full walk
        self._walk_time = 0.0  # loop time of the last full walk (or of the start)
        self._timer: asyncio.TimerHandle | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def start(self) -> None:
        """Settle the heap and begin; call on the running loop."""
        self._loop = asyncio.get_running_loop()
        settle_heap()
        self._walk_blocks = sys.getallocatedblocks()
        self._walk_time = self._loop.time()
        gc.callbacks.append(self._collected)
        self._timer = self._loop.call_later(self.every, self._tick)

    def stop(self) -> None:
        """Leave CPython's own schedule in charge again (what is frozen stays frozen)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._collected in gc.callbacks:
            gc.callbacks.remove(self._collected)

    def _collected(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "stop":
            gc.freeze()  # what survived a walk is not walked again

    def _tick(self) -> None:
        assert self._loop is not None
        self._ticks += 1
        now = self._loop.time()
        if (self._ticks % MEASURE_EVERY == 0 and now - self._walk_time >= self.gap
                and sys.getallocatedblocks() >= self.growth * self._walk_blocks):
            self._full_walk()
            self._walk_time = self._loop.time()  # the gap counts from its end
        else:
            gc.collect(0)
        self._timer = self._loop.call_later(self.every, self._tick)

    def _full_walk(self) -> None:
        before = sys.getallocatedblocks()
        gc.unfreeze()
        found = gc.collect()  # frozen again when it stops
        self._walk_blocks = sys.getallocatedblocks()
        self.full_walks += 1
        log.info("full collection: %d unreachable objects; %d blocks in use before, %d after",
                 found, before, self._walk_blocks)


def tend_heap() -> Tending:
    """Settle the heap and tend it on the running loop (see the module); `stop()` it before
    the loop ends."""
    tending = Tending()
    tending.start()
    return tending
