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

GAP = 1.5  # s between full walks, in this probe

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

async def until(check, timeout=5.0):  # polled, so a slow machine only makes it slower
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not check() and loop.time() < end:
        await asyncio.sleep(0.005)
    return check()

async def main():
    found = {}
    tending = Tending(every=0.01, gap=GAP)
    tending.start()
    loop = asyncio.get_running_loop()
    start = loop.time()
    kept = cycle()
    found["young_walked"] = walked(kept)
    young = weakref.ref(cycle())  # garbage at once: for the next young collection
    old = cycle()
    old_ref = weakref.ref(old)
    found["young_garbage_collected"] = await until(lambda: young() is None)
    found["survivor_frozen"] = await until(lambda: not walked(kept))
    await until(lambda: not walked(old))
    del old  # garbage now, but frozen: only a full walk finds it
    await asyncio.sleep(start + GAP + 0.5 - loop.time())  # past the gap, the heap as it was
    found["steady"] = {"walks": tending.full_walks, "old_left": old_ref() is not None}
    ballast = []
    grow(ballast)
    found["grown_walked"] = await until(lambda: tending.full_walks == 1)
    first = loop.time()  # at most a poll after the walk
    found["old_left"] = old_ref() is not None
    grow(ballast)
    await asyncio.sleep(GAP / 2)
    found["within_gap"] = tending.full_walks
    found["after_gap_walked"] = await until(lambda: tending.full_walks == 2)
    found["second_after"] = loop.time() - first
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
    # Few allocations, so CPython's count never gets there: the loop's collection does.
    assert found["young_garbage_collected"] is True
    assert found["survivor_frozen"] is True  # it survived a collection: never walked again
    # A steady heap is never walked whole, so a cycle that died frozen waits...
    assert found["steady"] == {"walks": 0, "old_left": True}
    # ...until the heap has doubled: then one full walk collects it.
    assert found["grown_walked"] is True
    assert found["old_left"] is False
    assert found["within_gap"] == 1  # doubled again, but the last walk was too recent
    assert found["after_gap_walked"] is True
    assert found["second_after"] >= 1.5 - 0.3  # the gap, less a late look at the first
    # Stopped: CPython's own schedule again (too few allocations for it to collect yet).
    assert found["stopped"] == {"survivor_walked": True, "garbage_left": True, "callbacks": 0}
