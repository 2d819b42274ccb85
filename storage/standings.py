"""The aggregate rows behind the leaderboards, kept in the settling transaction.

A scope is (community_id, period): community 0 stands for every community, period is
"all" or an ISO week such as "2026-W05". Each settled game adds to four rows per person
(overall and its community, all-time and its week); so a board is one index walk however
many games were played.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from datetime import UTC, datetime, tzinfo

OVERALL = 0
ALL_TIME = "all"
COUNTERS = ("games", "wins", "landlord_games", "landlord_wins", "beans", "points", "cup")


def iso_week(at: float, tz: tzinfo = UTC) -> str:
    """The ISO week of an epoch time as "YYYY-Www" (weeks start on Monday)."""
    year, week, _ = datetime.fromtimestamp(at, tz).isocalendar()
    return f"{year:04d}-W{week:02d}"


def scopes(community_id: int | None, week: str) -> list[tuple[int, str]]:
    """The standings rows one scored event adds to."""
    found = [(OVERALL, ALL_TIME), (OVERALL, week)]
    if community_id is not None:
        found += [(community_id, ALL_TIME), (community_id, week)]
    return found


def add(
    conn: sqlite3.Connection,
    community_id: int | None,
    week: str,
    increments: Mapping[int, Mapping[str, int]],
) -> None:
    """Add counters per player (player id -> {counter: amount}) to every scope of the event."""
    rows = []
    for player_id, counters in sorted(increments.items()):
        if player_id <= 0:  # system accounts are not on the boards
            continue
        unknown = set(counters) - set(COUNTERS)
        if unknown:
            raise ValueError(f"unknown standings counters {sorted(unknown)}")
        values = [counters.get(name, 0) for name in COUNTERS]
        for scope, period in scopes(community_id, week):
            rows.append((scope, period, player_id, *values))
    if not rows:
        return
    columns = ", ".join(COUNTERS)
    marks = ", ".join("?" * len(COUNTERS))
    updates = ", ".join(f"{name} = {name} + excluded.{name}" for name in COUNTERS)
    conn.executemany(
        f"INSERT INTO standings (community_id, period, player_id, {columns})"
        f" VALUES (?, ?, ?, {marks})"
        f" ON CONFLICT (community_id, period, player_id) DO UPDATE SET {updates}",
        rows,
    )
