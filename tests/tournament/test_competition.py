"""A 14-player competition played from sign-up to the final places, every advancement
checked against a hand-computed expectation (the pure logic; no host).

Stage 1 of seed "cup-test-seed" draws (see test_draw): T1 13 2 7, T2 5 10 1, T3 9 8 6,
T4 3 14 11, byes 12 and 4. Three regulation hands a table, the best one goes on:
- T1: 13 wins clearly (+4, -2, -2).
- T2: 5 and 10 tie on +2 (1 has -4); one extra hand, 10 wins it: 10 goes on.
- T3: 6 never checks in: forfeit (托管 plays the seat and happens to score best, +3);
  9 (0) beats 8 (-3) and goes on.
- T4: 14 wins (+3).
Stage 2 (label "s2"): U1 4 14 9, U2 12 10 13. 4 (+6) and 10 (+3) win: two left, too few
for a final, so the best runner-up by score, 12 (0; the others -3), fills the third seat.
Final (label "s3": 12 10 4): all three end level on 0; extra hands until first is clear
(4, on the second extra hand); 12 and 10 are level on score and share second (the
sheet's 并列第二名).
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.errors import PaijuError
from bot.tournament.competition import FINISHED, RUNNING, SIGNUP, Competition
from bot.tournament.config import CupConfig, checked
from bot.tournament.table import DONE, PLAYING, WAITING

T0 = 1_000_000.0
WINDOW = 300.0


def reload(cup: Competition) -> Competition:
    """Every step goes through JSON, as a restart would."""
    import json

    return Competition.from_dict(json.loads(json.dumps(cup.to_dict())))


def new_cup(players: int = 14, **settings: Any) -> Competition:
    settings.setdefault("hands", 3)
    config = checked(CupConfig(start_window=WINDOW, **settings))
    cup = Competition(1, "Spring cup", config, "cup-test-seed", T0)
    for number in range(1, players + 1):
        cup.sign_up(100 + number, f"u{number}", f"P{number}", "en", T0)
    return cup


def play(cup: Competition, key: str, hands: list[list[int]], now: float) -> Competition:
    for index, scores in enumerate(hands):
        cup.record_hand(key, f"{key}-g{cup.table(key).played + cup.table(key).extra_played}",
                        scores, now + index)
        cup = reload(cup)
    return cup


def by_number(cup: Competition, key: str, scores: dict[int, int]) -> list[int]:
    """A hand's seat scores from scores given by entrant number."""
    return [scores[n] for n in cup.table(key).seats]


def check_in_all(cup: Competition, now: float, *, absent: tuple[int, ...] = ()) -> Competition:
    for table in cup.live_tables():
        for number in table.seats:
            if number not in absent and table.status == WAITING:
                cup.check_in(100 + number, now)
    return reload(cup)


def test_fourteen_players_from_sign_up_to_the_final_places() -> None:
    cup = reload(new_cup(final_ties="share"))  # the knockout sheet's 并列第二名
    assert cup.phase == SIGNUP and [e.number for e in cup.entrants] == list(range(1, 15))
    notes = cup.close_signup(T0 + 10)
    assert notes[0].kind == "cup.seed" and notes[0].params["seed"] == "cup-test-seed"
    cup = reload(cup)
    stage = cup.stage
    assert stage is not None and stage.number == 1 and not stage.final
    assert [t.seats for t in stage.tables] == [[13, 2, 7], [5, 10, 1], [9, 8, 6], [3, 14, 11]]
    assert stage.byes == [12, 4]

    # Everyone but 6 checks in; the window closes and 6 forfeits.
    cup = check_in_all(cup, T0 + 20, absent=(6,))
    assert [t.status for t in cup.stage.tables] == [PLAYING, PLAYING, WAITING, PLAYING]
    assert cup.next_due() == T0 + 10 + WINDOW
    notes = cup.tick(T0 + 10 + WINDOW)
    cup = reload(cup)
    t3 = cup.table("s1t3")
    assert t3.status == PLAYING and t3.forfeits == [6]
    assert [n.kind for n in notes] == ["cup.table_started"]
    with pytest.raises(PaijuError) as late:  # too late: told they forfeited
        cup.check_in(106, T0 + 20 + WINDOW)
    assert late.value.key == "cup.err.forfeited"

    now = T0 + 1000
    cup = play(cup, "s1t1", [[2, -1, -1], [-2, 1, 1], [4, -2, -2]], now)
    assert cup.table("s1t1").scores == [4, -2, -2]
    assert cup.table("s1t1").status == DONE and cup.table("s1t1").advancers() == [13]

    cup = play(cup, "s1t2", [[2, -1, -1], [-1, 2, -1], [1, 1, -2]], now)
    t2 = cup.table("s1t2")
    assert t2.scores == [2, 2, -4] and t2.status == PLAYING and t2.extra_due == 1
    notes = cup.record_hand("s1t2", "s1t2-extra1", [-2, 4, -2], now + 5)
    assert [n.kind for n in notes] == ["cup.table_done"]
    cup = reload(cup)
    t2 = cup.table("s1t2")
    assert t2.extra == [-2, 4, -2] and t2.status == DONE and t2.advancers() == [10]

    cup = play(cup, "s1t3", [[-1, -1, 2], [-1, -1, 2], [2, -1, -1]], now)
    assert cup.table("s1t3").scores == [0, -3, 3]
    assert cup.table("s1t3").advancers() == [9]  # 6 scored best but forfeited

    cup = play(cup, "s1t4", [[-2, 1, 1], [-2, 1, 1], [1, 1, -2]], now)
    cup = reload(cup)
    first = cup.stages[0]
    assert first.advanced == sorted([12, 4, 13, 10, 9, 14]) and first.filled == []
    assert cup.eliminated == {n: 1 for n in (2, 7, 5, 1, 8, 6, 3, 11)}

    # Stage 2: six players, two tables, no byes.
    second = cup.stage
    assert [t.seats for t in second.tables] == [[4, 14, 9], [12, 10, 13]]
    assert second.byes == [] and not second.final
    cup = check_in_all(cup, now + 100)
    cup = play(cup, "s2t1", [[2, -1, -1], [2, -1, -1], [2, -1, -1]], now + 200)
    cup = play(cup, "s2t2", [[-1, 2, -1], [-1, 2, -1], [2, -1, -1]], now + 200)
    second = cup.stages[1]
    # Winners 4 (+6) and 10 (+3); runners-up 14 -3, 9 -3, 12 0, 13 -3: 12 fills the final.
    assert second.filled == [12]
    assert second.advanced == [4, 10, 12]
    assert cup.eliminated[14] == cup.eliminated[9] == cup.eliminated[13] == 2

    final = cup.stage
    assert final.final and final.number == 3 and final.tables[0].seats == [12, 10, 4]
    cup = check_in_all(cup, now + 300)
    cup = play(cup, "s3t1", [[2, -1, -1], [-1, 2, -1], [-1, -1, 2]], now + 400)
    assert cup.table("s3t1").extra_due == 1  # three-way tie for first
    cup = play(cup, "s3t1", [[-2, 1, 1]], now + 500)
    assert cup.table("s3t1").extra_due == 1  # 10 and 4 still level for first
    assert cup.table("s3t1").tie_rounds == 2
    notes = cup.record_hand("s3t1", "final-extra3", [1, -2, 1], now + 600)
    assert [n.kind for n in notes] == ["cup.table_done", "cup.finished"]
    cup = reload(cup)
    assert cup.phase == FINISHED
    # 4 first (extras +1 +1 = +2 against 10's +1 -2); 12 and 10 both 0 on score: they
    # share second.
    assert cup.places == [(1, 4), (2, 10), (2, 12)]
    assert cup.prizes() == {104: 3, 110: 2, 112: 2}


def test_sign_up_rules() -> None:
    cup = new_cup(players=0, max_entrants=4, signup_until=T0 + 60)
    cup.sign_up(1, "a", "A", "en", T0)
    with pytest.raises(PaijuError) as error:
        cup.sign_up(1, "a", "A", "en", T0)
    assert error.value.key == "cup.err.already_entered"
    for pid in (2, 3, 4):
        cup.sign_up(pid, str(pid), "X", "en", T0)
    with pytest.raises(PaijuError) as error:
        cup.sign_up(5, "5", "E", "en", T0)
    assert error.value.key == "cup.err.full"
    cup.withdraw(2, T0)
    assert [e.number for e in cup.entrants] == [1, 3, 4]
    cup.sign_up(5, "5", "E", "en", T0 + 1)
    assert cup.entrant_of(5).number == 5  # numbers are never reused
    with pytest.raises(PaijuError) as error:
        cup.sign_up(6, "6", "F", "en", T0 + 60)
    assert error.value.key == "cup.err.signup_closed"


def test_the_sign_up_window_closes_by_itself_and_draws() -> None:
    cup = new_cup(players=7, signup_until=T0 + 60)
    assert cup.next_due() == T0 + 60
    notes = cup.tick(T0 + 60)
    assert cup.phase == RUNNING and [n.kind for n in notes][:2] == ["cup.seed", "cup.drawn"]
    assert len(cup.stage.tables) == 2 and len(cup.stage.byes) == 1


def test_too_few_entrants_cancel_at_the_window() -> None:
    cup = new_cup(players=2, signup_until=T0 + 60)
    with pytest.raises(PaijuError) as error:
        cup.close_signup(T0)
    assert error.value.key == "cup.err.too_few"
    notes = cup.tick(T0 + 61)
    assert cup.phase == "cancelled" and notes[0].kind == "cup.cancelled_too_few"


def test_a_withdrawal_after_the_draw_forfeits_the_table() -> None:
    cup = new_cup(players=3)
    cup.close_signup(T0)
    cup.check_in(101, T0)
    cup.check_in(102, T0)
    cup.withdraw(103, T0 + 1)
    table = cup.stage.tables[0]
    assert table.status == PLAYING and table.forfeits == [3]
    cup = play(cup, "s1t1", [by_number(cup, "s1t1", {1: -1, 2: -1, 3: 2})] * 3, T0 + 10)
    # 3 scored best but withdrew: 1 and 2 are level on -3 for first, so an extra hand.
    assert cup.table("s1t1").extra_due == 1
    cup = play(cup, "s1t1", [by_number(cup, "s1t1", {1: -1, 2: 2, 3: -1})], T0 + 20)
    assert cup.places == [(1, 2), (2, 1)]  # 3 withdrew: no place


def test_a_table_nobody_comes_to_is_done_at_once() -> None:
    cup = new_cup(players=4)
    cup.close_signup(T0)
    (table,) = cup.stage.tables
    (bye,) = cup.stage.byes
    cup.tick(T0 + WINDOW)
    # All three forfeited: nobody goes on from the table, and one player left is too few
    # for a final: the bye places first alone.
    assert table.status == DONE and cup.phase == FINISHED
    assert cup.places == [(1, bye)]


def test_a_cross_table_tie_for_a_runner_up_seat_is_played_off() -> None:
    cup = new_cup(players=6)
    cup.close_signup(T0)
    cup = check_in_all(cup, T0)
    t1, t2 = cup.stage.tables
    cup = play(cup, t1.key, [[2, -1, -1]] * 3, T0 + 10)  # runners-up -3, -3
    cup = play(cup, t2.key, [[-1, 2, -1]] * 3, T0 + 10)  # runners-up -3, -3
    stage = cup.stage
    (playoff,) = stage.playoffs
    runners = sorted([t1.seats[1], t1.seats[2], t2.seats[0], t2.seats[2]])
    assert playoff.members == runners and playoff.spots == 1
    # Four tied for one seat: two play-off tables of two, each filled with a winner.
    assert len(playoff.tables) == 2
    assert sorted(f for t in playoff.tables for f in t.fillers) == sorted([t1.seats[0],
                                                                          t2.seats[1]])
    cup = check_in_all(cup, T0 + 20)
    p1, p2 = (t.key for t in cup.stage.playoffs[0].tables)
    first = cup.table(p1)
    # In play-off table 1 the best member scores +2; in table 2 the best scores +1.
    scores1 = _one_winner(first.seats, runners, 2)
    cup = play(cup, p1, [scores1], T0 + 30)
    second = cup.table(p2)
    cup = play(cup, p2, [_one_winner(second.seats, runners, 1)], T0 + 30)
    winner = next(n for n, s in zip(first.seats, scores1, strict=True) if s == 2)
    done = cup.stages[0]
    assert done.filled == [winner]
    assert done.advanced == sorted([t1.seats[0], t2.seats[1], winner])
    assert cup.stage.final


def _one_winner(seats: list[int], members: list[int], points: int) -> list[int]:
    """Scores where the first member at the table wins `points`, the rest share the loss."""
    winner = next(n for n in seats if n in members)
    others = [n for n in seats if n != winner]
    loss = [points // len(others)] * len(others)
    loss[0] += points - sum(loss)
    scores = {winner: points, **{n: -share for n, share in zip(others, loss, strict=True)}}
    return [scores[n] for n in seats]


def test_overall_format_sends_the_best_nine_then_three() -> None:
    cup = new_cup(players=14, format="overall", quotas=(9, 3), hands=1, tie_hands=1)
    cup.close_signup(T0)
    cup = check_in_all(cup, T0)
    stage = cup.stage
    assert stage.quota == 9 and len(stage.byes) == 2
    # Each table: seat 0 +4, seat 1 +1, seat 2 -5, except table 4 where seat 1 gets +2 and
    # seat 2 -6: the best 7 scores are four +4s and three... the +2 and two of the +1s tie.
    for table in stage.tables[:3]:
        cup = play(cup, table.key, [[4, 1, -5]], T0 + 10)
    t4 = stage.tables[3]
    cup = play(cup, t4.key, [[4, 2, -6]], T0 + 10)
    # Byes take 2 of 9; the 7 left: four +4, the +2, then three +1 tied for 2 seats.
    (playoff,) = cup.stage.playoffs
    ones = sorted(t.seats[1] for t in stage.tables[:3])
    assert playoff.members == ones and playoff.spots == 2
    (table,) = playoff.tables
    assert sorted(table.seats) == ones and table.fillers == []
    cup = check_in_all(cup, T0 + 20)
    scores = [2, -1, -1]
    cup = play(cup, table.key, [scores], T0 + 30)
    # One +2, two -1: the -1s are level for the last seat: another play-off round.
    second = cup.stage.playoffs[1]
    assert second.spots == 1 and second.members == sorted(table.seats[1:])
    assert len(second.tables[0].fillers) == 1
    cup = check_in_all(cup, T0 + 40)
    key = second.tables[0].key
    seats = cup.table(key).seats
    cup = play(cup, key, [_one_winner(seats, second.members, 2)], T0 + 50)
    done = cup.stages[0]
    won = next(n for n in seats if n in second.members)
    expected = set(stage.byes) | {t.seats[0] for t in stage.tables} | {t4.seats[1]} \
        | {table.seats[0], won}
    assert done.advanced == sorted(expected) and len(expected) == 9
    assert cup.stage.number == 2 and cup.stage.quota == 3 and len(cup.stage.tables) == 3


def test_a_player_picked_by_a_play_off_round_who_withdraws_does_not_go_on() -> None:
    cup = new_cup(players=14, format="overall", quotas=(9, 3), hands=1, tie_hands=1)
    cup.close_signup(T0)
    cup = check_in_all(cup, T0)
    stage = cup.stage
    for table in stage.tables[:3]:
        cup = play(cup, table.key, [[4, 1, -5]], T0 + 10)
    cup = play(cup, stage.tables[3].key, [[4, 2, -6]], T0 + 10)
    (table,) = cup.stage.playoffs[0].tables
    cup = check_in_all(cup, T0 + 20)
    cup = play(cup, table.key, [[2, -1, -1]], T0 + 30)  # seat 0 is picked; a second round
    picked = table.seats[0]
    assert picked in cup.stage.chosen and len(cup.stage.playoffs) == 2
    cup.withdraw(100 + picked, T0 + 35)
    cup = check_in_all(cup, T0 + 40)
    second = cup.stage.playoffs[1]
    key = second.tables[0].key
    cup = play(cup, key, [_one_winner(cup.table(key).seats, second.members, 2)], T0 + 50)
    done = cup.stages[0]
    assert picked not in done.advanced and len(done.advanced) == 8


def test_bean_mode_ends_a_table_when_a_player_is_broke() -> None:
    cup = new_cup(players=3, scoring="beans", hands=None)
    assert cup.config.hands is None and cup.config.time_limit == 3600
    cup.close_signup(T0)
    cup = check_in_all(cup, T0)
    cup = play(cup, "s1t1", [[8, -4, -4], [-8, 4, 4]], T0 + 10)
    assert cup.table("s1t1").scores == [15, 15, 15]
    # Seat 1 loses 16 but holds 15: the floor cuts the winners' gains to 15 in total, the
    # odd bean to the lower seat (RULES §1.5; apply_bean_floor).
    cup = play(cup, "s1t1", [[8, -16, 8]], T0 + 20)
    table = cup.table("s1t1")
    assert table.scores == [23, 0, 22] and table.hands == 3
    seats = table.seats
    assert cup.places == [(1, seats[0]), (2, seats[2]), (3, seats[1])]


def test_first_to_n_and_the_time_limit() -> None:
    cup = new_cup(players=3, scoring="first_to", target=5, hands=None, final_ties="share")
    cup.close_signup(T0)
    cup = check_in_all(cup, T0)
    cup = play(cup, "s1t1", [[2, -1, -1], [4, -2, -2]], T0 + 10)
    assert cup.phase == FINISHED and cup.places[0] == (1, cup.table("s1t1").seats[0])

    cup = new_cup(players=3, scoring="first_to", target=50, time_limit=600, hands=None,
                  final_ties="share")
    cup.close_signup(T0)
    cup = check_in_all(cup, T0)
    cup = play(cup, "s1t1", [[2, -1, -1]], T0 + 100)
    assert cup.phase == RUNNING
    # The hand that ends after the time limit is the last.
    cup = play(cup, "s1t1", [[2, -1, -1]], T0 + 601)
    assert cup.phase == FINISHED and cup.table("s1t1").hands == 2


def test_final_ties_can_be_played_off_instead_of_shared() -> None:
    cup = new_cup(players=3, final_ties="play")
    cup.close_signup(T0)
    cup = check_in_all(cup, T0)
    cup = play(cup, "s1t1", [by_number(cup, "s1t1", {1: 6, 2: -3, 3: -3})], T0)
    cup = play(cup, "s1t1", [by_number(cup, "s1t1", {1: -2, 2: 1, 3: 1})] * 2, T0)
    assert cup.table("s1t1").extra_due == 1  # 2 and 3 level on -1 for second
    cup = play(cup, "s1t1", [by_number(cup, "s1t1", {1: -2, 2: -2, 3: 4})], T0)
    assert cup.places == [(1, 1), (2, 3), (3, 2)]


def test_two_player_competition_reaches_a_final_of_two() -> None:
    cup = new_cup(players=5, game="doudizhu2")
    cup.close_signup(T0)
    stage = cup.stage
    assert len(stage.tables) == 2 and len(stage.byes) == 1
    cup = check_in_all(cup, T0)
    for table in stage.tables:
        cup = play(cup, table.key, [[2, -2]] * 3, T0)
    # Two winners and the bye: three players, one table of two and a bye again.
    assert len(cup.stage.players) == 3 and len(cup.stage.byes) == 1
    cup = check_in_all(cup, T0)
    cup = play(cup, cup.stage.tables[0].key, [[-2, 2]] * 3, T0)
    assert cup.stage.final and len(cup.stage.tables[0].seats) == 2


@pytest.mark.parametrize("settings", [{"advance": 3}, {"game": "mahjong"}, {"tie_hands": 0},
                                      {"format": "swiss"}, {"scoring": "chips"}])
def test_bad_settings_are_refused(settings: dict[str, Any]) -> None:
    with pytest.raises(PaijuError) as error:
        checked(CupConfig(**settings))
    assert error.value.key == "cup.err.bad_setting"


def test_seats_left_by_no_shows_at_a_play_off_go_to_the_next_best() -> None:
    cup = new_cup(players=6)
    cup.close_signup(T0)
    cup = check_in_all(cup, T0)
    t1, t2 = cup.stage.tables
    assert (t1.seats, t2.seats) == ([4, 2, 6], [5, 3, 1])
    # Winners 4 (+3) and 3 (+4); runners-up 2 and 5 level on -1 for the one seat left,
    # then 6 (-2), then 1 (-3).
    cup = play(cup, t1.key, [[3, -1, -2], [0, 0, 0], [0, 0, 0]], T0 + 10)
    cup = play(cup, t2.key, [[-1, 4, -3], [0, 0, 0], [0, 0, 0]], T0 + 10)
    (playoff,) = cup.stage.playoffs
    assert playoff.members == [2, 5] and playoff.tables[0].fillers == [6]
    # Neither 2 nor 5 comes to the play-off: the seat goes down the order to 6, and the
    # final is played (before, the two winners were placed without one, sharing first).
    notes = cup.tick(T0 + 20 + WINDOW)
    assert [n.kind for n in notes] == ["cup.table_started", "cup.stage_done", "cup.drawn"]
    cup = reload(cup)
    done = cup.stages[0]
    assert done.advanced == [3, 4, 6] and done.filled == [6]
    assert cup.phase == RUNNING and cup.stage.final and cup.places == []


def test_bean_extra_hands_are_a_separate_count_without_the_floor() -> None:
    cup = new_cup(players=3, scoring="beans", hands=1)
    cup.close_signup(T0)
    cup = check_in_all(cup, T0)
    cup = play(cup, "s1t1", [[-14, 7, 7]], T0 + 10)  # one regulation hand: 1, 22, 22
    table = cup.table("s1t1")
    assert table.scores == [1, 22, 22] and table.extra_due == 1
    # The extra hand counts in full even where the beans held could not cover it.
    cup = play(cup, "s1t1", [[-40, 20, 20], [-2, 4, -2]], T0 + 20)
    table = cup.table("s1t1")
    assert table.scores == [1, 22, 22] and table.extra == [-42, 24, 18]
    assert cup.places == [(1, table.seats[1]), (2, table.seats[2]), (3, table.seats[0])]


def test_a_forfeited_seat_reaching_the_target_ends_a_first_to_table() -> None:
    cup = new_cup(players=3, scoring="first_to", target=4, hands=None)
    cup.close_signup(T0)
    t1 = cup.stage.tables[0]
    absent = t1.seats[0]
    cup = check_in_all(cup, T0, absent=(absent,))
    cup.tick(T0 + WINDOW)
    cup = reload(cup)
    assert cup.table("s1t1").forfeits == [absent]
    # 托管 plays the seat to 4 first: the table ends there; the best of the others wins.
    cup = play(cup, "s1t1", [[4, -3, -1]], T0 + WINDOW + 10)
    assert cup.table("s1t1").hands == 1
    assert cup.places == [(1, t1.seats[2]), (2, t1.seats[1])]


def test_with_no_final_a_tie_broken_at_a_table_stays_broken() -> None:
    cup = new_cup(players=4)
    cup.close_signup(T0)
    (table,) = cup.stage.tables
    (bye,) = cup.stage.byes
    a, b, c = table.seats
    cup = check_in_all(cup, T0, absent=(c,))
    cup.tick(T0 + WINDOW)
    cup.withdraw(100 + bye, T0 + WINDOW)
    cup = reload(cup)
    # a and b level after the regulation hands; a wins the extra hand and goes on; b fills
    # the one seat left (c forfeited, the bye withdrew): two players, no final.
    cup = play(cup, "s1t1", [by_number(cup, "s1t1", {a: 1, b: 1, c: -2})] * 3, T0 + 400)
    cup = play(cup, "s1t1", [by_number(cup, "s1t1", {a: 2, b: -1, c: -1})], T0 + 500)
    stage = cup.stages[0]
    assert stage.advanced == sorted([a, b]) and stage.filled == [b]
    assert cup.phase == FINISHED and cup.places == [(1, a), (2, b)]  # not both first


def test_extra_hands_run_past_the_time_limit() -> None:
    cup = new_cup(players=3, scoring="first_to", target=50, time_limit=600, hands=None,
                  final_ties="share")
    cup.close_signup(T0)
    cup = check_in_all(cup, T0)
    cup = play(cup, "s1t1", [[-2, 1, 1]], T0 + 700)  # the time ran out: 1 and 2 level
    table = cup.table("s1t1")
    assert table.time_up and table.hands == 1 and table.extra_due == 1
    cup = play(cup, "s1t1", [[0, 0, 0], [1, -2, 1]], T0 + 2000)  # still counted
    table = cup.table("s1t1")
    assert table.extra == [1, -2, 1] and table.extra_played == 2
    assert cup.places[0] == (1, table.seats[2])


def test_a_tie_no_table_can_be_seated_for_is_decided_by_the_seeded_lot() -> None:
    from bot.tournament.draw import lot

    cup = new_cup(players=6, game="doudizhu2", format="overall", quotas=(2,))
    cup.close_signup(T0)
    cup = check_in_all(cup, T0)
    tables = cup.stage.tables
    assert cup.stage.quota == 2 and len(tables) == 3
    # Every table's first seat wins +2 each hand: three level on +6 for two places. The
    # losers withdraw before their last hand, so nobody is left to make up a play-off
    # table of two.
    for table in tables:
        cup = play(cup, table.key, [[2, -2]] * 2, T0 + 10)
        cup.withdraw(100 + table.seats[1], T0 + 20)
        cup = play(cup, table.key, [[2, -2]], T0 + 30)
    stage = cup.stages[0]
    (playoff,) = stage.playoffs
    winners = sorted(t.seats[0] for t in tables)
    assert playoff.by_lot and playoff.members == winners and playoff.tables == []
    assert stage.advanced == sorted(lot("cup-test-seed", "s1p1", winners)[:2])
