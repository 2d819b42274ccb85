"""斗地主 play, multiplier and result (RULES §1.3–§1.5, §2)."""

from __future__ import annotations

import pytest

from bot.errors import IllegalAction
from bot.games.doudizhu.actions import Phase
from bot.games.doudizhu.moves import MoveType
from bot.games.doudizhu.state import DoudizhuState

from .deals import events_of, make, run

# The landlord (seat 0, bid 3) holds a 12-card straight, A A, four 2s and the rocket; the
# farmers (filled low-first) hold no bomb and nothing that beats any of it.
SPRING_HAND, SPRING_BOTTOM = "3456789TJQKA2222B", "AAR"
SPRING_PLAY = ("play 3456789TJQKA", "pass", "pass", "play AA", "pass", "pass",
               "play 2222", "pass", "pass", "play BR")


def spring_deal(**options: object) -> DoudizhuState:
    return make(SPRING_HAND, bottom=SPRING_BOTTOM, first=0, **options)


# The landlord (seat 0) holds pairs 3–T and a J; farmer 1 holds the red joker, a 12-card
# straight and four 2s, and goes out after the landlord's opening single.
ANTI_SPRING = make("33445566778899TTJ", "R3456789TJQKA2222", first=0)
ANTI_SPRING_PLAY = ("bid 3", "play 3", "play R", "pass", "pass", "play 3456789TJQKA",
                    "pass", "pass", "play 2222")


def test_spring_doubles_and_bombs_and_the_rocket_each_double() -> None:
    state, events = events_of(spring_deal(), "bid 3", *SPRING_PLAY)
    assert state.is_over and state.winner == "landlord"
    assert state.causes == ("bomb", "rocket", "spring") and state.multiplier == 8
    assert state.result() == {"landlord": 0, "winner": "landlord", "multiplier": 8,
                              "spring": True, "anti_spring": False, "bombs": 2,
                              "scores": [48, -24, -24]}
    kinds = [e.kind for e in events]
    assert kinds.count("ddz.bomb") == 1 and kinds.count("ddz.rocket") == 1
    assert "ddz.spring" in kinds and kinds[-1] == "ddz.result"
    bomb = next(e for e in events if e.kind == "ddz.bomb")
    rocket = next(e for e in events if e.kind == "ddz.rocket")
    assert bomb.params["multiplier"] == 2 and rocket.params["multiplier"] == 4


def test_anti_spring_when_the_landlord_played_only_the_opening_move() -> None:
    state = run(ANTI_SPRING, *ANTI_SPRING_PLAY)
    assert state.winner == "farmers"
    # A lone red joker is a single, not the rocket: only the bomb and anti-spring count.
    assert state.causes == ("bomb", "anti_spring") and state.multiplier == 4
    assert state.scores() == [-24, 12, 12]


def test_no_spring_once_a_farmer_has_played() -> None:
    state = run(make("3456789TJQKA2222B", bottom="AAR", first=0),
                "bid 1", "pass", "pass", "play 3", "play 4", "pass", "play A", "pass", "pass",
                "play 456789TJQKA", "pass", "pass", "play A", "pass", "pass", "play 2222",
                "pass", "pass", "play BR")
    assert state.winner == "landlord" and state.causes == ("bomb", "rocket")


def test_the_leader_of_a_trick_cannot_pass_and_two_passes_end_a_trick() -> None:
    state = run(spring_deal(), "bid 3")
    with pytest.raises(IllegalAction) as info:
        state.apply(0, "pass")
    assert info.value.key == "ddz.err.leader_cannot_pass"
    state = run(state, "play 3456789TJQKA", "pass")
    assert state.table is not None and state.turn == 2
    state = run(state, "pass")
    assert state.table is None and state.turn == 0
    assert "pass" not in state.legal_actions(0)


def test_cards_left_warnings_at_three_two_and_one() -> None:
    state, events = events_of(spring_deal(), "bid 3", *SPRING_PLAY[:7])
    warnings = [(e.seat, e.params["count"]) for e in events if e.kind == "ddz.cards_left"]
    assert warnings == [(0, 2)]
    assert state.public_view()["seats"][0]["warning"] == 2


def test_bomb_cap_stops_counting_bombs_but_not_the_bomb_tally() -> None:
    state, events = events_of(spring_deal(bomb_cap=1), "bid 3", *SPRING_PLAY)
    assert state.causes == ("bomb", "spring") and state.bombs == 2
    rocket = next(e for e in events if e.kind == "ddz.rocket")
    assert rocket.params == {"multiplier": 2, "counted": False}


def test_doubling_farmers_then_landlord_and_per_farmer_stakes() -> None:
    state = run(spring_deal(doubling=True), "bid 3")
    assert state.phase is Phase.DOUBLING and state.turn == 1
    state = run(state, "double")
    assert state.turn == 2
    state = run(state, "no-double")
    assert state.turn == 0
    state = run(state, "double")
    assert state.phase is Phase.PLAYING and state.turn == 0
    state = run(state, *SPRING_PLAY)
    assert state.multiplier == 8
    assert state.scores() == [3 * 8 * 4 + 3 * 8 * 2, -3 * 8 * 4, -3 * 8 * 2]


def test_showing_the_hand_doubles_and_shows_it_to_the_table() -> None:
    state = run(spring_deal(show_hand=True), "bid 3")
    assert state.phase is Phase.SHOWING and state.legal_actions(0) == ["show", "no-show"]
    shown = run(state, "show")
    assert shown.causes == ("show",) and shown.public_view()["shown_hand"] == " ".join(
        shown.hand(0))
    assert run(state, "no-show").public_view()["shown_hand"] is None
    assert run(shown, *SPRING_PLAY).multiplier == 16


def test_a_saved_hand_with_the_retired_last_bidder_double_plays_on_without_it() -> None:
    # RULES §1.2 (ruled 2026-12): no last_bidder_double; the QQ sheet's "所叫分数的两倍" is
    # the ordinary settlement. A state saved with the option (and its flag) still loads.
    state = run(make(None, None, SPRING_HAND, bottom=SPRING_BOTTOM, first=0),
                "pass", "pass", "bid 1")
    saved = state.to_dict()
    saved["options"]["last_bidder_double"] = True
    saved["last_bidder"] = True
    state = run(DoudizhuState.from_dict(saved), "play 3456789TJQKA", "pass", "pass",
                "play AA", "pass", "pass", "play 2222", "pass", "pass", "play BR")
    # ×2 bomb ×2 rocket ×2 spring at bid 1: each farmer −8, the landlord +16 (the old option
    # doubled a last bidder's win again: −16, −16, +32).
    assert state.causes == ("bomb", "rocket", "spring")
    assert state.scores() == [-8, -8, 16]
    assert "last_bidder_double" not in state.to_dict()["options"]


def test_play_errors_leave_the_state_unchanged() -> None:
    state = run(spring_deal(), "bid 3", "play 3456789TJQKA")
    before = state.to_dict()
    for seat, action, key in [(2, "pass", "ddz.err.not_your_turn"),
                              (1, "play 2", "ddz.err.not_in_hand"),
                              (1, "play 34", "ddz.move."),
                              (1, "play 3", "ddz.err.does_not_beat"),
                              (1, "bid 3", "ddz.err.")]:
        with pytest.raises(IllegalAction) as info:
            state.apply(seat, action)
        assert info.value.key.startswith(key), (action, info.value.key)
    assert state.to_dict() == before


def test_forgiving_card_spellings_are_recorded_canonically() -> None:
    state = run(spring_deal(), "bid 3", "3 4 5 6 7 8 9 10 j q k a", "不出", "PASS", "AA")
    assert state.actions[1:] == ("play 3456789TJQKA", "pass", "pass", "play AA")


def test_apply_never_changes_the_old_state() -> None:
    state = run(spring_deal(), "bid 3")
    snapshot = state.to_dict()
    state.apply(0, "play AA")
    assert state.to_dict() == snapshot


def test_escape_penalty_is_three_times_the_current_stake_to_the_bank() -> None:
    state = run(spring_deal(), "bid 2", "pass", "pass")
    assert state.current_stake(1) == 2
    assert state.escape_scores(1) == [0, -6, 0]
    assert state.escape_scores(0) == [-6, 0, 0]
    state = run(state, "play 3456789TJQKA", "pass", "pass", "play AA", "pass", "pass",
                "play 2222")
    assert state.current_stake(2) == 4
    assert state.escape_scores(2) == [0, 0, -12]


def test_escape_penalty_shared_by_the_players_when_escape_to_is_players() -> None:
    state = run(spring_deal(escape_to="players"), "bid 2", "pass", "pass")
    assert state.escape_scores(1) == [3, -6, 3]


def test_escape_before_anyone_bids_costs_six() -> None:
    # JJ sheet: 叫分前逃跑扣6分 — before any bid (a pass is not a bid) the quitter pays 6.
    state = spring_deal()
    assert state.escape_scores(1) == [0, -6, 0]
    assert run(state, "pass").escape_scores(2) == [0, 0, -6]
    assert run(spring_deal(escape_to="players"), "pass").escape_scores(2) == [3, 3, -6]


# -- two players (RULES §2) ------------------------------------------------------------------

def test_two_player_farmer_takes_the_hand_at_the_landlords_next_seat() -> None:
    state = run(make("3456789TJQKA", "3456789TJQKA", players=2, first=0), "pass", "bid 1")
    assert state.landlord == 1
    assert state.hand_index(0) == 2 and state.hand(0) == state.hands[2]
    assert state.dummy_index == 0
    dummy = state.public_view()["dummy"]
    assert dummy["hand"] == 0 and dummy["hand_cards"] == " ".join(state.hands[0])


def test_two_player_hidden_dummy_is_never_shown() -> None:
    state = run(make(players=2, dummy_visible=False, first=0), "bid 3")
    dummy = state.public_view()["dummy"]
    assert dummy["hand"] == 2 and dummy["hand_cards"] is None and dummy["visible"] is False


def test_two_player_trick_ends_at_the_first_pass() -> None:
    state = run(make("3456789TJQKA", players=2, first=0), "bid 3", "play 3", "pass")
    assert state.table is None and state.turn == 0


def test_two_player_spring_and_settlement_between_two() -> None:
    state = run(make(SPRING_HAND, players=2, bottom=SPRING_BOTTOM, first=0),
                "bid 3", "play 3456789TJQKA", "pass", "play AA", "pass", "play 2222",
                "pass", "play BR")
    assert state.causes == ("bomb", "rocket", "spring")
    assert state.scores() == [24, -24]


def test_prohibition_four_twos_only_as_the_bomb_or_four_with_two() -> None:
    state = run(make("3456789TJQKA", "22223456789TJQKAA", players=2, first=0),
                "pass", "bid 3")
    assert state.landlord == 1 and state.constraints[0]
    with pytest.raises(IllegalAction) as info:
        state.apply(1, "play 2")
    assert info.value.key == "ddz.err.prohibited"
    plays = state.legal_actions(1)
    assert "play 2222" in plays and "play 22" not in plays
    assert all(p.count("2") in (0, 4) for p in plays)


def test_prohibition_rocket_only_as_the_rocket() -> None:
    state = run(make("3456789TJQKA", "BR3456789TJQKAAA", players=2, first=0), "pass", "bid 3")
    with pytest.raises(IllegalAction):
        state.apply(1, "play B")
    plays = state.legal_actions(1)
    assert "play BR" in plays and not any(("B" in p) != ("R" in p) for p in plays)


def test_prohibition_no_four_with_two_when_holding_more_than_two_bombs() -> None:
    state = run(make("6789TJQKA", "333344445555", players=2, first=0), "pass", "bid 3")
    assert state.landlord == 1 and state.constraints[2]
    with pytest.raises(IllegalAction) as info:
        state.apply(1, "play 333389")
    assert info.value.key == "ddz.err.prohibited"
    moves = state.legal_moves(1)
    assert any(m.type is MoveType.BOMB for m in moves)
    assert not any(m.type in (MoveType.FOUR_TWO_SINGLES, MoveType.FOUR_TWO_PAIRS)
                   for m in moves)


def test_the_farmer_is_not_bound_by_the_prohibitions() -> None:
    farmer = run(make("3456789TJQK", "BR3456789TJQKAA", players=2, first=0), "bid 3",
                 "play 3")
    assert farmer.landlord == 0 and farmer.move_constraints(1) is None
    assert "play B" in farmer.legal_actions(1)


def test_only_a_seat_with_nothing_that_beats_the_trick_is_left_with_the_pass() -> None:
    # 要不起: what the host plays itself for a person (auto_pass). Never a bid, never a lead.
    from bot.games.doudizhu.play import forced_pass

    dealt = spring_deal()
    assert forced_pass(dealt, 0) is None  # bidding: a choice, even "pass" (不叫)
    led = run(dealt, "bid 3", "play 3456789TJQKA")
    assert [forced_pass(led, seat) for seat in range(3)] == [None, "pass", None]
    assert led.legal_actions(1) == ["pass"]
    new_trick = run(led, "pass", "pass")
    assert forced_pass(new_trick, 0) is None  # the leader may not pass
    # ANTI_SPRING's farmer 1 holds the red joker: beating a single is a choice.
    opened = run(ANTI_SPRING, "bid 3", "play 3")
    assert forced_pass(opened, 1) is None and "pass" in opened.legal_actions(1)
