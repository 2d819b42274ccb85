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
    walks = []
    tending = Tending(every=0.01, gap=GAP)
    tending.start()  # settles the heap: one walk of everything, before the count begins
    gc.callbacks.append(lambda phase, info: walks.append(info["generation"])
                        if phase == "start" else None)
    found["collector_on"] = gc.isenabled()
    loop = asyncio.get_running_loop()
    start = loop.time()
    young = weakref.ref(cycle())  # garbage at once
    old = cycle()
    old_ref = weakref.ref(old)
    del old
    churn = []
    while loop.time() < start + GAP + 0.5:  # past the gap, new cycles all along, no doubling
        churn = [cycle() for _ in range(50)]
        await asyncio.sleep(0.01)
    del churn
    found["steady"] = {"walks": tending.full_walks, "collections": len(walks),
                       "young_left": young() is not None, "old_left": old_ref() is not None}
    ballast = []
    grow(ballast)
    found["grown_walked"] = await until(lambda: tending.full_walks == 1)
    first = loop.time()  # at most a poll after the walk
    found["garbage_left"] = young() is not None or old_ref() is not None
    found["collections"] = sorted(set(walks))
    grow(ballast)
    await asyncio.sleep(GAP / 2)
    found["within_gap"] = tending.full_walks
    found["after_gap_walked"] = await until(lambda: tending.full_walks == 2)
    found["second_after"] = loop.time() - first
    tending.stop()
    found["stopped_collector_on"] = gc.isenabled()
    print(json.dumps(found))

asyncio.run(main())
"""


def test_tending_never_walks_the_young_generation_and_walks_all_only_when_grown() -> None:
    done = subprocess.run([sys.executable, "-c", TENDING], capture_output=True, text=True,
                          timeout=60, check=True)
    found = json.loads(done.stdout)
    # CPython's automatic collection is off, and the loop runs no young collection either:
    # new cycles every tick, garbage soon, over more than the gap, and not one walk.
    assert found["collector_on"] is False
    assert found["steady"] == {"walks": 0, "collections": 0, "young_left": True,
                               "old_left": True}
    # Once the heap has doubled, one full walk collects the cycles that died meanwhile.
    assert found["grown_walked"] is True
    assert found["garbage_left"] is False
    assert found["collections"] == [2]  # full walks only
    assert found["within_gap"] == 1  # doubled again, but the last walk was too recent
    assert found["after_gap_walked"] is True
    assert found["second_after"] >= 1.5 - 0.3  # the gap, less a late look at the first
    assert found["stopped_collector_on"] is True  # stopped: CPython's own schedule again
