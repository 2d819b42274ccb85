"""`python -m bot judge doudizhu-game`: re-judging whole game records."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from bot.errors import IllegalAction
from bot.games.doudizhu.ai import choose_action
from bot.games.doudizhu.options import RuleOptions
from bot.games.doudizhu.referee import judge_game
from bot.games.doudizhu.state import DoudizhuState

from .test_state_play import SPRING_BOTTOM, SPRING_HAND, SPRING_PLAY

SPRING_RECORD = {
    "players": 3, "options": {}, "hands": ["3456789TJQKA2222B", "333444555666777" "88",
                                           "8999TTTJJJQQQKKKA"],
    "bottom": SPRING_BOTTOM, "first_bidder": 0, "actions": ["bid 3", *SPRING_PLAY],
}


def played_game(seed: int, options: RuleOptions) -> DoudizhuState:
    rng = random.Random(seed)
    state = DoudizhuState.new(options, seed)
    while not state.is_over:
        (seat,) = state.to_act()
        if rng.random() < 0.5:
            action = rng.choice(state.legal_actions(seat))
        else:
            action = choose_action(state, seat)
        state, _ = state.apply(seat, action)
    return state


def test_a_spring_record_is_judged_with_its_multiplier_and_scores() -> None:
    assert SPRING_RECORD["hands"][0] == SPRING_HAND
    assert judge_game(SPRING_RECORD) == {
        "landlord": 0, "winner": "landlord", "multiplier": 8, "spring": True,
        "anti_spring": False, "bombs": 2, "scores": [48, -24, -24]}


@pytest.mark.parametrize("seed", range(30))
def test_every_finished_game_record_rejudges_to_its_result(seed: int) -> None:
    rng = random.Random(seed)
    options = RuleOptions(players=rng.choice((2, 3)), bidding=rng.choice(("points", "grab")),
                          doubling=rng.random() < 0.5,
                          show_hand=rng.random() < 0.5, bomb_cap=rng.choice((None, 1)))
    state = played_game(seed, options)
    record = json.loads(json.dumps(state.record()))
    assert judge_game(record) == state.result()


def test_the_first_illegal_action_is_reported_with_its_index() -> None:
    record = dict(SPRING_RECORD, actions=["bid 3", "play 3456789TJQKA", "play 3"])
    answer = judge_game(record)
    assert answer["at"] == 2 and "does not beat" in answer["error"]
    record = dict(SPRING_RECORD, actions=["bid 2", "bid 1"])
    assert judge_game(record)["at"] == 1
    record = dict(SPRING_RECORD, actions=["bid 3", "pass"])
    assert judge_game(record)["at"] == 1


def test_an_unfinished_or_overlong_record_is_an_error_at_its_end() -> None:
    assert judge_game(dict(SPRING_RECORD, actions=["bid 3"]))["at"] == 1
    overlong = dict(SPRING_RECORD, actions=["bid 3", *SPRING_PLAY, "pass"])
    assert judge_game(overlong)["at"] == len(SPRING_PLAY) + 1


def test_all_passing_ends_the_record_with_a_redeal() -> None:
    assert judge_game(dict(SPRING_RECORD, actions=["pass", "pass", "pass"])) == {
        "redeal": True}
    answer = judge_game(dict(SPRING_RECORD, actions=["pass", "pass", "pass", "bid 1"]))
    assert answer["at"] == 3


def test_cards_that_are_not_one_deck_are_refused() -> None:
    with pytest.raises(IllegalAction) as info:
        judge_game(dict(SPRING_RECORD, bottom="AAA"))
    assert info.value.key == "ddz.err.record_not_a_deck"
    with pytest.raises(IllegalAction) as info:
        judge_game(dict(SPRING_RECORD, hands=SPRING_RECORD["hands"][:2]))
    assert info.value.key == "ddz.err.record_hands"


def test_two_player_records_use_the_three_dealt_hands() -> None:
    record = dict(SPRING_RECORD, players=2,
                  actions=["bid 3", "play 3456789TJQKA", "pass", "play AA", "pass",
                           "play 2222", "pass", "play BR"])
    assert judge_game(record)["scores"] == [24, -24]


def test_the_command_line_referee_answers_each_line() -> None:
    lines = [json.dumps(SPRING_RECORD), "not json",
             json.dumps(dict(SPRING_RECORD, actions=["bid 3", "pass"]))]
    out = subprocess.run([sys.executable, "-m", "bot", "judge", "doudizhu-game"],
                         input="\n".join(lines) + "\n", capture_output=True, text=True,
                         timeout=60, check=True).stdout.splitlines()
    answers = [json.loads(line) for line in out]
    assert answers[0]["scores"] == [48, -24, -24]
    assert "error" in answers[1]
    assert answers[2]["at"] == 1


def test_the_command_line_referee_refuses_a_pass_with_three_twos_and_the_small_joker() -> None:
    # RULES §2 as ruled 2026-12: 四个二王也必叫 — four or more among the 2s and jokers
    # must bid while a bid is possible; 2 2 2 + 小王 may not pass, 2 2 2 alone may.
    forced = {"players": 2, "hands": ["222B3456789TJQKAA", "33445566778899TTJ",
                                      "JJQQQKKKAA2R34567"],
              "bottom": "89T", "first_bidder": 0, "actions": ["pass"]}
    free = dict(forced, hands=["2223456789TJQKAAT", "33445566778899TTJ", "JJQQQKKKAA2R34567"],
                bottom="89B")
    lines = [json.dumps(forced), json.dumps(dict(forced, first_bidder=1,
                                                 actions=["bid 1", "pass"])),
             json.dumps(free)]
    out = subprocess.run([sys.executable, "-m", "bot", "judge", "doudizhu-game"],
                         input="\n".join(lines) + "\n", capture_output=True, text=True,
                         timeout=60, check=True).stdout.splitlines()
    answers = [json.loads(line) for line in out]
    assert answers[0]["at"] == 0 and "error" in answers[0]
    assert answers[1]["at"] == 1 and "error" in answers[1]
    assert answers[2] == {"error": answers[2]["error"], "at": 1}  # the pass stands; unfinished
