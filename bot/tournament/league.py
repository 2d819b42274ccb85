"""The team league (工会斗地主比赛方案; RULES §5): teams of three, every team meets every
other, a match of two deals with the seats swapped, 2 / 1 / 0 points, two doublings a team.

Reading (docs/rules.md): teams sign up together by name (`/cup team <name>`). The lot orders
the teams once; the circle method gives the rounds (with an odd number of teams one team
sits each round out). A match between teams A and B (members in sign-up order a1 a2 a3,
b1 b2 b3) is two deals played at once at two tables: (a1, b1, a2) and, the seats swapped,
(b2, a3, b3) — each member plays one deal, each team holds two seats at one table and one at
the other. A team's match score is the sum of its members' scores (the deals are zero-sum,
so one team's score is minus the other's): above zero wins 2 league points, zero draws 1
each, below loses 0. A team may double (加倍) twice in the league, each time for its next
match: "加倍后胜利方所得积分翻倍，失败方不得分" — the winner of a doubled match takes 4 (a draw
stays 1 each). Standings: league points, then point difference (the sum of match scores),
then the lot.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.tournament.schedule import legs as round_robin_legs

TEAM_SIZE = 3
DOUBLINGS = 2  # 每支队伍有2次加倍的机会


def rounds(teams: list[str]) -> list[list[tuple[str, str]]]:
    """The league's rounds: pairs of team names (the circle method on the lot's order)."""
    index = {name: i for i, name in enumerate(teams)}
    by_number = {i: name for name, i in index.items()}
    return [[(by_number[a], by_number[b]) for a, b in leg]
            for leg in round_robin_legs(list(range(len(teams))), 2)]


def match_tables(first: list[int], second: list[int]) -> list[tuple[int, ...]]:
    """The two tables of a match between two teams' members (in sign-up order)."""
    a1, a2, a3 = first
    b1, b2, b3 = second
    return [(a1, b1, a2), (b2, a3, b3)]


@dataclass(frozen=True, slots=True)
class Match:
    """A finished match between two teams."""

    first: str
    second: str
    score: int  # the first team's match score (the second's is minus this)
    doubled: bool

    def points(self) -> tuple[int, int]:
        """League points of (first, second): 2 / 1 / 0, the winner's doubled when doubled."""
        win = 4 if self.doubled else 2
        if self.score > 0:
            return win, 0
        if self.score < 0:
            return 0, win
        return 1, 1


@dataclass(frozen=True, slots=True)
class Row:
    """One team's line in the standings."""

    team: str
    played: int
    won: int
    drawn: int
    lost: int
    points: int
    difference: int


def standings(teams: list[str], matches: list[Match]) -> list[Row]:
    """The league table: points, then point difference, then the lot's order (`teams`)."""
    rows: dict[str, list[int]] = {name: [0, 0, 0, 0, 0, 0] for name in teams}
    for match in matches:
        for name, score, points in ((match.first, match.score, match.points()[0]),
                                    (match.second, -match.score, match.points()[1])):
            row = rows[name]
            row[0] += 1
            row[1 if score > 0 else 2 if score == 0 else 3] += 1
            row[4] += points
            row[5] += score
    order = sorted(teams, key=lambda n: (-rows[n][4], -rows[n][5], teams.index(n)))
    return [Row(n, *rows[n]) for n in order]
