"""The garbage collector's policy for a long-running host process.

Almost everything a host allocates is freed by reference counting; the cyclic collector's
cost is walking what is alive, and on the event loop every collection is a pause for every
room (and for the database thread, which waits for the interpreter meanwhile: a save, and so
every answer queued behind it, waits out the pause). Two measures, taken once the process has
started (modules, engine tables and loaded rooms in memory):

- `gc.freeze()`: what exists after start-up lives as long as the process, so no collection
  walks it again.
- Fewer, younger collections: with the default thresholds (700, 10, 10) a think run of
  1,500 斗地主 rooms collected 400 times in 22 s, three of them full walks of the heap at up
  to 175 ms. `THRESHOLDS` let the young generation grow to 2,000 objects, and walk the whole
  heap only after 100 collections of the middle one (minutes apart; a full walk then still
  needs a quarter of the heap to be new, as CPython requires). A middle generation kept for
  50 young collections instead of 10 took single pauses of 120-140 ms.

Measured alternately in think runs of 1,500 斗地主 rooms (think 3 s, 30 s, the 22 s after
the first 8): the default thresholds spent 1.8-1.9 s collecting, with three full walks of up
to 186 ms, and answered within a whole-run p99 of 157-207 ms; frozen with larger thresholds,
no full walk, about 1 s collecting, 101-187 ms. Of those, (2000, 10, 100) answered the
presses after the first 8 s within p99 60 / 69 ms, (2000, 50, 20) within 77 / 71 ms.
"""

from __future__ import annotations

import gc
import logging

log = logging.getLogger(__name__)

THRESHOLDS = (2000, 10, 100)  # young objects, young collections per middle, middle per full


def settle_heap() -> None:
    """Collect once, freeze what is left (start-up's objects) and set `THRESHOLDS`. Call once,
    after start-up: by a process that serves (the bot, a simulation), not by a library user."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
    log.info("heap settled: %d objects frozen, thresholds %s", gc.get_freeze_count(),
             THRESHOLDS)
