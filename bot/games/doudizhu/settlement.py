"""Settlement of a 斗地主 hand (RULES.md §1.5): pure arithmetic the storage layer calls.

Every function returns one integer per seat and every result sums to zero, except an escape
penalty that goes to the bank (RULES §1.5: 中途逃跑的用户所扣的分系统收回): that one sums to
minus the penalty, which the host books to the bank.
"""

from __future__ import annotations

from bot.games.stakes import apply_bean_floor, floor_losses  # noqa: F401 - every game's

# What each cause multiplies by (RULES §1.5, §2.1): ×2, except in the 癞子 modes' table a
# 硬炸, a 纯癞子炸, a long bomb and the rocket ×4 (a 软炸 ×2).
FACTORS = {"hard_bomb": 4, "pure_bomb": 4, "long_bomb": 4, "rocket_x4": 4}
BOMB_CAUSES = frozenset({"bomb", "rocket", "soft_bomb", "hard_bomb", "pure_bomb", "long_bomb",
                         "rocket_x4"})


def multiplier_of(causes: tuple[str, ...]) -> int:
    """The product of the causes' factors."""
    result = 1
    for cause in causes:
        result *= FACTORS.get(cause, 2)
    return result


def double_factor(doubled: bool | int | None) -> int:
    """加倍: ×2; 超级加倍 (kept as 4): ×4; none: ×1."""
    if doubled is True:
        return 2
    return 4 if doubled == 4 else 1


def farmer_stake(base: int, multiplier: int, farmer_doubled: bool | int | None,
                 landlord_doubled: bool | int | None, room_stake: int = 1) -> int:
    """What one farmer and the landlord play for: stake × base × multiplier × doublings
    (each double ×2, a 超级加倍 ×4)."""
    return (room_stake * base * multiplier
            * double_factor(farmer_doubled) * double_factor(landlord_doubled))


def hand_scores(players: int, landlord: int, landlord_won: bool,
                stakes: dict[int, int]) -> list[int]:
    """Per-seat result: each farmer pays the landlord their stake, or the landlord pays each.

    `stakes` maps each farmer seat to its stake (see `farmer_stake`).
    """
    scores = [0] * players
    sign = 1 if landlord_won else -1
    for farmer, stake in stakes.items():
        scores[farmer] -= sign * stake
        scores[landlord] += sign * stake
    return scores


def escape_scores(players: int, quitter: int, penalty: int, to_players: bool = False) -> list[int]:
    """A quitter forfeits `penalty`: to the bank (the others neither win nor lose, the hand
    is void), or with `to_players` shared equally among the others.

    When a shared penalty does not split evenly each share is rounded up, so a quitter never
    pays less than the rule says and the sum stays zero.
    """
    if not to_players:
        scores = [0] * players
        scores[quitter] = -penalty
        return scores
    others = players - 1
    share = -(-penalty // others)
    scores = [share] * players
    scores[quitter] = -share * others
    return scores


def no_bid_penalty_scores(players: int, first_bidder: int) -> list[int]:
    """Three all-pass deals in a row: the first bidder loses 4, the other two gain 2 each."""
    scores = [2] * players
    scores[first_bidder] = -2 * (players - 1)
    return scores
