"""An admin's tools in the chat: bean adjustments through the ledger, the barred list, and
the audit log of every use (table `admin_log`, migration 0016).

A bean adjustment is one zero-sum ledger transaction between the bank and the player (as
the starting grant and the daily relief are), keyed `admin:<log id>` and with a memo naming
the admin and the reason: no bean is made or destroyed, and a player's balance never goes
below zero. These functions run on the database thread inside the caller's transaction.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from storage import ledger
from storage.records import BANK


@dataclass(frozen=True, slots=True)
class Adjusted:
    """What an adjustment did: booked or not (the player holds too few beans to take
    `amount` from), and the player's balance after it."""

    booked: bool
    balance: int


@dataclass(frozen=True, slots=True)
class AdminEntry:
    """One audited use of an admin tool."""

    at: float
    admin: str
    action: str
    target: str
    amount: int | None
    reason: str


def log(conn: sqlite3.Connection, community_id: int, admin_id: int, action: str, *,
        target_id: int | None = None, amount: int | None = None, reason: str = "",
        at: float) -> int:
    """Audit one use of a tool; the log row's id."""
    row = conn.execute(
        "INSERT INTO admin_log (community_id, admin_id, action, target_id, amount, reason, at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (community_id, admin_id, action, target_id, amount, reason, at),
    ).fetchone()
    return int(row[0])


def adjust_beans(conn: sqlite3.Connection, community_id: int, admin_id: int, admin_name: str,
                 player_id: int, amount: int, reason: str, *, at: float,
                 lock: bool = False) -> Adjusted:
    """Move `amount` beans bank → player (negative: player → bank), audited; refused (not
    booked, nothing written) when the player holds fewer than `-amount`."""
    if lock:  # a server with several writers: no settlement moves the balance meanwhile
        conn.execute("SELECT amount FROM balances WHERE account_id = ? AND kind = 'beans'"
                     " FOR UPDATE", (player_id,)).fetchall()
    have = ledger.balance(conn, player_id, "beans")
    if have + amount < 0:
        return Adjusted(False, have)
    entry = log(conn, community_id, admin_id, "beans", target_id=player_id, amount=amount,
                reason=reason, at=at)
    ledger.book(conn, f"admin:{entry}", "beans", {BANK: -amount, player_id: amount}, at=at,
                on_boards=False, community_id=community_id,
                memo=f"admin adjustment by {admin_name} (player {admin_id}): {reason}")
    return Adjusted(True, have + amount)


def bar(conn: sqlite3.Connection, community_id: int, admin_id: int, player_id: int,
        reason: str, *, at: float) -> bool:
    """Bar a player from the community's tables, audited; False if they were barred."""
    added = conn.execute(
        "INSERT INTO barred (community_id, player_id, by_id, reason, at) VALUES (?, ?, ?, ?, ?)"
        " ON CONFLICT (community_id, player_id) DO NOTHING RETURNING player_id",
        (community_id, player_id, admin_id, reason, at),
    ).fetchall()
    if added:
        log(conn, community_id, admin_id, "bar", target_id=player_id, reason=reason, at=at)
    return bool(added)


def unbar(conn: sqlite3.Connection, community_id: int, admin_id: int, player_id: int,
          reason: str, *, at: float) -> bool:
    """Let a barred player sit again, audited; False if they were not barred."""
    removed = conn.execute(
        "DELETE FROM barred WHERE community_id = ? AND player_id = ? RETURNING player_id",
        (community_id, player_id),
    ).fetchall()
    if removed:
        log(conn, community_id, admin_id, "unbar", target_id=player_id, reason=reason, at=at)
    return bool(removed)


def is_barred(conn: sqlite3.Connection, community_id: int, player_id: int) -> bool:
    """Whether the player is barred from the community's tables."""
    row = conn.execute("SELECT 1 FROM barred WHERE community_id = ? AND player_id = ?",
                       (community_id, player_id)).fetchone()
    return row is not None


def set_role(conn: sqlite3.Connection, community_id: int, admin_id: int, role: str | None,
             *, at: float) -> None:
    """Name (or with None, clear) the community's admin role, audited."""
    if role is None:
        conn.execute("DELETE FROM admin_roles WHERE community_id = ?", (community_id,))
    else:
        conn.execute(
            "INSERT INTO admin_roles (community_id, role, by_id, at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (community_id) DO UPDATE SET role = excluded.role,"
            " by_id = excluded.by_id, at = excluded.at",
            (community_id, role, admin_id, at))
    log(conn, community_id, admin_id, "role", reason=role or "", at=at)


def role_of(conn: sqlite3.Connection, community_id: int) -> str | None:
    """The community's admin role (None: only the admins)."""
    row = conn.execute("SELECT role FROM admin_roles WHERE community_id = ?",
                       (community_id,)).fetchone()
    return str(row[0]) if row else None


def adjustments(conn: sqlite3.Connection, player_id: int, limit: int = 5) -> list[AdminEntry]:
    """The latest bean adjustments made to a player, newest first (their history)."""
    rows = conn.execute(
        "SELECT l.at, p.display_name, l.action, t.display_name, l.amount, l.reason"
        " FROM admin_log l JOIN players p ON p.id = l.admin_id"
        " JOIN players t ON t.id = l.target_id"
        " WHERE l.target_id = ? AND l.action = 'beans' ORDER BY l.at DESC, l.id DESC LIMIT ?",
        (player_id, limit),
    ).fetchall()
    return [AdminEntry(float(at), admin, action, target, amount, reason)
            for at, admin, action, target, amount, reason in rows]


def audit(conn: sqlite3.Connection, community_id: int, limit: int = 1000) -> list[AdminEntry]:
    """A community's admin log, newest first."""
    rows = conn.execute(
        "SELECT l.at, p.display_name, l.action, COALESCE(t.display_name, ''), l.amount,"
        " l.reason FROM admin_log l JOIN players p ON p.id = l.admin_id"
        " LEFT JOIN players t ON t.id = l.target_id"
        " WHERE l.community_id = ? ORDER BY l.at DESC, l.id DESC LIMIT ?",
        (community_id, limit),
    ).fetchall()
    return [AdminEntry(float(at), admin, action, target, amount, reason)
            for at, admin, action, target, amount, reason in rows]


RECORD_COLUMNS = ("game_id", "game", "mode", "stake", "finished_at", "seat", "player_id",
                  "player", "role", "won", "delta")
"""The columns of a community's exported records: one row per person per finished hand."""


def records(conn: sqlite3.Connection, community_id: int) -> list[tuple[object, ...]]:
    """A community's finished hands, one row per person seated (RECORD_COLUMNS), oldest
    first; AI seats have no row (they are not people)."""
    return [tuple(row) for row in conn.execute(
        "SELECT g.game_id, g.game, g.mode, g.stake, g.finished_at, o.seat, o.player_id,"
        " p.display_name, COALESCE(o.role, ''), o.won, o.delta"
        " FROM games g JOIN outcomes o USING (game_id) JOIN players p ON p.id = o.player_id"
        " WHERE g.community_id = ? AND g.finished_at IS NOT NULL"
        " ORDER BY g.finished_at, g.game_id, o.seat",
        (community_id,),
    )]
