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
