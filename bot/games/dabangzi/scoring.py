"""How one hand of 打棒子 ends: 抠底, levels up, the deal passing, 吃血 (docs/rules.md §6).

The attackers (闲家) count their points; the common 升级 table turns them into levels:
0 points, the dealer's team (庄家) up 3 and, by the sheet's clause 7, the match over; under
40 up 2; under 80 up 1; from 80 the attackers take the deal, up one level per 40 over 80.
160 and more is 吃血 for the attackers. When a joker was buried (扣王), winning the last
trick (抠底) wins the hand for the attackers with a level and 吃血, and the dealer's team
winning takes 吃血 too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

LINE = 80  # the attackers take the deal from 80 points
STEP = 40  # a level per 40 points (either way)
BLOOD_LINE = 160  # 吃血 for the attackers (the sheet's clause 3)
TOP = 12  # the index of A among the levels; a team past it wins the match


def team_of(seat: int) -> int:
    """Seats 0 and 2 are team 0, seats 1 and 3 team 1."""
    return seat % 2


def dig_multiplier(lead_cards: int, ganguo: bool) -> int:
    """The kitty's points count 2 × the cards of the last lead (×2 again for 干锅)."""
    return 2 * lead_cards * (2 if ganguo else 1)


@dataclass(frozen=True, slots=True)
class HandResult:
    """One finished hand: who dealt, the points, what the levels and the deal did."""

    number: int
    dealer: int
    level: str
    points: int  # the attackers' points, the kitty's included
    kitty: tuple[str, ...]
    kitty_points: int  # what 抠底 added (0 if the dealer's team won the last trick)
    multiplier: int  # the 抠底 multiplier (0 if no 抠底)
    ganguo: bool  # 干锅: the kitty held no trump, or only trumps
    jokers_buried: bool  # 扣王
    winner: int  # the team that won the hand
    levels: int  # levels the winner went up
    blood: bool  # 吃血 for the winner
    next_dealer: int
    shutout: bool  # the attackers took 0 points (the sheet's clause 7)

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"number": self.number, "dealer": self.dealer, "level": self.level,
                "points": self.points, "kitty": list(self.kitty),
                "kitty_points": self.kitty_points, "multiplier": self.multiplier,
                "ganguo": self.ganguo, "jokers_buried": self.jokers_buried,
                "winner": self.winner, "levels": self.levels, "blood": self.blood,
                "next_dealer": self.next_dealer, "shutout": self.shutout}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HandResult:
        """Inverse of to_dict."""
        return cls(**{**data, "kitty": tuple(data["kitty"])})


def settle_hand(*, number: int, dealer: int, level: str, points: int, kitty: tuple[str, ...],
                kitty_points: int, multiplier: int, ganguo: bool, jokers_buried: bool,
                attackers_dug: bool) -> HandResult:
    """The result of a hand from the attackers' points (kitty included) and the last trick."""
    attackers = 1 - team_of(dealer)
    shutout = points == 0
    if jokers_buried and attackers_dug:  # 抠底升级吃血
        levels = max(1, (points - LINE) // STEP) if points >= LINE else 1
        return HandResult(number, dealer, level, points, kitty, kitty_points, multiplier,
                          ganguo, jokers_buried, attackers, levels, True, (dealer + 1) % 4,
                          shutout)
    if points >= LINE:
        levels = (points - LINE) // STEP
        return HandResult(number, dealer, level, points, kitty, kitty_points, multiplier,
                          ganguo, jokers_buried, attackers, levels, points >= BLOOD_LINE,
                          (dealer + 1) % 4, shutout)
    levels = 3 if shutout else 2 if points < STEP else 1
    return HandResult(number, dealer, level, points, kitty, kitty_points, multiplier, ganguo,
                      jokers_buried, team_of(dealer), levels, jokers_buried,
                      (dealer + 2) % 4, shutout)


def hand_scores(result: HandResult) -> tuple[int, ...]:
    """A hand settled alone: the winners' levels (and 1 for 吃血) from each loser."""
    amount = result.levels + (1 if result.blood else 0)
    return tuple(amount if team_of(seat) == result.winner else -amount for seat in range(4))


def hand_winners(public: Mapping[str, Any]) -> list[bool]:
    """Per seat, whether its team won the game's last hand (the attackers who take the deal
    win it, with or without a level): a single hand's tiebreak in a competition."""
    results = public.get("results") or []
    if not results:
        return [False] * 4
    winner = int(results[-1]["winner"])
    return [team_of(seat) == winner for seat in range(4)]


MATCH_WIN = 2  # what winning the match is worth, before the 吃血 taken and given


def match_scores(winner: int, blood: tuple[int, int]) -> tuple[int, ...]:
    """A match settled: 2 to each winner from each loser, plus each 吃血 taken, less given."""
    team = tuple(MATCH_WIN * (1 if t == winner else -1) + blood[t] - blood[1 - t]
                 for t in (0, 1))
    return tuple(team[team_of(seat)] for seat in range(4))
