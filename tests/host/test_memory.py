"""The collector's policy of a serving process (bot.host.runtime.memory), checked in a fresh
interpreter: it changes process-wide state that the test process must keep as it is."""

from __future__ import annotations

import json
import subprocess
import sys

from bot.host.runtime.memory import THRESHOLDS

PROBE = r"""
import gc, json, weakref
from bot.host.runtime.memory import settle_heap

class Node:
    pass

kept = Node()
kept.me = kept  # alive, in a cycle: frozen, never walked again
dropped = Node()
dropped.me = dropped  # garbage already: collected, not frozen for ever
gone = weakref.ref(dropped)
del dropped
settle_heap()
later = Node()
later.me = later
tracked = {id(o) for o in gc.get_objects()}
print(json.dumps({"thresholds": gc.get_threshold(), "frozen": gc.get_freeze_count(),
                  "kept_walked": id(kept) in tracked, "later_walked": id(later) in tracked,
                  "garbage_left": gone() is not None}))
"""


def test_settling_freezes_what_lives_collects_what_does_not_and_sets_the_thresholds() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                          timeout=60, check=True)
    found = json.loads(done.stdout)
    assert found["thresholds"] == list(THRESHOLDS)
    assert found["frozen"] > 1000  # modules, functions, types of the imported bot
    assert found["kept_walked"] is False
    assert found["later_walked"] is True
    assert found["garbage_left"] is False


TENDING = r"""
import asyncio, gc, json, sys, weakref
from bot.host.runtime.memory import Tending

class Node:
    pass

def cycle():
    node = Node()
    node.me = node
    return node

def walked(obj):
    return any(o is obj for o in gc.get_objects())

def grow(ballast):  # until the allocator's blocks in use have more than doubled
    target = 2.2 * sys.getallocatedblocks()
    while sys.getallocatedblocks() < target:
        ballast.append([[i * 1000003] for i in range(10000)])

async def main():
    found = {}
    tending = Tending(every=0.01, gap=0.6)
    tending.start()
    loop = asyncio.get_running_loop()
    start = loop.time()
    kept = cycle()
    found["young_walked"] = walked(kept)
    young = weakref.ref(cycle())  # garbage at once: for the next young collection
    old = cycle()
    old_ref = weakref.ref(old)
    await asyncio.sleep(0.1)
    found["survivor_walked"] = walked(kept)  # survived a young collection: frozen
    found["young_garbage_left"] = young() is not None
    del old  # garbage now, but frozen: only a full walk finds it
    await asyncio.sleep(start + 0.9 - loop.time())  # past the gap, the heap as it was
    found["steady"] = {"walks": tending.full_walks, "old_left": old_ref() is not None}
    ballast = []
    grow(ballast)
    await asyncio.sleep(0.4)
    found["grown"] = {"walks": tending.full_walks, "old_left": old_ref() is not None}
    walked_at = loop.time()
    grow(ballast)
    await asyncio.sleep(0.3)
    found["within_gap"] = tending.full_walks
    await asyncio.sleep(walked_at + 1.0 - loop.time())
    found["after_gap"] = tending.full_walks
    tending.stop()
    later = cycle()
    gone = weakref.ref(cycle())
    await asyncio.sleep(0.1)
    found["stopped"] = {"survivor_walked": walked(later), "garbage_left": gone() is not None,
                        "callbacks": len(gc.callbacks)}
    print(json.dumps(found))

asyncio.run(main())
"""


def test_tending_freezes_survivors_collects_young_garbage_and_walks_all_only_when_grown() -> None:
    done = subprocess.run([sys.executable, "-c", TENDING], capture_output=True, text=True,
                          timeout=60, check=True)
    found = json.loads(done.stdout)
    assert found["young_walked"] is True  # new: in the young generation
    assert found["survivor_walked"] is False  # frozen once it survived a collection
    assert found["young_garbage_left"] is False  # the loop's young collection found it
    # A steady heap is never walked whole, so a cycle that died frozen waits...
    assert found["steady"] == {"walks": 0, "old_left": True}
    # ...until the heap has doubled: then one full walk collects it.
    assert found["grown"] == {"walks": 1, "old_left": False}
    assert found["within_gap"] == 1  # doubled again, but the last walk was too recent
    assert found["after_gap"] == 2
    # Stopped: CPython's own schedule again (too few allocations for it to collect yet).
    assert found["stopped"] == {"survivor_walked": True, "garbage_left": True, "callbacks": 0}
