"""Competition rows: the JSON state of each competition, found by id, place or liveness.

Storage knows no competition rules: a state is an opaque JSON object the tournament
package writes whole after every change (sign-up, check-in, hand, draw). The cup points a
competition awards go through the ledger (`Storage.transfer`, kind "cup"), not here.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from typing import Any

from storage.core import StorageCore

LIVE_PHASES = ("signup", "running")  # written out in `live` and migration 0004


def _load(text: str) -> dict[str, Any]:
    return json.loads(text)


def _dump(state: dict[str, Any]) -> str:
    return json.dumps(state, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


class CompetitionStore:
    """Competitions in the same database as everything else (through the core's own
    `_read` and `_write`, so their writes are committed as every other write)."""

    def __init__(self, storage: StorageCore) -> None:
        self.storage = storage

    async def create(self, place: tuple[str, str, str], community_id: int | None, at: float,
                     build: Callable[[int], dict[str, Any]]) -> dict[str, Any]:
        """Insert a competition whose state `build(id)` makes from its new id; the state."""

        def insert(conn: sqlite3.Connection) -> dict[str, Any]:
            cup_id = conn.execute(
                "INSERT INTO competitions (platform, channel, thread, community_id, phase,"
                " state, created_at, updated_at) VALUES (?, ?, ?, ?, '', '{}', ?, ?)"
                " RETURNING id",
                (*place, community_id, at, at),
            ).fetchall()[0][0]
            state = build(int(cup_id))
            conn.execute("UPDATE competitions SET phase = ?, state = ? WHERE id = ?",
                         (state["phase"], _dump(state), cup_id))
            return state

        return await self.storage._write(insert)

    async def save(self, cup_id: int, state: dict[str, Any], at: float) -> None:
        """Replace a competition's state (its phase column follows `state["phase"]`)."""
        text = _dump(state)

        def update(conn: sqlite3.Connection) -> None:
            changed = conn.execute(
                "UPDATE competitions SET phase = ?, state = ?, updated_at = ? WHERE id = ?",
                (state["phase"], text, at, cup_id),
            ).rowcount
            if changed != 1:
                raise KeyError(f"no competition {cup_id}")

        await self.storage._write(update)

    async def get(self, cup_id: int) -> dict[str, Any] | None:
        """One competition's state, or None."""
        row = await self.storage._read(
            lambda conn: conn.execute(
                "SELECT state FROM competitions WHERE id = ?", (cup_id,)).fetchone())
        return None if row is None else _load(row[0])

    async def live(self) -> list[dict[str, Any]]:
        """Every competition still signing up or running, oldest first."""
        rows = await self.storage._read(
            lambda conn: conn.execute(
                # Literal phases, so SQLite can use the partial index competitions_live.
                "SELECT state FROM competitions WHERE phase IN ('signup', 'running')"
                " ORDER BY id").fetchall())
        return [_load(text) for (text,) in rows]

    async def latest_at(self, place: tuple[str, str, str]) -> dict[str, Any] | None:
        """The newest competition of a channel (live or not), or None."""
        row = await self.storage._read(
            lambda conn: conn.execute(
                "SELECT state FROM competitions WHERE platform = ? AND channel = ?"
                " AND thread = ? ORDER BY id DESC LIMIT 1", place).fetchone())
        return None if row is None else _load(row[0])

    async def organiser_role(self, community_id: int) -> str | None:
        """The organiser role a community's admins named, if any."""
        row = await self.storage._read(
            lambda conn: conn.execute(
                "SELECT role FROM cup_organisers WHERE community_id = ?",
                (community_id,)).fetchone())
        return None if row is None else str(row[0])

    async def set_organiser_role(self, community_id: int, role: str | None) -> None:
        """Name (or with None, clear) a community's organiser role."""

        def write(conn: sqlite3.Connection) -> None:
            if role is None:
                conn.execute("DELETE FROM cup_organisers WHERE community_id = ?",
                             (community_id,))
            else:
                conn.execute(
                    "INSERT INTO cup_organisers (community_id, role) VALUES (?, ?)"
                    " ON CONFLICT (community_id) DO UPDATE SET role = excluded.role",
                    (community_id, role))

        await self.storage._write(write)
