"""The common save of a room on PostgreSQL as one statement.

Nearly every save is a room's snapshot with one action, under the saving process's lease.
Written as the jobs of storage/core.py write it (check the lease, upsert the snapshot,
append the action) that is three statements, and a transaction of its own adds BEGIN and
COMMIT: five round trips to the server, each costing the bot process ~50 µs of CPU. Here
the same checks and writes are one statement with data-modifying CTEs: the lease row and
any action already at the index are read, and the snapshot and the action are written only
if the lease is the saver's and unexpired and the index is free or holds this very action.
A statement is all or nothing, so a save that is refused (LeaseLostError,
ActionConflictError, UnknownRecordError) has written nothing, and the transport may run it
as a transaction of its own (a `OneStatement`, storage/transport.py): one round trip. Run
twice it writes the same (the same snapshot, the same action kept once), so it can be sent
again after a connection was lost in the middle of it.
"""

from __future__ import annotations

import re
import sqlite3
from functools import cache
from typing import Any

from storage import games, leases
from storage.errors import ActionConflictError, UnknownRecordError
from storage.records import ActionRecord
from storage.transport import OneStatement


@cache
def _statement(leased: bool, acted: bool) -> tuple[str, tuple[str, ...]]:
    """The save statement and the names of its parameters ($1, $2, … in this order)."""
    names = ("room", "snapshot", "now") + (("owner",) if leased else ()) \
        + (("game", "idx", "seat", "action", "at") if acted else ())
    ctes = []
    allowed = []
    if leased:
        ctes.append("lease AS (SELECT owner, expires_at FROM room_leases WHERE room_id = :room)")
        allowed.append("owner = :owner AND expires_at >= :now")
    if acted:
        ctes.append("prior AS (SELECT seat, action FROM game_actions"
                    " WHERE game_id = :game AND idx = :idx)")
        allowed.append("NOT EXISTS (SELECT FROM prior"
                       " WHERE (seat, action) IS DISTINCT FROM (:seat, :action))")
    ctes.append("allowed AS (SELECT" + (" FROM lease" if leased else "")
                + (" WHERE " + " AND ".join(allowed) if allowed else "") + ")")
    written = ""
    if acted:
        ctes.append("acted AS (INSERT INTO game_actions (game_id, idx, seat, action, at)"
                    " SELECT :game, :idx, :seat, :action, :at FROM allowed"
                    " ON CONFLICT (game_id, idx) DO NOTHING RETURNING 1)")
        # Kept now, or kept before: not taken meanwhile by another transaction.
        written = " WHERE EXISTS (SELECT FROM acted) OR EXISTS (SELECT FROM prior)"
    ctes.append("saved AS (INSERT INTO rooms (room_id, snapshot, updated_at)"
                " SELECT :room, :snapshot, :now FROM allowed" + written +
                " ON CONFLICT (room_id) DO UPDATE SET snapshot = excluded.snapshot,"
                " updated_at = excluded.updated_at RETURNING 1)")
    lease_columns = ("(SELECT owner FROM lease), (SELECT expires_at FROM lease)" if leased
                     else "NULL, NULL")
    prior_columns = ("(SELECT seat FROM prior), (SELECT action FROM prior)" if acted
                     else "NULL, NULL")
    sql = (f"WITH {', '.join(ctes)} SELECT {lease_columns}, {prior_columns},"
           " EXISTS (SELECT FROM saved)")
    types = {"room": "text", "snapshot": "text", "now": "double precision", "owner": "text",
             "game": "text", "idx": "integer", "seat": "integer", "action": "text",
             "at": "double precision"}
    numbers = {name: number for number, name in enumerate(names, 1)}
    sql = re.sub(r":(\w+)", lambda m: f"${numbers[m[1]]}::{types[m[1]]}", sql)
    return sql, names


def save(room_id: str, snapshot_json: str, saved_at: float, lease: str | None,
         action: ActionRecord | None) -> OneStatement:
    """The save of a room's snapshot with at most one action, under `lease` if given, as
    one statement (PostgreSQL); its value is False, as `save_room` answers when nothing is
    settled."""
    sql, names = _statement(lease is not None, action is not None)
    values = {"room": room_id, "snapshot": snapshot_json, "now": saved_at, "owner": lease}
    if action is not None:
        values.update(game=action.game_id, idx=action.index, seat=action.seat,
                      action=action.action, at=action.at)

    def answer(rows: list[tuple[Any, ...]]) -> bool:
        [(owner, expires_at, seat, text, saved)] = rows
        if lease is not None:
            leases.refuse_unless_held(room_id, lease, saved_at,
                                      None if owner is None else (owner, expires_at))
        if action is not None:
            if seat is not None:
                games.refuse_unless_same(action, seat, text)
            if not saved:
                raise ActionConflictError(f"game {action.game_id!r} action {action.index} "
                                          "was written by another transaction meanwhile")
        return False

    def refusal(error: sqlite3.IntegrityError) -> Exception:
        if action is None:  # only the action has a foreign key
            return error
        return UnknownRecordError(f"no game record {action.game_id!r} (start it first)")

    return OneStatement(sql, [values[name] for name in names], answer, refusal)
