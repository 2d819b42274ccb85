"""`judge doudizhu-ai` in the modes (RULES §2.1): a play request carries the wild ranks and the
variant, plays in the history may name their reading, and the answer is a legal play (its
reading named when a wild card is in it), the same as the modes' AI at the table."""

from __future__ import annotations

import json
import random

import pytest

from bot.errors import IllegalAction
from bot.games.doudizhu import ai_service, wild_ai
from bot.games.doudizhu import moves as mv
from bot.games.doudizhu.actions import Phase
from bot.games.doudizhu.baselines import random_action
from bot.games.doudizhu.options import RuleOptions
from bot.games.doudizhu.referee import judge_ai, position_request
from bot.games.doudizhu.state import DoudizhuState


@pytest.mark.parametrize("seed", range(16))
def test_positions_of_random_games_in_the_modes_get_the_tables_play(seed: int) -> None:
    rng = random.Random(seed)
    variant = ("laizi", "tiandi_laizi")[seed % 2]
    options = RuleOptions(players=rng.choice((2, 3)), variant=variant)
    state = DoudizhuState.new(options, seed)
    asked = named = 0
    while not state.is_over:
        (seat,) = state.to_act()
        if state.phase is Phase.PLAYING:
            request = json.loads(json.dumps(position_request(state, seat)))
            assert request["options"]["variant"] == variant
            assert len(request["wild"]) == (1 if variant == "laizi" else 2)
            answer = judge_ai(request)
            action = f"play {answer['play']}" if answer["play"] else "pass"
            assert action in state.legal_actions(seat), (answer, request)
            assert action == wild_ai.choose_action(state, seat), request
            asked += 1
            named += "=" in answer["play"]
        state, _ = state.apply(seat, random_action(state, seat, rng))
    assert asked


def test_the_answers_name_readings_somewhere_in_the_runs() -> None:
    named = 0
    for seed in range(16):
        rng = random.Random(seed)
        state = DoudizhuState.new(RuleOptions(variant="laizi"), seed)
        while not state.is_over:
            (seat,) = state.to_act()
            if state.phase is Phase.PLAYING:
                named += "=" in judge_ai(json.loads(json.dumps(
                    position_request(state, seat))))["play"]
            state, _ = state.apply(seat, random_action(state, seat, rng))
    assert named


BASE = {"players": 3, "seat": 1, "landlord": 0, "hand": "3344556677889TJQK",
        "bottom": "AAR", "options": {"variant": "laizi"}}
FIVE = mv.Wild((2,))
# Seat 2's view after seat 0 (the landlord) led 557788 with the 5s wild: 四带二 of 7s
# (777788), of 8s, a 飞机 777888, or 连对 667788 / 778899.
SEAT2 = dict(BASE, seat=2, wild="5", hand="33344466QQKKAA22B", bottom="36R")


def test_a_named_reading_in_the_history_is_the_trick_to_beat() -> None:
    for named, kind, top in (("777788", mv.MoveType.FOUR_TWO_SINGLES, "7"),
                             ("667788", mv.MoveType.PAIR_CHAIN, "8"),
                             ("778899", mv.MoveType.PAIR_CHAIN, "9"),
                             ("777888", mv.MoveType.TRIPLE_CHAIN, "8")):
        request = dict(SEAT2, seat=1, hand="3344699TTJJQKA22B",
                       history=[[0, f"557788={named}"]])
        table = ai_service.position_of(request, 3, FIVE).to_beat
        assert table is not None and (table.type, table.rank.char) == (kind, top), named
        assert set(judge_ai(request)) == {"play"}


def test_an_unnamed_play_is_read_so_that_the_rest_of_the_history_stands() -> None:
    # Read the weakest way (四带二 of 7s) the 99TTJJ after it would be illegal: it was a 连对.
    request = dict(SEAT2, history=[[0, "557788"], [1, "99TTJJ"]])
    position = ai_service.position_of(request, 3, FIVE)
    assert position.to_beat is not None and position.to_beat.type is mv.MoveType.PAIR_CHAIN
    assert judge_ai(request)["play"] in ("", "QQKKAA")
    with pytest.raises(IllegalAction) as info:  # no reading of it lets 99TTJ stand
        judge_ai(dict(SEAT2, hand="33344466QQKKAA22BJ"[:17],
                      history=[[0, "557788"], [1, "99TTJ"]]))
    assert info.value.key in ("ddz.err.ai_illegal_play", "ddz.err.ai_hand_size")


@pytest.mark.parametrize("bad", [{"wild": "59"}, {"wild": "B"}, {"wild": ""}, {"wild": 5},
                                 {"wild": "5", "options": {"variant": "tiandi_laizi"}},
                                 {"wild": "55", "options": {"variant": "tiandi_laizi"}}])
def test_wild_ranks_that_do_not_fit_the_variant_are_refused(bad: dict[str, object]) -> None:
    with pytest.raises(IllegalAction) as info:
        judge_ai({**BASE, "history": [[0, "3"]], **bad})
    assert info.value.key == "ddz.err.ai_bad_field"


def test_mode_names_the_variant_in_a_request_too() -> None:
    answer = judge_ai(dict(BASE, options={"mode": "laizi"}, wild="5", history=[[0, "3"]]))
    assert set(answer) == {"play"}


def test_judge_doudizhu_takes_the_variant_beside_the_wild_ranks() -> None:
    from bot.games.doudizhu.referee import judge_moves

    for options in ({"variant": "laizi"}, {"mode": "laizi"}):
        assert judge_moves({"hand": "3345777", "last": "6", "wild": "5",
                            "options": options}) == {"legal": ["7", "5777=7777"]}
    assert judge_moves({"hand": "3345777", "last": "6", "options": {"variant": "classic"}}) \
        == {"legal": ["7"]}
    for bad in ({"wild": "5", "options": {"variant": "tiandi_laizi"}},
                {"wild": "", "options": {"variant": "laizi"}},
                {"wild": "59", "options": {"mode": "laizi"}},
                {"wild": "5", "options": {"variant": "laizi", "mode": "classic"}},
                {"wild": "5", "options": "laizi"}):
        with pytest.raises(IllegalAction):
            judge_moves({"hand": "3345777", "last": "6", **bad})
