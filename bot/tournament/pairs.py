"""Partnership knockouts (打棒子比赛规则, RULES §6: 单淘汰制, teams of two formed freely,
opponents drawn by lot), for games whose seats play in partnerships
(`GameModule.competition_teams`).

Reading (docs/rules.md): teams sign up together by name (`/cup team <name>`), two to a
team. Each round the seeded lot orders the teams still in ("s<round>"); consecutive teams
meet, and with an odd number the last team in that order that had no bye in the round
before sits the round out (byes rotate, RULES §5). At a table the teams sit alternately —
(a1, b1, a2, b2): seats 0 and 2 one team, 1 and 3 the other, as the game seats partners —
and play `hands` games (the preset: one whole match, `match=on`). The team with the higher
total goes on; equal totals play `tie_hands` more, round after round. The last two teams
meet in the final; the winners place first, the runners-up second, and the teams beaten in
the round before the final share third.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.tournament.draw import lot


@dataclass(frozen=True, slots=True)
class Round:
    """One round's draw: the matches (pairs of team names, in lot order) and the bye."""

    matches: tuple[tuple[str, str], ...]
    bye: str | None


def draw_round(teams: Sequence[str], seed: str, label: str,
               had_bye: str | None = None) -> Round:
    """Pair the teams still in by the seeded lot; an odd one out gets the bye, not the
    team that had the last one while another can take it."""
    order = lot(seed, label, sorted(teams))
    bye = None
    if len(order) % 2:
        bye = next((t for t in reversed(order) if t != had_bye), order[-1])
        order.remove(bye)
    return Round(tuple((order[i], order[i + 1]) for i in range(0, len(order), 2)), bye)


def seats(first: Sequence[int], second: Sequence[int]) -> list[int]:
    """A table's seats for two teams' members: the partners sit alternately."""
    return [n for pair in zip(first, second, strict=True) for n in pair]

