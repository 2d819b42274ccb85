"""The activity sheet's scoring options, worked by hand from finished hands' public views."""

from __future__ import annotations

from typing import Any

from bot.tournament.scoring import HandSummary, hand_points, summary_of


def public(landlord: int, winner: str, history: list[list[Any]], cards: list[int]) -> dict:
    return {"landlord": landlord, "result": {"winner": winner},
            "history": history, "seats": [{"cards": n} for n in cards]}


def test_the_summary_counts_bombs_and_rockets_by_who_played_them() -> None:
    view = public(0, "landlord", [[0, "3s 3h 3c 3d"], [1, "B R"], [2, ""], [0, "4s 4h 4c"],
                                  [0, "5s 5h 5c 5d"]], [0, 9, 12])
    assert summary_of("doudizhu3", view) == HandSummary(0, True, (2, 0, 0), (0, 1, 0), (0, 9, 12))


def test_win_points_two_for_the_landlord_doubled_per_bomb_and_rocket() -> None:
    hand = HandSummary(0, True, (1, 0, 0), (0, 1, 0), (0, 9, 12))
    assert hand_points([8, -4, -4], hand, win_points=True, event_bonus=False) == [8, 0, 0]


def test_win_points_one_for_each_winning_farmer() -> None:
    hand = HandSummary(2, False, (0, 0, 0), (0, 0, 0), (0, 4, 7))
    assert hand_points([1, 1, -2], hand, win_points=True, event_bonus=False) == [1, 1, 0]


def test_event_bonus_on_top_of_the_zero_sum_scores() -> None:
    # Farmers win: seat 0 went out, partner seat 1 has 2 cards left (+3), seat 1 bombed
    # once (+5), the landlord fired the rocket (+10).
    hand = HandSummary(2, False, (0, 1, 0), (0, 0, 1), (0, 2, 7))
    assert hand_points([4, 4, -8], hand, win_points=False, event_bonus=True) \
        == [4 + 2, 4 + 2 + 3 + 5, -8 + 10]
    # A partner with 5 cards left gets +2; with 6, nothing.
    five = HandSummary(2, False, (0, 0, 0), (0, 0, 0), (0, 5, 7))
    six = HandSummary(2, False, (0, 0, 0), (0, 0, 0), (0, 6, 7))
    assert hand_points([1, 1, -2], five, win_points=False, event_bonus=True) == [3, 5, -2]
    assert hand_points([1, 1, -2], six, win_points=False, event_bonus=True) == [3, 3, -2]


def test_both_options_together() -> None:
    hand = HandSummary(1, True, (0, 1, 0), (0, 0, 0), (3, 0, 8))
    assert hand_points([-2, 4, -2], hand, win_points=True, event_bonus=True) \
        == [0, 2 * 2 + 5 + 1, 0]
