"""The table flow: deal, private arrangements with public commitments, reveal, settle."""

from __future__ import annotations

import json

import pytest

from bot.cards import format_compact
from bot.errors import IllegalAction
from bot.games.tianji.arrangement import commitment, parse_arrangement
from bot.games.tianji.state import TableState


def naive_action(state: TableState, seat: int) -> str:
    hand = state.hands[seat]
    return "arrange " + "|".join(format_compact(g, "") for g in (hand[:1], hand[1:3], hand[3:]))


def test_the_deal_is_seeded_and_uses_one_deck() -> None:
    state = TableState.deal(6, seed=11)
    assert state == TableState.deal(6, seed=11)
    assert state.hands != TableState.deal(6, seed=12).hands
    cards = [c for hand in state.hands for c in hand]
    assert len(cards) == 36 == len(set(cards))
    assert len(set(state.salts)) == 6
    with pytest.raises(IllegalAction) as refused:
        TableState.deal(7, seed=1)
    assert refused.value.key == "tianji.player_count"


def test_everyone_arranges_at_once_and_an_arrangement_is_final() -> None:
    state = TableState.deal(3, seed=5)
    assert state.to_act() == [0, 1, 2]
    assert len(state.legal_actions(1)) == 60
    state, events = state.apply(1, naive_action(state, 1))
    assert state.to_act() == [0, 2]
    assert state.legal_actions(1) == []
    assert [e.kind for e in events] == ["tianji.arranged"]
    assert events[0].params["commitment"] == state.commitment(1)
    with pytest.raises(IllegalAction) as refused:
        state.apply(1, naive_action(state, 1))
    assert refused.value.key == "tianji.already_arranged"


def test_the_public_view_shows_commitments_but_never_an_unrevealed_group() -> None:
    state = TableState.deal(3, seed=5)
    state, _ = state.apply(0, naive_action(state, 0))
    view = state.public_view()
    hashes = view.pop("commitments")  # hex digests: they may contain "2c" by chance
    assert all(h is None or len(h) == 64 for h in hashes)
    text = json.dumps(view)
    for hand in state.hands:
        for card in hand:
            assert card.code not in text
    for salt in state.salts:
        assert salt not in text
    view = state.public_view()
    assert view["arranged"] == [True, False, False]
    assert view["commitments"][0] == state.commitment(0) and view["commitments"][1] is None
    assert "arrangements" not in view
    # The seat itself sees its hand, its groups and its salt.
    private = state.private_view(0)
    assert private["code"] == state.arrangements[0].code  # type: ignore[union-attr]
    assert private["salt"] == state.salts[0]


def test_the_reveal_proves_every_commitment_and_settles() -> None:
    state = TableState.deal(4, seed=8)
    published = {}
    events = []
    for seat in (2, 0, 3, 1):
        state, events = state.apply(seat, naive_action(state, seat))
        published[seat] = events[0].params["commitment"]
    assert state.is_over and state.to_act() == []
    kinds = [e.kind for e in events]
    assert kinds[:2] == ["tianji.arranged", "tianji.revealed"] and kinds[-1] == "tianji.settled"
    view = state.public_view()
    for seat in range(4):
        assert commitment(view["codes"][seat], view["salts"][seat]) == published[seat]
    assert sum(view["result"]["totals"]) == 0
    assert view["result"]["totals"] == events[-1].params["totals"]
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, naive_action(state, 0))
    assert refused.value.key == "tianji.game_over"


def test_submissions_must_be_exactly_the_players_six_cards_in_groups_of_one_two_three() -> None:
    state = TableState.deal(2, seed=3)
    mine = state.hands[0]
    theirs = state.hands[1]
    bad = {
        "arrange " + f"{theirs[0].code}|{mine[1].code}{mine[2].code}|"
        + "".join(c.code for c in mine[3:]): "tianji.not_your_cards",
        "arrange " + f"{mine[0].code}{mine[1].code}|{mine[2].code}|"
        + "".join(c.code for c in mine[3:]): "tianji.group_size",
        "arrange " + f"{mine[0].code}|{mine[1].code}{mine[2].code}": "tianji.three_groups",
        "arrange " + f"{mine[0].code}|{mine[0].code}{mine[2].code}|"
        + "".join(c.code for c in mine[3:]): "cards.duplicate",
        "arrange Xx|yy|zz": "cards.unknown_token",
        "arrange B|" + f"{mine[1].code}{mine[2].code}|"
        + "".join(c.code for c in mine[3:]): "tianji.no_jokers",
    }
    for action, key in bad.items():
        with pytest.raises(IllegalAction) as refused:
            state.apply(0, action)
        assert refused.value.key == key, action
    with pytest.raises(IllegalAction):
        state.apply(5, naive_action(state, 0))


def test_any_spelling_is_accepted_and_the_canonical_one_recorded() -> None:
    state = TableState.deal(2, seed=3)
    hand = state.hands[0]
    pretty = " | ".join(" ".join(c.pretty() for c in g)
                        for g in (hand[:1], hand[3:5][::-1], (hand[1], hand[2], hand[5])))
    after, _ = state.apply(0, "ARRANGE " + pretty)
    arrangement = after.arrangements[0]
    assert arrangement is not None
    assert arrangement == parse_arrangement(arrangement.action)
    assert after.to_dict()["arrangements"][0] == arrangement.code
    # Six cards without separators read as A, B, B, C, C, C.
    spaced, _ = state.apply(0, "arrange " + format_compact(hand))
    assert spaced.arrangements[0] == parse_arrangement(naive_action(state, 0))


def test_states_round_trip_through_json_at_every_step() -> None:
    state = TableState.deal(5, seed=21)
    for seat in range(5):
        data = json.loads(json.dumps(state.to_dict()))
        assert TableState.from_dict(data) == state
        assert TableState.from_dict(data).to_dict() == state.to_dict()
        state, _ = state.apply(seat, naive_action(state, seat))
    assert TableState.from_dict(json.loads(json.dumps(state.to_dict()))) == state
