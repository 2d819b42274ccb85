"""Settlement of a 斗地主 hand (RULES.md §1.5): pure arithmetic the storage layer calls.

Every function returns one integer per seat and every result sums to zero, except an escape
penalty that goes to the bank (RULES §1.5: 中途逃跑的用户所扣的分系统收回): that one sums to
minus the penalty, which the host books to the bank.
"""

from __future__ import annotations

from bot.games.stakes import apply_bean_floor, floor_losses  # noqa: F401 - every game's


def farmer_stake(base: int, multiplier: int, farmer_doubled: bool, landlord_doubled: bool,
                 room_stake: int = 1) -> int:
    """What one farmer and the landlord play for: stake × base × multiplier × doublings."""
    return (room_stake * base * multiplier
            * (2 if farmer_doubled else 1) * (2 if landlord_doubled else 1))


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
