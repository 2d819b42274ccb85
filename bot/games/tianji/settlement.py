"""The three-round settlement of a 田忌赛马 table (RULES.md §3.5, two players §3.6).

Everything works on dense ranks (`ranking`): group A the card index, group B `b_rank`,
group C the linear `c_rank` (the 渣牌/豹子 cycle applied where the rules compare hands in
pairs). Results are in stake units and every round sums to zero.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.tianji.arrangement import Arrangement
from bot.games.tianji.ranking import a_key, b_rank, c_rank, c_rank_beats, tables

WEIGHTS = (1, 2, 3)  # groups A, B, C
BAOZI_UNITS = 10  # round 1, per opponent (豹子)
SWEEP_TABLE_UNITS = 15  # round 3, a player who sweeps / is swept by the whole table
SWEEP_PAIR_UNITS = 10  # round 3, one pair in which one side wins all three groups (通杀)

ROUND1_NONE = "none"
ROUND1_BAOZI = "baozi"  # some 豹子, no 渣牌
ROUND1_ZHA = "zha"  # 豹子 and 渣牌: the lowest 渣牌 takes it all from the highest 豹子


@dataclass(frozen=True, slots=True)
class GroupRanks:
    """One player's groups as dense ranks."""

    a: int
    b: int
    c: int

    @classmethod
    def of(cls, arrangement: Arrangement) -> GroupRanks:
        """Ranks of an arrangement."""
        return cls(a_key(arrangement.a), b_rank(arrangement.b), c_rank(arrangement.c))


@dataclass(frozen=True, slots=True)
class Settlement:
    """Per-round and total results of one table, and who did what (for announcements)."""

    rounds: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    round1: str  # ROUND1_NONE / ROUND1_BAOZI / ROUND1_ZHA
    round1_winner: int | None
    round1_loser: int | None  # the highest 豹子 in the 渣牌 case; None when everyone pays
    extremes: tuple[tuple[int, int] | None, ...]  # (highest, lowest) per group; None: sat out
    sweeper: int | None  # 通杀 of the whole table (15 units from each)
    swept: int | None  # swept by the whole table (15 units to each)
    pairs: tuple[tuple[int, int, int], ...]  # (i, j, units i wins from j) in round 3

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's result: the three rounds summed."""
        return tuple(sum(r) for r in zip(*self.rounds, strict=True))

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "rounds": [list(r) for r in self.rounds], "totals": list(self.totals),
            "round1": self.round1, "round1_winner": self.round1_winner,
            "round1_loser": self.round1_loser,
            "extremes": [None if e is None else list(e) for e in self.extremes],
            "sweeper": self.sweeper, "swept": self.swept,
            "pairs": [list(p) for p in self.pairs],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settlement:
        """Inverse of to_dict."""
        return cls(
            tuple(tuple(r) for r in data["rounds"]),  # type: ignore[arg-type]
            data["round1"], data["round1_winner"], data["round1_loser"],
            tuple(None if e is None else (e[0], e[1]) for e in data["extremes"]),
            data["sweeper"], data["swept"], tuple(tuple(p) for p in data["pairs"]),  # type: ignore[misc]
        )


def pair_units(first: GroupRanks, second: GroupRanks) -> int:
    """What `first` wins from `second` in a round-3 pair: ±1 ±2 ±3, or ±10 for 通杀."""
    wins = (first.a > second.a, first.b > second.b, c_rank_beats(first.c, second.c))
    if all(wins):
        return SWEEP_PAIR_UNITS
    if not any(wins):
        return -SWEEP_PAIR_UNITS
    return sum(w if won else -w for w, won in zip(WEIGHTS, wins, strict=True))


def settle(arrangements: Sequence[Arrangement]) -> Settlement:
    """Settle a table of 2–6 revealed arrangements."""
    return settle_ranks([GroupRanks.of(x) for x in arrangements])


def settle_ranks(players: Sequence[GroupRanks]) -> Settlement:
    """Settle a table given each player's group ranks."""
    n = len(players)
    if not 2 <= n <= 6:
        raise ValueError("a table has 2–6 players")
    t = tables()
    seats = range(n)
    round1 = [0] * n
    round2 = [0] * n
    round3 = [0] * n

    # Round 1: 豹子 and 渣牌.
    baozi = [i for i in seats if players[i].c >= t.leopard_min]
    zha = [i for i in seats if players[i].c < t.zha_limit]
    kind, winner, loser = ROUND1_NONE, None, None
    if baozi:
        top = max(baozi, key=lambda i: players[i].c)
        if zha:
            kind, winner, loser = ROUND1_ZHA, min(zha, key=lambda i: players[i].c), top
            round1[winner] += BAOZI_UNITS * (n - 1)
            round1[loser] -= BAOZI_UNITS * (n - 1)
        else:
            kind, winner = ROUND1_BAOZI, top
            for i in seats:
                if i != top:
                    round1[i] -= BAOZI_UNITS
                    round1[top] += BAOZI_UNITS

    # Round 2: in each group the highest wins from the lowest (linear C order).
    extremes: list[tuple[int, int] | None] = [None, None, None]
    if n > 2:
        columns = ([p.a for p in players], [p.b for p in players], [p.c for p in players])
        for group, (weight, column) in enumerate(zip(WEIGHTS, columns, strict=True)):
            if group == 2 and kind == ROUND1_ZHA:
                continue  # C sits out after the 渣牌-takes-豹子 case
            high = max(seats, key=column.__getitem__)
            low = min(seats, key=column.__getitem__)
            round2[high] += weight
            round2[low] -= weight
            extremes[group] = (high, low)

    # Round 3: the table-wide 通杀 check (3+ players), then the remaining pairs.
    units = [[0] * n for _ in seats]
    for i in seats:
        for j in range(i + 1, n):
            units[i][j] = pair_units(players[i], players[j])
            units[j][i] = -units[i][j]
    sweeper = swept = None
    if n > 2:
        sweeper = next((i for i in seats
                        if all(units[i][j] == SWEEP_PAIR_UNITS for j in seats if j != i)), None)
        swept = next((i for i in seats
                      if all(units[i][j] == -SWEEP_PAIR_UNITS for j in seats if j != i)), None)
        for star, sign in ((sweeper, 1), (swept, -1)):
            if star is None:
                continue
            for j in seats:
                if j != star and not (sign == -1 and j == sweeper):  # that pair: once, at 15
                    round3[star] += sign * SWEEP_TABLE_UNITS
                    round3[j] -= sign * SWEEP_TABLE_UNITS
    out = {sweeper, swept}
    pairs: list[tuple[int, int, int]] = []
    for i in seats:
        for j in range(i + 1, n):
            if i not in out and j not in out:
                round3[i] += units[i][j]
                round3[j] -= units[i][j]
                pairs.append((i, j, units[i][j]))

    return Settlement((tuple(round1), tuple(round2), tuple(round3)), kind, winner, loser,
                      tuple(extremes), sweeper, swept, tuple(pairs))
