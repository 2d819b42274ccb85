"""The seven clauses of the 打棒子 sheet (docs/rules.md §6), one test or more each."""

from __future__ import annotations

import pytest

from bot.errors import IllegalAction
from bot.games.dabangzi.scoring import settle_hand
from bot.games.dabangzi.state import DabangziState
from tests.games.dabangzi.helpers import hands, position

PLAIN = hands("3s 4s", "3h 4h", "3c 4c", "3d 4d")


def test_clause_1_a_big_joker_shown_first_takes_the_deal() -> None:
    state = DabangziState.start(7, 2, True)
    first = state.hands
    state = position(match=True, dealer=None, phase="grab", asked=(2, 3), first=2,
                     hands=first)
    after, events = state.apply(2, "grab")
    assert after.dealer == 2 and after.phase in ("declare", "return")
    assert events[0].kind == "dbz.grab"


def test_clause_1_without_a_grab_the_highest_draw_deals_and_is_the_hun() -> None:
    kitty = ("9d", "Kc", "3s", "Kh", "4c", "5d", "6d", "7d")
    state = position(match=True, dealer=None, phase="grab", asked=(1,), first=1,
                     kitty=kitty)
    after, _ = state.apply(1, "pass")
    # seat 1 draws 9d, seat 2 Kc, seat 3 3s, seat 0 Kh: two kings, the first drawn wins
    assert after.dealer == 2 and after.hun == "Kc" and after.suit == "c"
    assert after.draws == ((1, "9d"), (2, "Kc"), (3, "3s"), (0, "Kh"))


def test_clause_2_nobody_declares_the_draw_skips_jokers_2s_and_level_cards() -> None:
    kitty = ("R", "2s", "5h", "9d", "Kc", "3s", "Ah", "4c")
    state = position(levels=(3, 0), dealer=0, phase="declare", asked=(0,), kitty=kitty)
    assert state.level == "5"
    after, _ = state.apply(0, "pass")
    assert after.draws == ((0, "9d"), (1, "Kc"), (2, "3s"), (3, "Ah"))
    assert after.hun == "Ah" and after.suit == "h" and after.dealer == 0


def test_clause_2_a_kitty_of_only_jokers_2s_and_level_cards_is_dealt_again() -> None:
    kitty = ("R", "R", "B", "2s", "2h", "2c", "2d", "B")
    state = position(dealer=0, phase="declare", asked=(0,), kitty=kitty)
    after, events = state.apply(0, "pass")
    assert after.attempt == 1 and "dbz.redeal" in [e.kind for e in events]
    assert after.hands != state.hands


def test_a_declared_card_is_the_hun_and_a_later_one_must_be_higher() -> None:
    state = position(dealer=0, phase="declare", asked=(0, 1),
                     hands=hands("9s 3s", "9h 3h Kh", "3c", "3d"))
    after, _ = state.apply(0, "declare 9s")
    assert after.legal_actions(1) == ["declare Kh", "pass"]
    with pytest.raises(IllegalAction):
        after.apply(1, "declare 9h")


def test_clause_3_the_kitty_is_hidden_unless_a_joker_is_buried_or_level_10() -> None:
    state = play_to_bury(levels=(0, 0))
    quiet = bury(state, [c for c in state.hands[0] if c not in ("B", "R")][:8])
    assert quiet.public().kitty == ()
    tens = bury(play_to_bury(levels=(8, 0)), None)
    assert tens.level == "T" and len(tens.public().kitty) == 8


def test_clause_3_the_big_joker_is_buried_before_the_small() -> None:
    state = play_to_bury(extra=("R", "B"))
    with pytest.raises(IllegalAction) as caught:
        state.apply(0, "bury B")
    assert caught.value.key == "dbz.big_joker_first"
    after, _ = state.apply(0, "bury R")
    if "R" not in after.hands[0]:
        after.apply(0, "bury B")


def test_clause_3_another_player_buries_a_joker_and_takes_the_smallest_card() -> None:
    state = position(dealer=0, phase="jokers", asked=(1,), suit="s", hun="9s",
                     kitty=("Ks", "3h", "Ts", "4c", "3c", "Ad", "5d", "Qh"),
                     hands=hands("6s", "R B 7h", "8s", "8h"))
    after, events = state.apply(1, "bury R")
    assert "R" in after.kitty and "3c" in after.hands[1] and "3c" not in after.kitty
    assert events[0].kind == "dbz.joker_buried"
    assert after.public().kitty  # shown now
    assert after.legal_actions(1) == ["bury B", "pass"]


def test_clause_3_with_a_joker_buried_the_attackers_dig_level_up_and_eat_blood() -> None:
    result = settle_hand(number=1, dealer=0, level="2", points=40, kitty=("R",) * 8,
                         kitty_points=0, multiplier=2, ganguo=False, jokers_buried=True,
                         attackers_dug=True)
    assert result.winner == 1 and result.levels == 1 and result.blood
    assert result.next_dealer == 1


def test_clause_3_with_a_joker_buried_the_dealer_winning_eats_blood() -> None:
    result = settle_hand(number=1, dealer=0, level="2", points=40, kitty=("R",) * 8,
                         kitty_points=0, multiplier=0, ganguo=False, jokers_buried=True,
                         attackers_dug=False)
    assert result.winner == 0 and result.levels == 1 and result.blood


def test_clause_3_attackers_with_160_points_eat_blood() -> None:
    result = settle_hand(number=1, dealer=0, level="2", points=160, kitty=(),
                         kitty_points=0, multiplier=0, ganguo=False, jokers_buried=False,
                         attackers_dug=False)
    assert result.winner == 1 and result.levels == 2 and result.blood
    under = settle_hand(number=1, dealer=0, level="2", points=155, kitty=(),
                        kitty_points=0, multiplier=0, ganguo=False, jokers_buried=False,
                        attackers_dug=False)
    assert not under.blood


def test_clause_4_a_dealer_who_buried_only_points_stops_the_others_burying_jokers() -> None:
    points = "5s 5s Ts Ts Ks Ks 5h 5h".split()
    state = position(dealer=0, phase="bury", asked=(0,), kitty=(), suit="c", hun="9c",
                     hands=hands(" ".join(points) + " 3c", "R", "B", "R"))
    for card in points:
        state, events = state.apply(0, f"bury {card}")
    assert state.phase == "play" and "dbz.all_points" in [e.kind for e in events]


@pytest.mark.parametrize("kitty, ganguo", [
    (("3s", "4s", "5h", "6h", "7d", "8d", "9s", "Ts"), True),  # no trump (trumps ♣)
    (("3c", "4c", "2h", "R", "B", "Kc", "9c", "5c"), True),  # trumps only
    (("3c", "4s", "5h", "6h", "7d", "8d", "9s", "Ts"), False),
])
def test_clause_5_a_kitty_of_no_trump_or_all_trumps_is_ganguo(kitty: tuple[str, ...],
                                                               ganguo: bool) -> None:
    state = position(dealer=0, phase="play", asked=(1,), suit="c", hun="Jc", kitty=kitty,
                     hands=hands("As", "Ad", "3d", "4d"))
    for seat, card in ((1, "Ad"), (2, "3d"), (3, "4d"), (0, "As")):
        state, _ = state.apply(seat, f"play {card}")
    result = state.results[-1]
    assert result.ganguo is ganguo
    assert result.multiplier == (4 if ganguo else 2)  # a single led: ×2, 干锅 ×2 again


def test_clause_6_the_dealers_shang_jia_pays_the_highest_card() -> None:
    state = position(dealer=1, phase="declare", asked=(1,),
                     hands=hands("4s", "9s 3h", "5c", "Kh B 2d"))
    after, events = state.apply(1, "declare 9s")
    assert after.tribute == (0, "4s")  # the 上家 of seat 1 is seat 0: its only card
    state = position(dealer=0, phase="declare", asked=(0,),
                     hands=hands("9s", "3h", "5c", "Kh B 2d Ah"))
    after, events = state.apply(0, "declare 9s")
    assert after.tribute == (3, "B") and "B" in after.hands[0]
    assert [e.kind for e in events][-1] == "dbz.tribute"


def test_clause_7_attackers_with_no_points_end_the_match_for_the_dealer() -> None:
    state = position(match=True, dealer=0, phase="play", asked=(1,), suit="c", hun="Jc",
                     kitty=("3s",) * 8, hands=hands("As", "3d", "4d", "6d"))
    for seat, card in ((1, "3d"), (2, "4d"), (3, "6d"), (0, "As")):
        state, _ = state.apply(seat, f"play {card}")
    assert state.is_over and state.winner == 0 and state.results[-1].shutout


def play_to_bury(levels: tuple[int, int] = (0, 0),
                 extra: tuple[str, ...] = ()) -> DabangziState:
    """The dealer (seat 0) about to bury, with the kitty taken up."""
    start = DabangziState.start(3, 0, False)
    hand = tuple(sorted((*[c for c in start.hands[0] if c not in ("B", "R")][:25 + 8 - len(extra)],
                         *extra)))
    return position(levels=levels, dealer=0, phase="bury", asked=(0,), kitty=(), suit="s",
                    hun="9s", hands=(hand, *start.hands[1:]))


def bury(state: DabangziState, cards: list[str] | None) -> DabangziState:
    """Bury these cards (or the first legal ones) and skip the others' 扣王."""
    for i in range(8):
        card = cards[i] if cards else state.legal_actions(0)[0].split()[1]
        state, _ = state.apply(0, f"bury {card}")
    while state.phase == "jokers":
        state, _ = state.apply(state.to_act()[0], "pass")
    return state
