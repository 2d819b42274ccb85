"""斗地主 settlement (RULES §1.5): stakes, the bean floor, the escape penalty."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.games.doudizhu.settlement import (
    apply_bean_floor,
    escape_scores,
    farmer_stake,
    floor_losses,
    hand_scores,
    no_bid_penalty_scores,
)


def test_without_doubling_the_landlord_wins_two_base_times_multiple() -> None:
    stake = farmer_stake(base=3, multiplier=4, farmer_doubled=False, landlord_doubled=False)
    assert stake == 12
    assert hand_scores(3, 1, True, {0: stake, 2: stake}) == [-12, 24, -12]
    assert hand_scores(3, 1, False, {0: stake, 2: stake}) == [12, -24, 12]


def test_doubling_is_per_farmer_and_the_landlords_double_doubles_both() -> None:
    assert farmer_stake(2, 1, True, False) == 4
    assert farmer_stake(2, 1, False, True) == 4
    assert farmer_stake(2, 1, True, True) == 8
    assert farmer_stake(2, 1, False, False, room_stake=10) == 20


def test_two_player_settlement_is_one_stake() -> None:
    assert hand_scores(2, 0, True, {1: 6}) == [6, -6]


def test_bean_floor_a_loser_pays_at_most_their_beans() -> None:
    # The landlord wins 100 from each farmer; farmer 2 holds only 30.
    assert apply_bean_floor([200, -100, -100], [0, 500, 30]) == [130, -100, -30]


def test_bean_floor_shrinks_the_winners_gains_in_proportion() -> None:
    # The landlord loses 40 + 80 but holds 60: the farmers get 20 and 40.
    assert apply_bean_floor([40, -120, 80], [0, 60, 0]) == [20, -60, 40]


def test_bean_floor_odd_beans_go_by_largest_remainder() -> None:
    result = apply_bean_floor([10, -20, 10], [0, 7, 0])
    assert sorted(result) == [-7, 3, 4] and sum(result) == 0


def test_bean_floor_changes_nothing_when_everyone_can_pay() -> None:
    assert apply_bean_floor([-8, 16, -8], [8, 0, 100]) == [-8, 16, -8]


@given(st.lists(st.integers(0, 10_000), min_size=3, max_size=3),
       st.integers(0, 2), st.booleans(), st.integers(1, 500), st.integers(1, 500))
def test_bean_floor_sums_to_zero_and_no_balance_goes_negative(
        balances: list[int], landlord: int, landlord_won: bool, s1: int, s2: int) -> None:
    farmers = [s for s in range(3) if s != landlord]
    scores = hand_scores(3, landlord, landlord_won, {farmers[0]: s1, farmers[1]: s2})
    floored = apply_bean_floor(scores, balances)
    assert sum(floored) == 0
    for before, after, balance in zip(scores, floored, balances, strict=True):
        assert balance + after >= 0
        assert (0 <= after <= before) if before >= 0 else (before <= after <= 0)


def test_escape_penalty_goes_to_the_bank_or_is_shared_in_equal_shares() -> None:
    assert escape_scores(3, 0, 12) == [-12, 0, 0]
    assert escape_scores(3, 0, 12, to_players=True) == [-12, 6, 6]
    assert escape_scores(2, 1, 12, to_players=True) == [12, -12]
    # An odd penalty does not split: each share rounds up, the quitter pays the difference.
    assert escape_scores(3, 2, 3, to_players=True) == [2, 2, -4]


@given(st.integers(2, 3), st.integers(0, 2), st.integers(1, 1000), st.booleans())
def test_escape_penalty_costs_at_least_the_penalty_and_shared_sums_to_zero(
        players: int, quitter: int, penalty: int, shared: bool) -> None:
    quitter %= players
    scores = escape_scores(players, quitter, penalty, to_players=shared)
    assert -scores[quitter] >= penalty
    assert sum(scores) == (0 if shared else -penalty)


def test_a_bank_penalty_is_cut_to_what_the_quitter_holds() -> None:
    assert floor_losses([0, -12, 0], [5, 7, 9]) == [0, -7, 0]
    assert floor_losses([4, -8, 4], [0, 6, 0]) == apply_bean_floor([4, -8, 4], [0, 6, 0])


def test_no_bid_penalty_first_bidder_loses_four_the_others_gain_two() -> None:
    assert no_bid_penalty_scores(3, 1) == [2, -4, 2]
