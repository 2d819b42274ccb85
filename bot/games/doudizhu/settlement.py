"""Settlement of a 斗地主 hand (RULES.md §1.5): pure arithmetic the storage layer calls.

Every function returns one integer per seat and every result sums to zero, except an escape
penalty that goes to the bank (RULES §1.5: 中途逃跑的用户所扣的分系统收回): that one sums to
minus the penalty, which the host books to the bank.
"""

from __future__ import annotations

from collections.abc import Sequence


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


def apply_bean_floor(scores: Sequence[int], balances: Sequence[int]) -> list[int]:
    """Scores cut so no loser pays more beans than they hold (豆子 tables).

    Each loser pays at most their balance; what the losers pay in total is shared among the
    winners in proportion to their original gains (largest remainders for the odd beans), so
    the result still sums to zero and no balance goes negative.
    """
    if len(scores) != len(balances):
        raise ValueError("one balance per seat")
    if sum(scores) != 0:
        raise ValueError("scores must sum to zero")
    paid = [max(0, min(-s, b)) if s < 0 else 0 for s, b in zip(scores, balances, strict=True)]
    total_paid = sum(paid)
    total_won = sum(s for s in scores if s > 0)
    if total_paid == total_won:
        return [-p if s < 0 else s for s, p in zip(scores, paid, strict=True)]
    gains = {i: s for i, s in enumerate(scores) if s > 0}
    shares = {i: total_paid * g // total_won for i, g in gains.items()}
    left = total_paid - sum(shares.values())
    # Largest remainder first; ties go to the lower seat so the result is deterministic.
    order = sorted(gains, key=lambda i: (-(total_paid * gains[i] % total_won), i))
    for i in order[:left]:
        shares[i] += 1
    return [shares.get(i, -paid[i]) for i in range(len(scores))]


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


def floor_losses(amounts: Sequence[int], balances: Sequence[int]) -> list[int]:
    """The bean floor for any settlement: zero-sum ones as `apply_bean_floor`; a penalty to
    the bank (nobody at the table gains) is cut to what each loser holds."""
    if sum(amounts) == 0 or any(a > 0 for a in amounts):
        return apply_bean_floor(amounts, balances)
    return [-min(-a, max(b, 0)) if a < 0 else a for a, b in zip(amounts, balances, strict=True)]


def no_bid_penalty_scores(players: int, first_bidder: int) -> list[int]:
    """Three all-pass deals in a row: the first bidder loses 4, the other two gain 2 each."""
    scores = [2] * players
    scores[first_bidder] = -2 * (players - 1)
    return scores
