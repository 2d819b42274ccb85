"""The round-robin final (决赛：采用单循环赛制): legs of tables in which every finalist meets
every other (RULES §5).

`legs(order, size)` takes the finalists in the seeded lot's order and gives the legs, each a
list of tables (tuples of entrant numbers in seat order); the players not seated in a leg sit
it out. Two-player tables: the circle method (n − 1 legs, or n with an odd n, one player
sitting out each leg). Three-player tables: three finalists are one table; nine are the
affine plane of order 3 (four legs of three tables: every pair meets exactly once and
everyone plays every leg); seven are the Fano plane (seven legs of one table, each player at
three). Other numbers cannot meet every pair exactly once with equal hands: the
competition never sends them to a round-robin final (`single_round_robin`); the greedy
cover below stays for saved competitions only.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

Leg = list[tuple[int, ...]]


def legs(order: Sequence[int], size: int) -> list[Leg]:
    """The legs of a round robin of `order` at tables of `size` (2 or 3)."""
    players = list(order)
    if size == 2:
        return _circle(players)
    if len(players) == 3:
        return [[tuple(players)]]
    if len(players) == 7:
        return _fano_plane(players)
    if len(players) == 9:
        return _affine_plane(players)
    return _greedy(players)


def single_round_robin(count: int, size: int) -> bool:
    """Whether `count` finalists can meet every other exactly once at tables of `size`, each
    playing as many tables as the others (单循环): any number of two-player finalists; for
    three, 3, 7 or 9 (the Steiner triple systems up to the competition's 12)."""
    return count >= size and (size == 2 or count in ROUND_ROBIN_SIZES)


def round_robin_size(most: int, size: int) -> int:
    """The largest number of finalists, at most `most`, that a single round robin seats."""
    return max(n for n in range(size, max(most, size) + 1) if single_round_robin(n, size))


ROUND_ROBIN_SIZES = (3, 7, 9)  # three-player tables: n ≡ 1 or 3 (mod 6), up to 12


def _fano_plane(players: list[int]) -> list[Leg]:
    # The seven lines of the Fano plane ({0, 1, 3} + k mod 7): every pair exactly once,
    # each player at three of them. Any two lines share a player: one table a leg.
    return [[tuple(players[(k + d) % 7] for d in (0, 1, 3))] for k in range(7)]


def _circle(players: list[int]) -> list[Leg]:
    ring: list[int | None] = [*players, None] if len(players) % 2 else list(players)
    n = len(ring)
    out: list[Leg] = []
    for _ in range(n - 1):
        pairs = [(ring[i], ring[n - 1 - i]) for i in range(n // 2)]
        out.append([(a, b) for a, b in pairs if a is not None and b is not None])
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return out


def _affine_plane(players: list[int]) -> list[Leg]:
    def at(x: int, y: int) -> int:
        return players[3 * x + y]

    out: list[Leg] = [[tuple(at(x, y) for y in range(3)) for x in range(3)]]
    for slope in range(3):
        out.append([tuple(at(x, (slope * x + c) % 3) for x in range(3)) for c in range(3)])
    return out


def _greedy(players: list[int]) -> list[Leg]:
    unmet = {frozenset(p) for p in combinations(players, 2)}
    out: list[Leg] = []
    while unmet:
        free, leg = list(players), []
        while len(free) >= 3:
            best = max(combinations(free, 3),
                       key=lambda t: sum(frozenset(p) in unmet for p in combinations(t, 2)))
            if not any(frozenset(p) in unmet for p in combinations(best, 2)):
                break
            leg.append(best)
            unmet -= {frozenset(p) for p in combinations(best, 2)}
            free = [n for n in free if n not in best]
        out.append(leg)
    return out
