"""The end of a 斗地主 hand in the public view: the play that ended it and every seat's
cards left (hidden until then), and how the table and the result read them."""

from __future__ import annotations

from bot.games.doudizhu.text import DoudizhuText

from .deals import make, run


def bomb_ending():
    state = make("3456789TJQKA2222B", bottom="444")
    return run(state, "bid 3", "play 3456789TJQKA", "pass", "pass", "play 444B", "pass",
               "pass", "play 2222")


def test_a_hand_won_with_a_bomb_shows_the_bomb_as_the_final_play() -> None:
    view = bomb_ending().public_view()
    assert view["phase"] == "over"
    assert view["final_play"] == {"seat": 0, "cards": "2222", "type": "bomb"}
    assert view["hands_left"][0] == ""
    assert [len(left) for left in view["hands_left"]] == [0, 17, 17]


def test_cards_left_are_hidden_while_the_hand_is_played() -> None:
    state = run(make("3456789TJQKA2222B", bottom="444"), "bid 3", "play 3456789TJQKA")
    view = state.public_view()
    assert "hands_left" not in view and "final_play" not in view


def test_the_finished_table_names_the_final_play_and_each_seats_cards() -> None:
    text = DoudizhuText()
    view = bomb_ending().public()
    names = ["Ann", "Bob", "Cy"]
    assert text.over_lines(view, names, "en") == ["Ann went out with 2 2 2 2 (bomb)"]
    assert text.over_lines(view, names, "zh") == ["Ann 最后出 2 2 2 2(炸弹),出完了"]
    assert text.seat_info(view, 1, "en").status.startswith("left: ")
    assert text.seat_info(view, 0, "en").status == ""


def test_each_players_formula_names_stake_base_multiplier_and_doubling() -> None:
    state = make("3456789TJQKA2222B", bottom="444", doubling=True)
    state = run(state, "bid 3", "double", "no-double", "no-double")  # farmers, landlord
    state = run(state, "play 3456789TJQKA", "pass", "pass", "play 444B", "pass", "pass",
                "play 2222")
    view = state.public()
    assert [seat.doublings for seat in view.seats] == [(2, 1), (2,), (1,)]  # the engine's
    text = DoudizhuText()
    farmer = text.formula(view, 1, 20, "zh")
    assert farmer == "底注 20 × 底分 3 × 倍数 ×4(炸弹、春天) × 加倍 ×2"
    assert text.formula(view, 2, 20, "zh") == "底注 20 × 底分 3 × 倍数 ×4(炸弹、春天)"
    landlord = text.formula(view, 0, 20, "en")
    assert landlord == ("stake 20 × base 3 × multiplier ×4 (bomb, spring) × "
                        "doubling (×2 + ×1)")
    assert view.result is not None and view.result.scores == (36, -24, -12)


def test_the_two_player_farmer_is_told_when_their_hand_changes() -> None:
    from .deals import events_of

    # Seat 1 bids 3 and is the landlord: farmer seat 0 plays hand 2, its bid hand (0) is
    # the out-of-play one.
    state = make(first=1, players=2)
    state, events = events_of(state, "bid 3")
    switch = [e for e in events if e.kind == "ddz.hand_switch"]
    assert state.landlord == 1 and len(switch) == 1
    assert switch[0].seat == 0 and switch[0].params == {"hand": 2, "dummy": 0}
    text = DoudizhuText().private_event(switch[0], "en")
    assert text is not None and "the hand you bid with is out of play" in text
    # Seat 0 landlord: farmer seat 1 plays hand 1, its own: nothing to tell.
    state, events = events_of(make(first=0, players=2), "bid 3")
    assert state.landlord == 0 and not [e for e in events if e.kind == "ddz.hand_switch"]
