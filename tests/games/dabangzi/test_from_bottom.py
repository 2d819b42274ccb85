"""Issue 53 point 11: the "[ ] from the bottom" markers of 打棒子 (two decks) mark the cards
a seat actually took up from the kitty — the dealer's, as many of each code as it took —
never an attacker's card that only equals a kitty card, nor a kitty card the dealer buried.
Checked where every surface reads them: the host's private fields (chat text, the play
page, the Telegram and Discord photos) and the hand picture's record."""

from __future__ import annotations

from collections import Counter

from bot.games.dabangzi.order import LEVELS
from bot.games.dabangzi.state import DabangziState
from bot.host.pictures import private_fields
from bot.host.room import Room
from bot.host.views import Place
from bot.pictures import Pictures

LEVEL_T = LEVELS.index("T")  # level 10 shows the buried kitty to everyone (clause 3)


def to_bury(seed: int) -> tuple[DabangziState, tuple[str, ...]]:
    """A single hand at level 10 played on to the dealer's burying; the kitty as dealt."""
    state = DabangziState.start(seed, 0, False, carried=((LEVEL_T, LEVEL_T), 1))
    kitty = state.kitty
    while state.phase != "bury":
        seat = state.to_act()[0]
        state, _ = state.apply(seat, state.legal_actions(seat)[0])
    return state, kitty


def marked(state: DabangziState, seat: int) -> tuple[str, ...]:
    """What the host marks in `seat`'s hand (every surface reads this field)."""
    room = Room("r1", Place("telegram", "c"), "dabangzi", {}, 10, "beans", "en")
    private = state.private(seat)
    return private_fields(room, state.public(), tuple(private.hand.split()), private)["marked"]


def a_deal_with_doubles() -> tuple[DabangziState, tuple[str, ...]]:
    """A deal whose dealer, after taking the kitty, holds two of some kitty card and whose
    attackers hold codes equal to kitty cards (two decks)."""
    for seed in range(1, 200):
        state, kitty = to_bury(seed)
        dealer = state.dealer
        assert dealer is not None
        doubled = any(state.hands[dealer].count(c) > kitty.count(c) for c in kitty)
        attackers = [s for s in range(4) if s % 2 != dealer % 2]
        if doubled and all(set(state.hands[s]) & set(kitty) for s in attackers):
            return state, kitty
    raise AssertionError("no such deal in 200 seeds")


def test_only_the_dealer_marks_and_only_as_many_as_it_took() -> None:
    state, kitty = a_deal_with_doubles()
    dealer = state.dealer
    assert dealer is not None
    assert Counter(marked(state, dealer)) == Counter(kitty)
    for seat in range(4):
        if seat % 2 != dealer % 2:
            assert marked(state, seat) == (), seat  # equal codes are not from the bottom


def test_once_the_kitty_is_buried_and_shown_the_marks_stay_the_cards_taken() -> None:
    state, kitty = a_deal_with_doubles()
    dealer = state.dealer
    assert dealer is not None
    while state.phase == "bury":  # bury the first buriable cards
        state, _ = state.apply(dealer, f"bury {state.buriable(dealer)[0]}")
    assert state.public().bottom_cards  # level 10: the buried kitty is shown to all
    left = Counter(state.hands[dealer]) & Counter(kitty)
    assert Counter(marked(state, dealer)) == left
    for seat in range(4):
        if seat != dealer and all(taker != seat for taker, _ in state.picked):
            assert marked(state, seat) == (), seat


def test_the_picture_marks_one_copy_per_card_taken() -> None:
    hand = ["Ah", "Ah", "Kd", "3c", "3c"]
    layout = Pictures().hand(hand, bottom=["Ah", "3c"], game="dabangzi").layout
    assert sorted(c.code for c in layout.cards if c.marked) == ["3c", "Ah"]
    assert [c.code for c in layout.cards].count("Ah") == 2


def test_an_old_record_without_the_taken_cards_still_loads() -> None:
    state, _ = to_bury(3)
    data = state.to_dict()
    assert data["picked"]
    del data["picked"]
    again = DabangziState.from_dict(data)
    assert again.picked == () and again.hands == state.hands
