"""Load: N rooms × K hands of AI-played seats through the real host and SQLite.

    python benchmarks/simulate.py [--game doudizhu3|doudizhu2|tianji] [--rooms 1000] [--hands 5]

Prints one JSON line (the same as `python -m bot simulate`): games_finished, actions_per_s,
p50_ms / p99_ms (one action from reaching its room to its committed write), peak_rss_mb,
ledger_balanced, ledger_matches_replay. Target: 1,000 rooms × 5 hands, p99 < 50 ms, books
exact.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.__main__ import main  # noqa: E402

if __name__ == "__main__":
    args = sys.argv[1:]
    defaults = {"--game": "doudizhu3", "--rooms": "1000", "--hands": "5"}
    for flag, value in defaults.items():
        if flag not in args:
            args += [flag, value]
    sys.exit(main(["simulate", *args]))
