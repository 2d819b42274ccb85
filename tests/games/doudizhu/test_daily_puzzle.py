"""The daily 残局: a day's puzzle is the same wherever it is generated, a forced win the
solver proves (every listed first move keeps it, every other lead loses it), and an answer
is judged by the cards: any winning first move counts, a card not held or no move is a
translated refusal."""

from __future__ import annotations

import pytest

from bot.errors import IllegalAction, PaijuError
from bot.games import registry
from bot.games.doudizhu import daily
from bot.games.doudizhu import moves as mv
from bot.games.doudizhu.endgame import Solver

DAYS = ("2026-12-06", "2026-12-07", "2026-12-08", "2027-01-01")


@pytest.fixture(scope="module")
def puzzles() -> dict[str, dict]:
    registry.module("doudizhu3")  # its catalogue
    return {day: daily.generate(day) for day in DAYS}


def test_a_days_puzzle_is_a_function_of_the_day(puzzles: dict[str, dict]) -> None:
    assert daily.generate(DAYS[0]) == puzzles[DAYS[0]]
    assert len({tuple(p["hands"]) for p in puzzles.values()}) == len(DAYS)


def test_the_listed_first_moves_and_only_they_keep_a_forced_win(
        puzzles: dict[str, dict]) -> None:
    for puzzle in puzzles.values():
        me, opp = (mv.parse_hand(h).counts for h in puzzle["hands"])
        leads = mv.legal_moves(mv.Hand(me), None, None)
        assert len(leads) == puzzle["leads"]
        for move in leads:
            keeps = Solver(None, daily.BUDGET).keeps_win(me, opp, move)
            assert keeps is not None
            assert keeps == (daily._key(move) in puzzle["winning"]), (puzzle, move)
        assert 1 <= len(puzzle["winning"]) <= daily.WINNING_SHARE * len(leads)
        # The line shown ends with the leader out: its moves empty the first hand.
        played = sum(len(cards) for who, cards in puzzle["line"] if who == 0)
        assert played == sum(me) and puzzle["line"][0][0] == 0
        assert daily._key(mv.parse_move(puzzle["line"][0][1])) in puzzle["winning"]


def test_any_winning_move_counts_however_it_is_typed(puzzles: dict[str, dict]) -> None:
    for puzzle in puzzles.values():
        me = mv.parse_hand(puzzle["hands"][0]).counts
        for key in puzzle["winning"]:
            assert daily.DAILY.check(puzzle, key)
            assert daily.DAILY.check(puzzle, "play " + " ".join(reversed(key)))
        losing = [m for m in mv.legal_moves(mv.Hand(me), None, None)
                  if daily._key(m) not in puzzle["winning"]]
        assert losing and not daily.DAILY.check(puzzle, str(losing[0]))


@pytest.mark.parametrize("typed", ["", "xyz", "2222 2"])
def test_an_answer_that_is_no_move_of_the_hand_is_refused_with_the_reason(
        puzzles: dict[str, dict], typed: str) -> None:
    puzzle = puzzles[DAYS[0]]
    with pytest.raises(PaijuError) as refused:
        daily.DAILY.check(puzzle, typed)
    for lang in ("en", "zh"):
        assert "missing" not in refused.value.render(lang)


def test_two_cards_that_are_no_move_are_refused(puzzles: dict[str, dict]) -> None:
    puzzle = puzzles[DAYS[0]]
    me = mv.parse_hand(puzzle["hands"][0]).counts
    singles = [i for i, n in enumerate(me) if n][:2]
    if len(singles) == 2 and me[singles[0]] and singles[1] - singles[0] > 0:
        typed = "".join(mv.Rank(i + 3).label for i in singles)
        with pytest.raises(IllegalAction):
            daily.DAILY.check(puzzle, typed)


def test_the_texts_read_in_both_languages(puzzles: dict[str, dict]) -> None:
    puzzle = puzzles[DAYS[0]]
    for lang, word, line in (("en", "forced win", "winning line"), ("zh", "必胜", "必胜走法")):
        assert word in daily.DAILY.text(puzzle, lang)
        assert line in daily.DAILY.solution(puzzle, lang)
