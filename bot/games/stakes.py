"""Money rules shared by every game: the bean floor (RULES §1.5, "nobody pays more beans
than they hold"), applied by the host to any game's amounts in a beans room."""

from __future__ import annotations

from collections.abc import Sequence


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


def floor_losses(amounts: Sequence[int], balances: Sequence[int]) -> list[int]:
    """The bean floor for any settlement: zero-sum ones as `apply_bean_floor`; a penalty to
    the bank (nobody at the table gains) is cut to what each loser holds."""
    if sum(amounts) == 0 or any(a > 0 for a in amounts):
        return apply_bean_floor(amounts, balances)
    return [-min(-a, max(b, 0)) if a < 0 else a for a, b in zip(amounts, balances, strict=True)]
