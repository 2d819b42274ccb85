"""The three-round settlement (RULES.md §3.5, §3.6): the sheet's worked pairs, each case."""

from __future__ import annotations

import pytest

from bot.games.tianji.arrangement import parse_arrangement
from bot.games.tianji.settlement import (
    ROUND1_BAOZI,
    ROUND1_NONE,
    ROUND1_ZHA,
    GroupRanks,
    Settlement,
    pair_units,
    settle,
)

# Reusable hands (no card repeats within one table below).
TOP = "As|Ts Kd|Ah Kh Qh"  # best A, 10½, straight flush
MID = "Ks|9s Kc|8c 8d 4s"  # 9½, pair of 8s
LOW = "Qs|7c 2d|Jc 9d 3h"  # 9, high card
LEOPARD = "As|Ts Kd|7s 7h 7d"
ZHA = "2h|6c 6d|5c 3d 2s"  # 12 (bust), 渣牌


def table(*codes: str) -> Settlement:
    result = settle([parse_arrangement(c) for c in codes])
    assert all(sum(r) == 0 for r in result.rounds)
    assert sum(result.totals) == 0
    return result


def ranks(code: str) -> GroupRanks:
    return GroupRanks.of(parse_arrangement(code))


# The sheet's four worked pairs (甲 against 乙) -------------------------------------------

WORKED_PAIRS = [
    # 甲A>乙A, 甲B>乙B, 甲C<乙C: 1 + 2 − 3 = 0
    ("As|Ts Kd|4s 6h 8d", "Ks|9s 2h|Qs Qh 3c", 0),
    # 甲A>乙A, 甲B<乙B, 甲C>乙C: 1 − 2 + 3 = 2
    ("As|9s 2h|Qs Qh 3c", "Ks|Ts Kd|4s 6h 8d", 2),
    # 甲A<乙A, 甲B>乙B, 甲C>乙C: −1 + 2 + 3 = 4
    ("Ks|Ts Kd|Qs Qh 3c", "As|9s 2h|4s 6h 8d", 4),
    # 甲 wins all three: 通杀, 10
    ("As|Ts Kd|Qs Qh 3c", "Ks|9s 2h|4s 6h 8d", 10),
]


@pytest.mark.parametrize(("jia", "yi", "units"), WORKED_PAIRS)
def test_the_sheets_worked_pairs(jia: str, yi: str, units: int) -> None:
    assert pair_units(ranks(jia), ranks(yi)) == units
    assert pair_units(ranks(yi), ranks(jia)) == -units
    # As a two-player table (§3.6) the pair is the whole result.
    result = table(jia, yi)
    assert result.rounds == ((0, 0), (0, 0), (units, -units))
    assert result.totals == (units, -units)


def test_a_pair_sweep_inside_a_bigger_table_settles_at_ten() -> None:
    # TOP sweeps MID but loses group A to a higher card, so nobody sweeps the whole table.
    result = table("Qd|Ts Kd|Ah Kh Qh", "Js|9s Kc|8c 8d 4s", "Ad|7c 2d|Jc 9d 3h")
    assert result.sweeper is None and result.swept is None
    assert (0, 1, 10) in result.pairs


# Round 1 -------------------------------------------------------------------------------

def test_the_highest_leopard_without_zha_wins_ten_from_everyone() -> None:
    result = table(LEOPARD, MID, LOW)
    assert result.round1 == ROUND1_BAOZI and result.round1_winner == 0
    assert result.rounds[0] == (20, -10, -10)
    assert result.rounds[1] == (6, 0, -6)  # the leopard is the highest C
    assert result.rounds[2] == (30, 0, -30)  # LEOPARD sweeps the table, LOW is swept
    assert result.totals == (56, -10, -46)


def test_of_two_leopards_only_the_highest_collects() -> None:
    result = table(LEOPARD, "Ks|9s Kc|8c 8d 8s", LOW)
    assert result.round1_winner == 1
    assert result.rounds[0] == (-10, 20, -10)


def test_the_lowest_zha_takes_everything_from_the_highest_leopard() -> None:
    result = table(LEOPARD, MID, LOW, ZHA)
    assert result.round1 == ROUND1_ZHA
    assert (result.round1_winner, result.round1_loser) == (3, 0)
    assert result.rounds[0] == (-30, 0, 0, 30)
    # Group C sits out of round 2.
    assert result.extremes[2] is None
    assert result.rounds[1] == (3, 0, 0, -3)
    # Round 3 uses the cycle: 渣牌 beats 豹子, so LEOPARD sweeps nobody table-wide.
    assert result.sweeper is None and result.swept is None
    assert result.rounds[2] == (20, 10, -10, -20)
    assert result.totals == (-7, 10, -10, 7)


def test_with_two_zha_the_lowest_one_wins() -> None:
    result = table(LEOPARD, "Ks|9s Kc|5s 3c 2c", LOW, ZHA)
    # ZHA's 5♣ is lower than 5♠.
    assert result.round1_winner == 3
    result = table(LEOPARD, "Ks|9s Kc|5d 3c 2c", LOW, ZHA)
    assert result.round1_winner == 1


def test_no_leopard_means_no_round_one_even_with_zha() -> None:
    result = table(TOP, MID, ZHA)
    assert result.round1 == ROUND1_NONE
    assert result.rounds[0] == (0, 0, 0)
    # Without a leopard the 渣牌 is simply the lowest C in round 2.
    assert result.extremes[2] == (0, 2)


# Round 2 -------------------------------------------------------------------------------

def test_round_two_pays_from_lowest_to_highest_in_each_group() -> None:
    result = table(MID, "Qd|Ts Kd|Ah Kh Qh", "Ad|7c 2d|Jc 9d 3h")
    assert result.extremes == ((2, 1), (1, 2), (1, 2))
    assert result.rounds[1] == (0, 4, -4)


# Round 3: the 15-unit checks -----------------------------------------------------------

def test_a_table_sweeper_takes_fifteen_from_each_and_leaves_round_three() -> None:
    result = table(TOP, "2c|9s Kc|8c 8d 4s", LOW)
    assert result.sweeper == 0 and result.swept is None
    # The remaining pair (1, 2) compares normally: −1 + 2 + 3 = 4 for seat 1.
    assert result.pairs == ((1, 2, 4),)
    assert result.rounds[2] == (30, -11, -19)
    assert result.totals == (36, -12, -24)


def test_a_player_swept_by_the_whole_table_pays_fifteen_to_each() -> None:
    result = table("As|7s 2d|Ah Kh Qh", "Ks|Ts Kd|8c 8d 4s", "Qs|6s 2c|Jc 9d 3h")
    assert result.sweeper is None and result.swept == 2
    assert result.pairs == ((0, 1, 2),)
    assert result.rounds[2] == (17, 13, -30)
    assert result.totals == (21, 15, -36)


def test_sweeper_and_swept_settle_their_own_pair_once_at_fifteen() -> None:
    result = table(TOP, MID, LOW)
    assert (result.sweeper, result.swept) == (0, 2)
    assert result.pairs == ()
    assert result.rounds[2] == (30, 0, -30)
    assert result.totals == (36, 0, -36)


def test_with_four_players_the_middle_pair_still_compares() -> None:
    result = table(TOP, MID, "Jd|8h Ah|Qc Qd 5h", "3s|7c 2d|Jc 9d 3h")
    assert (result.sweeper, result.swept) == (0, 3)
    assert result.rounds[2][0] == 45 and result.rounds[2][3] == -45
    assert result.pairs == ((1, 2, 0),)  # +1 +2 −3


# Two players (§3.6) --------------------------------------------------------------------

def test_two_players_skip_round_two_and_the_fifteen_unit_check() -> None:
    result = table(TOP, MID)
    assert result.rounds == ((0, 0), (0, 0), (10, -10))
    assert result.sweeper is None and result.extremes == (None, None, None)


def test_two_players_leopard_against_zha() -> None:
    result = table(LEOPARD, "Ks|9s Kc|5c 3d 2s")
    assert result.rounds[0] == (-10, 10)
    assert result.rounds[2] == (0, 0)  # +1 +2 −3
    assert result.totals == (-10, 10)


def test_two_players_leopard_alone() -> None:
    assert table(LEOPARD, MID).rounds[0] == (10, -10)


def test_settlement_round_trips_through_json() -> None:
    result = table(LEOPARD, MID, LOW, ZHA)
    assert Settlement.from_dict(result.to_dict()) == result
