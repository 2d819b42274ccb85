"""The seeded lot (抽签): tables and byes anyone can re-run from the published seed.

The seed is fixed when the competition is created; its SHA-256 commitment is shown from the
start and the seed itself is published when sign-up closes, before the first draw, so
nobody (the bot included) can pick a seed that favours someone after seeing the entrants.

The algorithm, for re-running by hand or in any language: entrants are their sign-up
numbers in increasing order; then a Fisher–Yates shuffle where, for i = n-1 down to 1,
    j = first 8 bytes of SHA-256("<seed>:<label>:<i>") as a big-endian integer, mod (i + 1)
and items i and j swap. Tables are consecutive runs of the shuffled list (three players,
or two for the two-player game); the 1 or 2 left over at the end get byes — except that byes
rotate (RULES §5): a player who had a bye in the stage before does not get one again while
another can take it, so the byes go to the last players of the shuffled list who had none,
and the tables are the rest in shuffled order. The label names the draw: "s1" for stage 1,
"s2p1" for the first play-off of stage 2, and so on.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")


def new_seed() -> str:
    """A fresh seed: 16 hex digits from the system's secure random source."""
    return secrets.token_hex(8)


def commitment(seed: str) -> str:
    """The SHA-256 of the seed in hex: published before the seed itself."""
    return hashlib.sha256(seed.encode()).hexdigest()


def _index(seed: str, label: str, i: int) -> int:
    digest = hashlib.sha256(f"{seed}:{label}:{i}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % (i + 1)


def lot(seed: str, label: str, items: Sequence[T]) -> list[T]:
    """The items shuffled by the seeded lot (see the module docstring)."""
    order = list(items)
    for i in range(len(order) - 1, 0, -1):
        j = _index(seed, label, i)
        order[i], order[j] = order[j], order[i]
    return order


@dataclass(frozen=True, slots=True)
class Draw:
    """The outcome of a draw: tables of entrant numbers in seat order, and the byes."""

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...]


def draw(numbers: Sequence[int], seed: str, label: str, table_size: int,
         had_bye: Sequence[int] = ()) -> Draw:
    """Seat entrants (by number, any order given) at tables; leftovers get byes, not again
    to those in `had_bye` while others can take them."""
    order = lot(seed, label, sorted(numbers))
    full = len(order) // table_size * table_size
    spare = len(order) - full
    byes = [n for n in reversed(order) if n not in had_bye][:spare]
    if len(byes) < spare:
        byes += [n for n in reversed(order) if n in had_bye][:spare - len(byes)]
    seated = [n for n in order if n not in byes]
    tables = tuple(tuple(seated[i:i + table_size]) for i in range(0, full, table_size))
    return Draw(tables, tuple(n for n in order if n in byes))


def spread(numbers: Sequence[int], seed: str, label: str, tables: int) -> list[list[int]]:
    """Deal entrants round-robin over `tables` tables after the lot (play-offs: the tied
    players as evenly spread as the seats allow)."""
    order = lot(seed, label, sorted(numbers))
    return [order[i::tables] for i in range(tables)]
