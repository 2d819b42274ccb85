"""Duplicate deals (复式赛): the same cards at every table, each result scored against the
other tables' results on the same deal, so the luck of the cards cancels out.

The lot seats the field once (people and the organiser's AI seats together) at tables of
the game's size. Deal k is dealt at every table from one seed, derived from the published
competition seed (`deal_seed`), so anyone can re-deal it; before deal k every table's seats
are rotated by k − 1 places (`seating`), so that over as many deals as a table has seats
everyone plays every seat's cards. A seat's duplicate score on a deal is the sum, over the
other tables, of its score minus the score of the same seat there (`deal_scores`): it sums
to zero over the tables for every seat, and a player who did better with the same cards
than the others did comes out ahead. Standings: the total over the deals.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

AI_BASE = -1  # AI seats are entrant numbers -1, -2, …: never a sign-up number


def ai_numbers(count: int) -> list[int]:
    """The numbers of `count` AI seats."""
    return [AI_BASE - i for i in range(count)]


def is_ai(number: int) -> bool:
    """An AI seat's number (not a person's sign-up number)."""
    return number < 0


def deal_seed(seed: str, deal: int) -> int:
    """The cards' seed of deal `deal` (from 1), the same at every table: the first 62 bits of
    SHA-256("<seed>:deal:<deal>")."""
    digest = hashlib.sha256(f"{seed}:deal:{deal}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def seating(base: Sequence[int], deal: int) -> tuple[int, ...]:
    """A table's seats at deal `deal` (from 1): its base seats rotated by deal − 1."""
    shift = (deal - 1) % len(base)
    return tuple(base[shift:]) + tuple(base[:shift])


def deal_scores(results: Sequence[Sequence[int]]) -> list[list[int]]:
    """Duplicate scores of one deal: per table, per seat, the seat's result minus the same
    seat's result at each other table, summed."""
    tables = len(results)
    out: list[list[int]] = []
    for here in range(tables):
        out.append([sum(results[here][seat] - results[other][seat]
                        for other in range(tables) if other != here)
                    for seat in range(len(results[here]))])
    return out
