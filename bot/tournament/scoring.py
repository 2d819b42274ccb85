"""Competition scores of a hand under the sheets' scorings (RULES.md §4, §5).

The seat that played alone against the others is the hand summary's `alone` (the game's
record says who: 斗地主's landlord); the others are its opponents, partners of each other.
- `win_points`: instead of the zero-sum settlement, the seat alone scores 2 when it wins
  and each winning partner 1, doubled for each bomb or rocket played within the table's
  `bomb_cap` (as the engine's multiplier is); losers score 0.
- `event_bonus`: on top, +5 to a player for each bomb they play, +10 for a rocket, +1 to
  the seat alone when it wins, +2 to each winning partner, and to a winning partner left
  with fewer than 6 cards +2 (fewer than 3: +3).
- scoring `activity` (the activity sheet's 4.1 积分规则 as the whole score): those bonuses
  alone, no zero-sum settlement underneath.
- scoring `wins` (根据每个参赛者获得的胜利局数来决定): 1 for each hand won, 0 for a loss.
All read the finished hand's public view through its game's record, nothing hidden.
"""

from __future__ import annotations

from typing import Any

from bot.games import registry
from bot.games.cups import HandSummary

__all__ = ["HandSummary", "hand_points", "ruled_lost", "summary_of"]


def summary_of(game: str, public: dict[str, Any]) -> HandSummary | None:
    """The summary of a finished hand from the engine's public view, as its game reads it
    (None: the game offers no sheet scoring)."""
    entry = registry.module(game).cup_hand
    return None if entry is None else registry.load(entry)(public)  # type: ignore[no-any-return]


def hand_points(scores: list[int], hand: HandSummary, *, win_points: bool,
                event_bonus: bool, scoring: str = "points",
                bomb_cap: int | None = None) -> list[int]:
    """The competition score of each seat for one hand."""
    seats = range(len(scores))
    won = [(s == hand.alone) == hand.alone_won for s in seats]
    if scoring == "wins":
        return [1 if won[s] else 0 for s in seats]
    if scoring == "activity":
        points = [0] * len(scores)
        event_bonus = True
    elif win_points:
        bombs = sum(hand.bombs) + sum(hand.rockets)
        doubling = 2 ** (bombs if bomb_cap is None else min(bombs, bomb_cap))
        points = [(2 if s == hand.alone else 1) * doubling if won[s] else 0 for s in seats]
    else:
        points = list(scores)
    if event_bonus:
        for s in seats:
            points[s] += 5 * hand.bombs[s] + 10 * hand.rockets[s]
            if won[s]:
                points[s] += 1 if s == hand.alone else 2
                left = hand.cards_left[s]
                if s != hand.alone and 0 < left:  # the partner who did not go out
                    points[s] += 3 if left < 3 else 2 if left < 6 else 0
    return points


def ruled_lost(scores: list[int], hand: HandSummary, seat: int) -> tuple[list[int], HandSummary]:
    """判输 (询问或指点同伙出牌的一次判输，按地主手中牌计分): the hand as lost by `seat`'s side, at
    the stakes the hand was played for (each partner's stake is their score's size), and the
    summary as the sheet scorings then read it."""
    alone = hand.alone
    alone_won = seat != alone
    sign = 1 if alone_won else -1
    ruled = [0] * len(scores)
    for partner in (s for s in range(len(scores)) if s != alone):
        ruled[partner] = -sign * abs(scores[partner])
        ruled[alone] += sign * abs(scores[partner])
    return ruled, HandSummary(alone, alone_won, hand.bombs, hand.rockets, hand.cards_left)
