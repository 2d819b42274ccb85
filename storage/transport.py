"""What a transport is: how a job of the SQL core (storage/core.py) reaches a database.

A job is a plain function of a DB-API style connection (`conn.execute(sql, params)` with `?`
placeholders, `.fetchall()`, `.fetchone()`, `.rowcount`): every statement of the storage is
written once, in the core and the modules it calls. A transport runs a read job in one
consistent read transaction and a write job in a write transaction of its own or in a
savepoint of a group commit; either way a job is all or nothing and its call returns once it
committed. Two transports implement it, independent of each other: storage/sqlite.py and
storage/postgres.py; storage/factory.py picks one.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol, TypeVar

T = TypeVar("T")
Job = Callable[[Any], Any]


class Transport(Protocol):
    """A database the core's jobs run on."""

    dialect: str  # "sqlite" | "postgres": the few statements that differ pick by it
    row_locks: bool  # whether a balance read in a write must lock its row (FOR UPDATE)

    async def read(self, job: Callable[[Any], T]) -> T:
        """Run a read job in one read transaction (one state of the database)."""

    async def read_now(self, job: Callable[[Any], T]) -> T:
        """Run a short read job (a lookup by key) the cheapest way the database allows:
        SQLite on the event loop's own connection, PostgreSQL as any read."""

    async def write(self, job: Callable[[Any], T]) -> T:
        """Run a write job all or nothing; return once it committed."""

    async def close(self) -> None:
        """Finish the writes queued and in flight, then close the connections."""


class OneStatement:
    """A write job that is one statement (`sql`, its `params`) and what its rows of answer
    mean (`answer`: the job's value, or its refusal raised). When it raises, it has written
    nothing (the statement checks what the job checks), and run twice it writes the same.
    So a transport may run it as a transaction of its own, without BEGIN and COMMIT, and
    send it again after a connection was lost during it; in a batch it runs in a savepoint
    like any other job. A constraint it violates comes back as
    `refusal(sqlite3.IntegrityError)`, raised. An `urgent` one (the leases' heartbeat) must
    not wait behind other writes: it may overtake those queued."""

    __slots__ = ("answer", "params", "refusal", "sql", "urgent")

    def __init__(self, sql: str, params: Sequence[Any], answer: Callable[[list[Any]], Any],
                 refusal: Callable[[sqlite3.IntegrityError], Exception] | None = None, *,
                 urgent: bool = False) -> None:
        self.sql = sql
        self.params = params
        self.answer = answer
        self.refusal = refusal or _same
        self.urgent = urgent

    def __call__(self, conn: Any) -> Any:
        """Run it as a job on a DB-API connection (in a savepoint of a batch, say)."""
        try:
            rows = conn.execute(self.sql, self.params).fetchall()
        except sqlite3.IntegrityError as error:
            raise self.refusal(error) from error
        return self.answer(rows)


def _same(error: sqlite3.IntegrityError) -> Exception:
    return error


async def commit_batch(batch: Sequence[tuple[Job, asyncio.Future[Any]]],
                       commit: Callable[[list[Job]], Awaitable[list[tuple[bool, Any]]]]) -> None:
    """Commit a batch of queued write jobs with `commit` (one transaction: (ok, value or
    error) per job) and give each caller its result; a failed BEGIN or COMMIT fails every
    job, a cancellation cancels them all."""
    try:
        results = await commit([job for job, _ in batch])
    except Exception as error:  # BEGIN or COMMIT failed: nobody's job committed
        results = [(False, error)] * len(batch)
    except BaseException:
        for _, done in batch:
            done.cancel()
        raise
    for (_, done), (ok, value) in zip(batch, results, strict=True):
        if done.done():  # the caller was cancelled; its job still committed
            continue
        if ok:
            done.set_result(value)
        else:
            done.set_exception(value)
