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
- While the loop tends the heap, the young generation is never walked: CPython's automatic
  collection is off (`gc.disable()`), and the loop runs no young collection of its own. A
  steady host makes no cyclic garbage, so a young walk finds nothing: in a think run of
  3,000 斗地主 rooms (15 s, the deals' burst included) the loop's young collections, one
  every 50 ms as this policy had it before, ran 564 times, took 947 ms of the loop's time
  (6 %, pauses up to 18 ms while the tables were being dealt) and collected 0 objects.
- Cycles that do turn into garbage are found by a full walk, which the loop runs when the
  heap has grown to `GROWTH` times its size after the last one (Go's collector paces itself
  the same way: a live heap may double before it is walked). A steady host never gets
  there; a host whose rooms grow walks a few times, each walk when the heap has doubled, so
  the walking stays in proportion to the heap; and at most once in `WALK_GAP` (counted from
  the start as well): a full walk of 2,000 rooms' heap took 140-390 ms, and at first a
  host's heap grows with its rooms, not with garbage (a think run's tables, all dealt in its
  first seconds, doubled it once or twice). The heap's size is the allocator's count of
  blocks in use (`sys.getallocatedblocks()`, a walk of its arenas, 0.6 ms for 6 million
  blocks), looked at once every `MEASURE_EVERY` s: `gc.get_freeze_count()` walks every
  frozen object (16 ms for 2 million), and looking at it every 50 ms cost a fifth of the
  presses a 1,500-room run could answer.

Measured before (think runs of 1,500 斗地主 rooms, think 3 s, 30 s; the presses after the
first 8 s): CPython's schedule, even frozen at start-up with thresholds (2000, 10, 100),
answered within p99 72 / 79 ms; survivors frozen, 51 / 50 ms; frozen and young collections
every 50 ms, 34 / 44 ms; with no collector at all, 40 / 39 ms.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import sys

log = logging.getLogger(__name__)

THRESHOLDS = (2000, 10, 100)  # young objects, young collections per middle, middle per full
GROWTH = 2.0  # a full walk once the heap is this many times its size after the last one
MEASURE_EVERY = 1.0  # s between two looks at the heap's size
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

    def __init__(self, every: float = MEASURE_EVERY, growth: float = GROWTH,
                 gap: float = WALK_GAP) -> None:
        self.every = every
        self.growth = growth
        self.gap = gap
        self.full_walks = 0
        self._walk_blocks = 0  # the heap's size (allocated blocks) after the last full walk
        self._walk_time = 0.0  # loop time of the last full walk (or of the start)
        self._timer: asyncio.TimerHandle | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._was_enabled = True

    def start(self) -> None:
        """Settle the heap, switch CPython's automatic collection off and begin; call on the
        running loop."""
        self._loop = asyncio.get_running_loop()
        settle_heap()
        self._was_enabled = gc.isenabled()
        gc.disable()
        self._walk_blocks = sys.getallocatedblocks()
        self._walk_time = self._loop.time()
        self._timer = self._loop.call_later(self.every, self._tick)

    def stop(self) -> None:
        """Leave CPython's own schedule in charge again (what is frozen stays frozen)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
            if self._was_enabled:
                gc.enable()

    def _tick(self) -> None:
        assert self._loop is not None
        now = self._loop.time()
        if now - self._walk_time >= self.gap \
                and sys.getallocatedblocks() >= self.growth * self._walk_blocks:
            self._full_walk()
            self._walk_time = self._loop.time()  # the gap counts from its end
        self._timer = self._loop.call_later(self.every, self._tick)

    def _full_walk(self) -> None:
        before = sys.getallocatedblocks()
        gc.unfreeze()
        found = gc.collect()
        gc.freeze()  # what survived the walk is not walked again
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
