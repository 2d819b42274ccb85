"""斗地主 options, the GameSpec, views, the card counter and announcements."""

from __future__ import annotations

import json
import random

import pytest

from bot.cards import Rank
from bot.errors import IllegalAction
from bot.games.doudizhu.announce import announcement
from bot.games.doudizhu.counter import counter_text, out_of_sight
from bot.games.doudizhu.options import DEFAULT_AI_BUDGET, RuleOptions, validate
from bot.games.doudizhu.spec import DOUDIZHU2, DOUDIZHU3
from bot.games.doudizhu.state import DoudizhuState
from bot.i18n import catalogue, translate

from .deals import events_of, make, run
from .test_state_play import SPRING_PLAY, spring_deal


def test_defaults_follow_the_rules_table() -> None:
    assert DOUDIZHU3.default_options() == {
        "players": 3, "bidding": "points", "last_bidder_min_two": False,
        "first_bidder": "face_up", "no_bid_penalty": False, "doubling": False,
        "show_hand": False, "bomb_cap": None, "dummy_visible": True, "escape_penalty": True,
        "escape_to": "bank", "ai_level": "normal", "ai_budget": DEFAULT_AI_BUDGET,
        "variant": "classic", "shuffle": True}
    assert DOUDIZHU2.default_options()["players"] == 2


@pytest.mark.parametrize("bad", [
    {"bidding": "auction"}, {"bomb_cap": -1}, {"bomb_cap": True}, {"doubling": "yes"},
    {"colour": "red"}, {"players": 4},
    {"bidding": "grab", "last_bidder_min_two": True},
    {"players": 2, "no_bid_penalty": True}, {"first_bidder": "dealer"},
    {"escape_to": "charity"}, {"ai_level": "genius"}, {"ai_budget": -5},
])
def test_bad_options_are_refused_with_a_reason(bad: dict[str, object]) -> None:
    with pytest.raises(IllegalAction) as info:
        validate(bad)
    assert info.value.key.startswith("ddz.err.")
    assert translate(info.value.key, "zh", **info.value.params) != info.value.key


def test_the_spec_checks_the_player_count_and_fills_defaults() -> None:
    assert DOUDIZHU3.validate_options({"bomb_cap": 3})["bomb_cap"] == 3
    with pytest.raises(IllegalAction):
        DOUDIZHU3.validate_options({"players": 2})
    with pytest.raises(IllegalAction):
        DOUDIZHU2.new_game(3, {}, seed=1)
    assert RuleOptions.from_dict(None) == RuleOptions()


def test_the_spec_runs_a_whole_game_and_reloads_states() -> None:
    state = DOUDIZHU2.new_game(2, {"dummy_visible": False}, seed=9, dealer=1)
    assert state.players == 2 and not state.options.dummy_visible
    rng = random.Random(0)
    while not state.is_over:
        (seat,) = state.to_act()
        state, _ = state.apply(seat, DOUDIZHU2.ai_action(state, seat, rng))
        assert DOUDIZHU2.state_from_dict(json.loads(json.dumps(state.to_dict()))) == state
    assert DOUDIZHU2.scores(state) == state.scores() and sum(state.scores()) == 0
    assert DOUDIZHU3.min_players == DOUDIZHU3.max_players == 3


def test_the_public_view_shows_counts_roles_the_trick_and_the_itemised_multiplier() -> None:
    state = run(spring_deal(), "bid 3", *SPRING_PLAY[:7])
    view = state.public_view()
    assert [s["cards"] for s in view["seats"]] == [2, 17, 17]
    assert [s["role"] for s in view["seats"]] == ["landlord", "farmer", "farmer"]
    assert view["trick"] == {"seat": 0, "cards": "2222", "type": "bomb"}
    assert view["multiplier"] == 2 and view["causes"] == [{"cause": "bomb", "factor": 2}]
    assert view["bottom"] is not None and view["face_up"] is None
    assert all(seat.get("hand") is None for seat in view["seats"])


def test_the_private_view_holds_the_seats_hand_and_choices() -> None:
    state = run(spring_deal(), "bid 3")
    mine = state.private_view(0)
    assert mine["ranks"] == "3456789TJQKAAA2222BR" and mine["to_act"]
    assert "play BR" in mine["legal"] and "pass" not in mine["legal"]
    assert state.private_view(1)["legal"] == [] and len(state.private_view(1)["hand"].split()) == 17


def test_the_card_counter_counts_what_a_seat_cannot_see() -> None:
    state = run(spring_deal(), "bid 3", "play 3456789TJQKA")
    left = out_of_sight(state, 1)
    # Seat 1 holds three of 3–7 and two 8s; the straight took one of each of 3–A.
    assert left[Rank.THREE] == 0 and left[Rank.EIGHT] == 1 and left[Rank.ACE] == 3
    assert left[Rank.RED_JOKER] == 1 and sum(left.values()) == 54 - 17 - 12
    assert counter_text(state, 1).startswith("R:1 B:1 2:4 A:3")


def test_the_counter_sees_a_visible_dummy_and_a_shown_hand() -> None:
    two = run(make(players=2, first=0), "bid 3")
    assert sum(out_of_sight(two, 1).values()) == 20  # the landlord's hand: 54 - 17 - 17
    hidden = run(make(players=2, first=0, dummy_visible=False), "bid 3")
    assert sum(out_of_sight(hidden, 1).values()) == 54 - 17
    shown = run(spring_deal(show_hand=True), "bid 3", "show")
    assert sum(out_of_sight(shown, 1).values()) == 54 - 17 - 20


def test_every_event_has_an_announcement_in_both_languages() -> None:
    kinds = set()
    _, events = events_of(spring_deal(doubling=True, show_hand=True), "bid 3", "double",
                          "no-double", "double", "show", *SPRING_PLAY)
    _, more = events_of(make(first=0, bidding="grab"), "bid 1", "grab", "no-grab")
    passed, redeal = events_of(DoudizhuState.new(RuleOptions(no_bid_penalty=True), 2),
                               *["pass"] * 6)
    # A third all-pass deal (the first bidder may no longer pass on it: settled directly).
    from bot.games.doudizhu.bidding import redeal as deal_again

    redeal += deal_again(passed.evolve(auction=((passed.first_bidder, "pass"),) * 3), [])[1]
    for event in events + more + redeal:
        kinds.add(event.kind)
        said = announcement(event)
        if said is None:
            continue
        key, params = said
        assert key in catalogue(), key
        for lang in ("en", "zh"):
            text = translate(key, lang, player="P", **params)
            assert "{" not in text, text
    assert {"ddz.bid", "ddz.call", "ddz.grab", "ddz.landlord", "ddz.bottom", "ddz.double",
            "ddz.show", "ddz.play", "ddz.pass", "ddz.bomb", "ddz.rocket", "ddz.cards_left",
            "ddz.spring", "ddz.result", "ddz.redeal", "ddz.no_bid_penalty"} <= kinds


def test_the_record_of_a_deal_replays_its_hands_and_actions() -> None:
    state = run(spring_deal(), "bid 3", *SPRING_PLAY)
    record = state.record()
    assert record["hands"][0] == "3456789TJQKA2222B" and record["bottom"] == "AAR"
    assert record["actions"] == ["bid 3", *SPRING_PLAY]
