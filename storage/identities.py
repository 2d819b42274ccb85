"""One person on several platforms: link codes, linking and unlinking players.

`/link` on one platform makes a short code for the person's player (A); typing it on another
platform links the player seen there (B) to A: from then on B's platform identity plays with
A's wallet, record and leaderboard rows (`Storage.player` answers A). Both sides agree: A by
making the code (shown only to A), B by typing it, so linking moves B's balances into A's
wallet (one zero-sum ledger transaction per kind, key `link:…`) and adds B's standings to
A's. Unlinking parts B again with an empty wallet of its own: no bean moves back or is made,
and the shared record stays with A. These functions run inside the caller's transaction.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field

from storage import ledger
from storage.errors import LedgerError
from storage.records import KINDS
from storage.standings import COUNTERS

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread
CODE_LENGTH = 6
CODE_SECONDS = 600.0  # a code is typed within ten minutes or made again


@dataclass(frozen=True, slots=True)
class LinkResult:
    """What typing a link code did: `status` "linked", or why not ("bad_code",
    "same_player", "same_platform", "already_linked", "has_links")."""

    status: str
    into: int | None = None
    moved: dict[str, int] = field(default_factory=dict)


def canonical(conn: sqlite3.Connection, player_id: int) -> int:
    """The player whose wallet `player_id` plays with (itself unless linked)."""
    row = conn.execute("SELECT linked_to FROM players WHERE id = ?", (player_id,)).fetchone()
    return int(row[0]) if row is not None and row[0] is not None else player_id


def lookup(conn: sqlite3.Connection, platform: str, user_id: str) -> int | None:
    """The player a platform identity plays as (linked or its own), None if never seen."""
    row = conn.execute(
        "SELECT COALESCE(linked_to, id) FROM players WHERE platform = ? AND user_id = ?",
        (platform, user_id),
    ).fetchone()
    return None if row is None else int(row[0])


def make_code(conn: sqlite3.Connection, player_id: int, code: str, now: float) -> str:
    """Store `code` as the (one) live link code of the player's identity."""
    owner = canonical(conn, player_id)
    conn.execute("DELETE FROM link_codes WHERE player_id = ? OR expires_at < ?", (owner, now))
    conn.execute("INSERT INTO link_codes (code, player_id, expires_at) VALUES (?, ?, ?)",
                 (code, owner, now + CODE_SECONDS))
    return code


def link(conn: sqlite3.Connection, code: str, player_id: int, now: float,
         lock: bool) -> LinkResult:
    """Link `player_id` (who typed the code) to the code's maker, moving its balances."""
    row = conn.execute(
        "SELECT player_id FROM link_codes WHERE code = ? AND expires_at >= ?", (code, now)
    ).fetchone()
    if row is None:
        return LinkResult("bad_code")
    target = int(row[0])
    mine = conn.execute(
        "SELECT platform, linked_to FROM players WHERE id = ?", (player_id,)).fetchone()
    if target == player_id or mine[1] == target:
        return LinkResult("same_player")
    if mine[1] is not None:
        return LinkResult("already_linked")
    # One identity per platform in a wallet: the maker's, or one already linked to it.
    if conn.execute(
        "SELECT 1 FROM players WHERE (id = ? OR linked_to = ?) AND platform = ?",
        (target, target, mine[0]),
    ).fetchone():
        return LinkResult("same_platform")
    if conn.execute("SELECT 1 FROM players WHERE linked_to = ?", (player_id,)).fetchone():
        return LinkResult("has_links")
    conn.execute("DELETE FROM link_codes WHERE code = ?", (code,))
    moved = _move_balances(conn, player_id, target, now, lock)
    _merge_standings(conn, player_id, target)
    conn.execute("UPDATE players SET linked_to = ? WHERE id = ?", (target, player_id))
    return LinkResult("linked", target, moved)


def _move_balances(conn: sqlite3.Connection, source: int, target: int, now: float,
                   lock: bool) -> dict[str, int]:
    moved = {}
    suffix = " FOR UPDATE" if lock else ""  # no settlement may change it while it moves
    # Numbered: a player may link, unlink and link again, each a transaction of its own.
    earlier = conn.execute(
        "SELECT COUNT(DISTINCT key) FROM ledger_txns WHERE key LIKE ?", (f"link:{source}:%",)
    ).fetchone()[0]
    key = f"link:{source}:{target}:{int(earlier) + 1}"
    for kind in KINDS:
        row = conn.execute(
            f"SELECT amount FROM balances WHERE account_id = ? AND kind = ?{suffix}",
            (source, kind),
        ).fetchone()
        amount = int(row[0]) if row else 0
        if amount:
            if not ledger.book(conn, key, kind, {source: -amount, target: amount}, at=now,
                               on_boards=False, memo="linked accounts"):
                raise LedgerError(f"link transaction {key} ({kind}) was booked before")
            moved[kind] = amount
    return moved


def _merge_standings(conn: sqlite3.Connection, source: int, target: int) -> None:
    columns = ", ".join(COUNTERS)
    updates = ", ".join(f"{name} = standings.{name} + excluded.{name}" for name in COUNTERS)
    conn.execute(
        f"INSERT INTO standings (community_id, period, player_id, {columns})"
        f" SELECT community_id, period, ?, {columns} FROM standings WHERE player_id = ?"
        f" ON CONFLICT (community_id, period, player_id) DO UPDATE SET {updates}",
        (target, source),
    )
    conn.execute("DELETE FROM standings WHERE player_id = ?", (source,))


def unlink(conn: sqlite3.Connection, player_id: int) -> list[int]:
    """Part the player from its link (or, if others are linked to it, those from it); the
    players parted, none if there was no link."""
    row = conn.execute("SELECT linked_to FROM players WHERE id = ?", (player_id,)).fetchone()
    if row is not None and row[0] is not None:
        parted = [player_id]
    else:
        parted = [int(r[0]) for r in conn.execute(
            "SELECT id FROM players WHERE linked_to = ? ORDER BY id", (player_id,)).fetchall()]
    for parted_id in parted:
        conn.execute("UPDATE players SET linked_to = NULL WHERE id = ?", (parted_id,))
    return parted


def linked_players(conn: sqlite3.Connection, player_id: int) -> list[tuple[str, str]]:
    """(platform, display name) of every identity playing with this player's wallet."""
    owner = canonical(conn, player_id)
    rows = conn.execute(
        "SELECT platform, display_name FROM players WHERE id = ? OR linked_to = ? ORDER BY id",
        (owner, owner),
    ).fetchall()
    return [(str(platform), str(name)) for platform, name in rows]
