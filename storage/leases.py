"""Room leases: one bot process owns a room at a time, until its lease expires.

A lease is a row (room, owner, expiry). Taking one succeeds when there is none, when the
taker already holds it, when it expired, or when its owner parked it (owner ''): one
upsert, so two processes racing for a room cannot both win. A process parks the rooms it
lets go of while nothing runs in them (a lobby, a finished hand), so that whichever process
hears of the room next takes it; a room whose owner died holding it is an orphan, taken
over by another process (`orphans`). The owner's heartbeat renews all its leases in one
statement; a process that stops renewing (killed, hung, cut off) loses its rooms to whoever
takes them next. Every save of a leased room checks the lease in its own transaction
(`check_held`), so a process that lost a lease without noticing cannot write over its
successor.
These functions run inside a transaction the caller opened; times are epoch seconds.
"""

from __future__ import annotations

import sqlite3

from storage.errors import LeaseLostError
from storage.transport import OneStatement


def acquire(conn: sqlite3.Connection, room_id: str, owner: str, now: float, ttl: float) -> bool:
    """Take or renew the room's lease; False if another owner holds it unexpired."""
    rows = conn.execute(
        "INSERT INTO room_leases (room_id, owner, expires_at) VALUES (?, ?, ?)"
        " ON CONFLICT (room_id) DO UPDATE SET owner = excluded.owner,"
        " expires_at = excluded.expires_at"
        " WHERE room_leases.owner IN (excluded.owner, '') OR room_leases.expires_at < ?"
        " RETURNING room_id",
        (room_id, owner, now + ttl, now),
    ).fetchall()
    return bool(rows)


def renew(owner: str, now: float, ttl: float) -> OneStatement:
    """Extend every lease still in `owner`'s name; the rooms it still holds. A lease that
    expired but that nobody took is still the owner's: nobody else can have written. One
    statement, urgent: it overtakes the writes queued (a batch waiting for another
    process's lock must not hold the heartbeat up past the leases it renews)."""
    return OneStatement(
        "UPDATE room_leases SET expires_at = ? WHERE owner = ? RETURNING room_id",
        (now + ttl, owner), lambda rows: {room_id for (room_id,) in rows}, urgent=True)


PARKED = ""  # the owner of a room nobody needs to drive now


def release(conn: sqlite3.Connection, room_ids: list[str], owner: str) -> None:
    """Park rooms (only those `owner` holds): free to take, and no orphans."""
    for room_id in room_ids:
        conn.execute(
            "UPDATE room_leases SET owner = '' WHERE room_id = ? AND owner = ?", (room_id, owner)
        )


def expire(conn: sqlite3.Connection, room_ids: list[str], owner: str) -> None:
    """End `owner`'s leases of rooms now, kept in its name: orphans any process (this one
    too) takes over from their last save."""
    for room_id in room_ids:
        conn.execute(
            "UPDATE room_leases SET expires_at = 0 WHERE room_id = ? AND owner = ?",
            (room_id, owner),
        )


def check_held(conn: sqlite3.Connection, room_id: str, owner: str, now: float) -> None:
    """Refuse (LeaseLostError, rolling the save back) unless `owner` holds the room's lease."""
    row = conn.execute(
        "SELECT owner, expires_at FROM room_leases WHERE room_id = ?", (room_id,)
    ).fetchone()
    refuse_unless_held(room_id, owner, now, None if row is None else (row[0], row[1]))


def refuse_unless_held(room_id: str, owner: str, now: float,
                       lease: tuple[str, float] | None) -> None:
    """LeaseLostError unless `lease` (the room's lease row: owner, expiry; None if it has
    none) is `owner`'s and unexpired at `now`."""
    if lease is None or lease[0] != owner or lease[1] < now:
        holder = "nobody" if lease is None else f"{lease[0]} until {lease[1]:.0f}"
        raise LeaseLostError(f"room {room_id!r} is not leased to {owner} (held by {holder})")


def orphans(conn: sqlite3.Connection, now: float) -> list[str]:
    """Saved rooms whose owner's lease expired, or that never had one: to take over."""
    rows = conn.execute(
        "SELECT r.room_id FROM rooms r LEFT JOIN room_leases l ON l.room_id = r.room_id"
        " WHERE l.room_id IS NULL OR (l.expires_at < ? AND l.owner <> '') ORDER BY r.room_id",
        (now,),
    ).fetchall()
    return [room_id for (room_id,) in rows]


def holders(conn: sqlite3.Connection, now: float) -> dict[str, str]:
    """room id -> owner of every unexpired, unparked lease (for operators and tests)."""
    rows = conn.execute(
        "SELECT room_id, owner FROM room_leases WHERE expires_at >= ? AND owner <> ''", (now,)
    ).fetchall()
    return {room_id: owner for room_id, owner in rows}
