"""The double-entry ledger: zero-sum transactions, balances, grants and daily relief (低保).

Every change of beans, points or cup is one row in `ledger_txns` with entries that sum to
zero, unique by (key, kind): booking the same key again changes nothing. Balances are the
sums of entries; `balances` caches them through a trigger that runs inside the booking
transaction, and `ledger_problems` checks both. These functions run on the database thread
inside a transaction that the caller opened.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from datetime import date

from storage.errors import LedgerError, UnknownRecordError
from storage.records import BANK, KINDS


def check_kind(kind: str) -> None:
    """Refuse a kind the ledger does not count."""
    if kind not in KINDS:
        raise LedgerError(f"unknown ledger kind {kind!r}; expected one of {KINDS}")


def check_zero_sum(kind: str, deltas: Mapping[int, int]) -> None:
    """Refuse amounts that are not whole numbers summing to zero."""
    check_kind(kind)
    for account, amount in deltas.items():
        if type(account) is not int or type(amount) is not int:
            raise LedgerError(f"accounts and amounts must be ints, got {account!r}: {amount!r}")
    total = sum(deltas.values())
    if total != 0:
        raise LedgerError(f"ledger transaction does not sum to zero ({total:+d}): {dict(deltas)}")


def book(
    conn: sqlite3.Connection,
    key: str,
    kind: str,
    deltas: Mapping[int, int],
    *,
    at: float,
    on_boards: bool,
    community_id: int | None = None,
    memo: str = "",
) -> bool:
    """Book one zero-sum transaction; False (and no change) if (key, kind) is booked already."""
    check_zero_sum(kind, deltas)
    entries = {account: amount for account, amount in deltas.items() if amount != 0}
    _check_accounts(conn, entries)
    inserted = conn.execute(
        "INSERT INTO ledger_txns (key, kind, community_id, on_boards, memo, at)"
        " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (key, kind) DO NOTHING RETURNING id",
        (key, kind, community_id, int(on_boards), memo, at),
    ).fetchall()
    if not inserted:
        return False
    txn_id = inserted[0][0]
    conn.executemany(
        "INSERT INTO ledger_entries (txn_id, account_id, kind, amount) VALUES (?, ?, ?, ?)",
        [(txn_id, account, kind, amount) for account, amount in sorted(entries.items())],
    )
    return True


def _check_accounts(conn: sqlite3.Connection, entries: Mapping[int, int]) -> None:
    if not entries:
        return
    wanted = sorted(entries)
    marks = ",".join("?" * len(wanted))
    rows = conn.execute(f"SELECT id FROM accounts WHERE id IN ({marks})", wanted)
    known = {row[0] for row in rows}
    missing = [account for account in wanted if account not in known]
    if missing:
        raise UnknownRecordError(f"no ledger account with id {missing}")


def is_booked(conn: sqlite3.Connection, key: str, kind: str) -> bool:
    """Whether a transaction with this key and kind exists."""
    row = conn.execute("SELECT 1 FROM ledger_txns WHERE key = ? AND kind = ?", (key, kind))
    return row.fetchone() is not None


def balance(conn: sqlite3.Connection, account: int, kind: str) -> int:
    """The cached balance of one account (0 if it never moved)."""
    check_kind(kind)
    row = conn.execute(
        "SELECT amount FROM balances WHERE account_id = ? AND kind = ?", (account, kind)
    ).fetchone()
    return int(row[0]) if row else 0


def balances(conn: sqlite3.Connection, accounts: Sequence[int], kind: str) -> dict[int, int]:
    """Cached balances of several accounts, 0 for those that never moved."""
    check_kind(kind)
    wanted = sorted(set(accounts))
    found = dict.fromkeys(wanted, 0)
    # Chunks stay under SQLite's limit on bound parameters.
    for start in range(0, len(wanted), 500):
        chunk = wanted[start : start + 500]
        marks = ",".join("?" * len(chunk))
        rows = conn.execute(
            f"SELECT account_id, amount FROM balances WHERE kind = ? AND account_id IN ({marks})",
            [kind, *chunk],
        )
        found.update({account: int(amount) for account, amount in rows})
    return found


def grant_key(player_id: int) -> str:
    """The ledger key of a player's starting grant (booked once)."""
    return f"grant:{player_id}"


def grant_start(conn: sqlite3.Connection, player_id: int, amount: int, at: float) -> bool:
    """Book the starting grant bank -> player once; True if it was booked now."""
    if amount <= 0:
        return False
    return book(
        conn, grant_key(player_id), "beans", {BANK: -amount, player_id: amount},
        at=at, on_boards=False, memo="starting grant",
    )


def relief(
    conn: sqlite3.Connection, player_id: int, day: date, *, threshold: int, level: int,
    at: float, lock: bool = False,
) -> int:
    """Top a broke player (balance < threshold) up to `level` once per day; the amount given.

    With `lock` (a server where several writers run at once) the balance is read FOR UPDATE,
    so no settlement changes it before the relief computed from it is booked.
    """
    if lock:
        row = conn.execute(
            "SELECT amount FROM balances WHERE account_id = ? AND kind = 'beans' FOR UPDATE",
            (player_id,),
        ).fetchone()
        current = int(row[0]) if row else 0
    else:
        current = balance(conn, player_id, "beans")
    amount = level - current
    if current >= threshold or amount <= 0:
        return 0
    booked = book(
        conn, f"relief:{player_id}:{day.isoformat()}", "beans",
        {BANK: -amount, player_id: amount}, at=at, on_boards=False, memo="daily relief",
    )
    return amount if booked else 0


def ledger_problems(conn: sqlite3.Connection, limit: int = 20) -> list[str]:
    """What is wrong with the books: unbalanced transactions, cached balances that drifted."""
    problems = [
        f"transaction {txn_id} ({key}, {kind}) sums to {total:+d}"
        for txn_id, key, kind, total in conn.execute(
            "SELECT t.id, t.key, t.kind, SUM(e.amount) FROM ledger_entries e"
            " JOIN ledger_txns t ON t.id = e.txn_id"
            " GROUP BY t.id, t.key, t.kind HAVING SUM(e.amount) <> 0 LIMIT ?",
            (limit,),
        )
    ]
    problems += [
        f"entries of a {entry_kind} transaction booked as {kind}"
        for entry_kind, kind in conn.execute(
            "SELECT e.kind, t.kind FROM ledger_entries e JOIN ledger_txns t ON t.id = e.txn_id"
            " WHERE e.kind <> t.kind LIMIT ?",
            (limit,),
        )
    ]
    # Compare both ways: a cached balance without entries, and entries without a balance.
    problems += [
        f"account {account} {kind}: cached {cached}, ledger says {summed}"
        for account, kind, cached, summed in conn.execute(
            "WITH sums AS (SELECT account_id, kind, SUM(amount) AS amount FROM ledger_entries"
            "  GROUP BY account_id, kind)"
            " SELECT b.account_id, b.kind, b.amount, COALESCE(s.amount, 0) FROM balances b"
            "  LEFT JOIN sums s USING (account_id, kind) WHERE b.amount <> COALESCE(s.amount, 0)"
            " UNION ALL"
            " SELECT s.account_id, s.kind, 0, s.amount FROM sums s"
            "  LEFT JOIN balances b USING (account_id, kind) WHERE b.account_id IS NULL"
            " LIMIT ?",
            (limit,),
        )
    ]
    return problems
