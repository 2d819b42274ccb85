"""The arrangement solver: which of the 60 splits of six cards does best at this table.

`best_arrangement` estimates, for every arrangement, the expected result (all three rounds of
§3.5/§3.6) against opponents dealt at random from the unseen 46 cards and arranged sensibly
(`sensible_ranks`: the split with the best weighted strength, a fast static rule), on the
same sampled tables for every candidate (common random numbers, so the comparison between
candidates is much less noisy than each estimate).

Speed comes from working on dense ranks and, per sampled table, on bit masks over the
opponents: a candidate is only three table look-ups (A, B, C) and a few bit operations; the
exact equality with `settlement.settle` is a test.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations

from bot.cards import Card
from bot.games.tianji.arrangement import Arrangement, high_first
from bot.games.tianji.ranking import B_HANDS, C_HANDS, card_index, index_card, tables
from bot.games.tianji.settlement import (
    BAOZI_UNITS,
    SWEEP_PAIR_UNITS,
    SWEEP_TABLE_UNITS,
)

SAMPLES = 60
"""Sampled opponent tables per decision: the edge over the heuristic barely grows past ~40
(benchmarks/tianji.py), and 60 keeps a 6-player decision near 8 ms."""

PAIRS6 = tuple(combinations(range(6), 2))  # positions of group B among six sorted cards
TRIPLES6 = tuple(combinations(range(6), 3))  # positions of group C


def _layout() -> tuple[tuple[int, int, int], ...]:
    """The 60 arrangements as (A position, index in PAIRS6, index in TRIPLES6)."""
    found = []
    for a in range(6):
        rest = [p for p in range(6) if p != a]
        for pair in combinations(rest, 2):
            triple = tuple(p for p in rest if p not in pair)
            found.append((a, PAIRS6.index(pair), TRIPLES6.index(triple)))
    return tuple(found)


LAYOUT = _layout()


@cache
def _strength() -> tuple[list[float], list[float], list[float]]:
    """Weighted strength of every A card, B rank and C rank (rank fraction × group weight)."""
    return ([i / 51 for i in range(52)], [2 * r / (B_HANDS - 1) for r in range(B_HANDS)],
            [3 * r / (C_HANDS - 1) for r in range(C_HANDS)])


def _group_ranks(hand: Sequence[int]) -> tuple[list[int], list[int]]:
    """B ranks of the 15 pairs and C ranks of the 20 triples of six ascending indices."""
    t = tables()
    b_table, c_table = t.b, t.c
    b = [b_table[hand[x] * 52 + hand[y]] for x, y in PAIRS6]
    c = [c_table[hand[x] * 2704 + hand[y] * 52 + hand[z]] for x, y, z in TRIPLES6]
    return b, c


def sensible_ranks(hand: Sequence[int]) -> tuple[int, int, int]:
    """The (A, B, C) ranks of the heuristic split of six ascending card indices."""
    sa, sb, sc = _strength()
    b, c = _group_ranks(hand)
    vb = [sb[r] for r in b]
    vc = [sc[r] for r in c]
    best = -1.0
    choice = LAYOUT[0]
    for layout in LAYOUT:
        ia, ib, ic = layout
        value = sa[hand[ia]] + vb[ib] + vc[ic]
        if value > best:
            best, choice = value, layout
    ia, ib, ic = choice
    return hand[ia], b[ib], c[ic]


def sensible_arrangement(six_cards: Iterable[Card]) -> Arrangement:
    """The heuristic split (the opponents' model; also a fast fallback)."""
    cards = list(six_cards)
    hand = sorted(card_index(c) for c in cards)
    sa, sb, sc = _strength()
    b, c = _group_ranks(hand)
    best = max(LAYOUT, key=lambda lay: sa[hand[lay[0]]] + sb[b[lay[1]]] + sc[c[lay[2]]])
    return _arrangement(hand, best)


def _arrangement(hand: Sequence[int], layout: tuple[int, int, int]) -> Arrangement:
    ia, ib, ic = layout
    return Arrangement(index_card(hand[ia]),
                       high_first(index_card(hand[p]) for p in PAIRS6[ib]),  # type: ignore[arg-type]
                       high_first(index_card(hand[p]) for p in TRIPLES6[ic]))  # type: ignore[arg-type]


def _masks(values: Sequence[int], opponents: Sequence[int]) -> list[int]:
    """For each value, the bit mask of the opponents it beats (linear order)."""
    masks = []
    for v in values:
        mask = 0
        bit = 1
        for o in opponents:
            if v > o:
                mask |= bit
            bit <<= 1
        masks.append(mask)
    return masks


def expected_results(hand: Sequence[int], players: int, rng: random.Random,
                     samples: int = SAMPLES) -> list[float]:
    """Mean result of each LAYOUT arrangement of six ascending indices over sampled tables."""
    t = tables()
    leopard_min, zha_limit = t.leopard_min, t.zha_limit
    m = players - 1
    full = (1 << m) - 1
    table_wide = players > 2  # round 2 and the 15-unit check (§3.6 skips them for two)
    a_vals = list(hand)
    b_vals, c_vals = _group_ranks(hand)
    held = set(hand)
    unseen = [i for i in range(52) if i not in held]
    totals = [0.0] * len(LAYOUT)

    def c_beats(x: int, y: int) -> bool:
        if x < zha_limit:
            return y >= leopard_min or (x > y and y < zha_limit)
        if x >= leopard_min:
            return y >= zha_limit and x > y
        return x > y

    for _ in range(samples):
        draw = rng.sample(unseen, 6 * m)
        opponents = [sensible_ranks(sorted(draw[6 * k:6 * k + 6])) for k in range(m)]
        oa = [o[0] for o in opponents]
        ob = [o[1] for o in opponents]
        oc = [o[2] for o in opponents]

        # Opponents that sweep (or are swept by) all the other opponents: they become the
        # table's sweeper (swept) exactly when they also sweep us (we sweep them).
        sweeper_mask = swept_mask = 0
        if table_wide:
            for k in range(m):
                if all(oa[k] > oa[j] and ob[k] > ob[j] and c_beats(oc[k], oc[j])
                       for j in range(m) if j != k):
                    sweeper_mask |= 1 << k
                if all(oa[j] > oa[k] and ob[j] > ob[k] and c_beats(oc[j], oc[k])
                       for j in range(m) if j != k):
                    swept_mask |= 1 << k

        ma = _masks(a_vals, oa)
        mb = _masks(b_vals, ob)
        mc = [sum(1 << k for k in range(m) if c_beats(v, oc[k])) for v in c_vals]

        # Per group: round-3 linear part (±w per opponent) plus rounds 1–2.
        part_a = [(2 * m_.bit_count() - m) for m_ in ma]
        part_b = [2 * (2 * m_.bit_count() - m) for m_ in mb]
        part_c = [3 * (2 * m_.bit_count() - m) for m_ in mc]
        fixed_a = [0] * 6
        fixed_b = [0] * 15
        fixed_c = [0] * 20
        opp_leopard = max((c for c in oc if c >= leopard_min), default=-1)
        opp_zha = min((c for c in oc if c < zha_limit), default=C_HANDS)
        if table_wide:
            hi, lo = max(oa), min(oa)
            fixed_a = [1 if v > hi else -1 if v < lo else 0 for v in a_vals]
            hi, lo = max(ob), min(ob)
            fixed_b = [2 if v > hi else -2 if v < lo else 0 for v in b_vals]
            c_hi, c_lo = max(oc), min(oc)
        for i, v in enumerate(c_vals):
            any_leopard = v >= leopard_min or opp_leopard >= 0
            any_zha = v < zha_limit or opp_zha < zha_limit
            r1 = 0
            if any_leopard and any_zha:
                if v < zha_limit and v < opp_zha:
                    r1 = BAOZI_UNITS * m
                elif v >= leopard_min and v > opp_leopard:
                    r1 = -BAOZI_UNITS * m
            elif any_leopard:
                r1 = BAOZI_UNITS * m if v > opp_leopard else -BAOZI_UNITS
            r2 = 0
            if table_wide and not (any_leopard and any_zha):
                r2 = 3 if v > c_hi else -3 if v < c_lo else 0
            fixed_c[i] = r1 + r2

        bonus = SWEEP_PAIR_UNITS - 6  # a 通杀 pair pays 10 instead of 1 + 2 + 3
        extra = SWEEP_TABLE_UNITS - SWEEP_PAIR_UNITS
        for k, (ia, ib, ic) in enumerate(LAYOUT):
            a_mask, b_mask, c_mask = ma[ia], mb[ib], mc[ic]
            all3 = a_mask & b_mask & c_mask
            none = full & ~(a_mask | b_mask | c_mask)
            value = fixed_a[ia] + fixed_b[ib] + fixed_c[ic]
            if table_wide and all3 == full:
                value += SWEEP_TABLE_UNITS * m
            elif table_wide and none == full:
                value -= SWEEP_TABLE_UNITS * m
            else:
                value += (part_a[ia] + part_b[ib] + part_c[ic]
                          + bonus * (all3.bit_count() - none.bit_count()))
                if table_wide:
                    value += extra * ((all3 & swept_mask).bit_count()
                                      - (none & sweeper_mask).bit_count())
            totals[k] += value
    return [x / samples for x in totals]


def rank_arrangements(six_cards: Iterable[Card], players: int, rng: random.Random,
                      samples: int = SAMPLES) -> list[tuple[Arrangement, float]]:
    """All 60 arrangements with their estimated mean result, best first."""
    hand = sorted(card_index(c) for c in six_cards)
    if len(hand) != 6 or len(set(hand)) != 6:
        raise ValueError("an arrangement needs six different cards")
    if not 2 <= players <= 6:
        raise ValueError("a table has 2–6 players")
    means = expected_results(hand, players, rng, samples)
    order = sorted(range(len(LAYOUT)), key=lambda k: (-means[k], k))
    return [(_arrangement(hand, LAYOUT[k]), means[k]) for k in order]


def best_arrangement(six_cards: Iterable[Card], players: int,
                     rng: random.Random) -> Arrangement:
    """The arrangement with the highest estimated result at a table of `players`."""
    return rank_arrangements(six_cards, players, rng)[0][0]
