"""The table's words of 打棒子 (issue 53 point 10): level 10 is "10" (not T), past A is 过A
(not A+), English phases in English, 上台 said when the attackers take the deal with no
level, "1 card" and "1 level", 干锅 explained in English, the returned tribute card named,
and a hand grouped by suit with the trumps apart."""

from __future__ import annotations

import pytest

from bot.games.dabangzi.scoring import settle_hand
from bot.games.dabangzi.text import DabangziText
from bot.games.text import pretty_cards
from tests.games.dabangzi.helpers import hands, position

TEXT = DabangziText()
NAMES = ["A0", "B1", "C2", "D3"]


def test_level_10_and_past_a_read_as_players_say_them() -> None:
    state = position(levels=(8, 13), dealer=0, phase="play", asked=(1,), suit="c", hun="Jc",
                     hands=hands("As", "3d", "4d", "6d"))
    public = state.public()
    en = " ".join(TEXT.table_lines(public, NAMES, "en"))
    zh = " ".join(TEXT.table_lines(public, NAMES, "zh"))
    assert "level 10" in en and "level T" not in en and "A+" not in en
    assert "打 10" in zh and "打 T" not in zh and "过A" in zh and "A+" not in zh


@pytest.mark.parametrize("phase", ["grab", "jokers"])
def test_english_phases_are_english(phase: str) -> None:
    state = position(dealer=0, phase=phase, asked=(1,), suit="c", hun="Jc",
                     hands=hands("As", "R", "4d", "6d"))
    line = TEXT.table_lines(state.public(), NAMES, "en")[-1]
    assert line.startswith("Now: ") and any(c.isascii() and c.isalpha() for c in line[5:])
    assert not line[5:].startswith(("扣王", "抢亮大王"))


def test_attackers_taking_the_deal_with_no_level_are_said_to_take_it() -> None:
    result = settle_hand(number=1, dealer=0, level="2", points=100, kitty=("3s",) * 8,
                         kitty_points=0, multiplier=0, ganguo=True, jokers_buried=False,
                         attackers_dug=False)
    state = position(dealer=1, phase="over", asked=(), results=(result,), winner=None)
    en = TEXT.result_lines(state.public(), NAMES, "en")[0]
    zh = TEXT.result_lines(state.public(), NAMES, "zh")[0]
    assert "take the deal" in en and "up 0" not in en and "干锅 (" in en
    assert "上台" in zh and "升 0 级" not in zh


def test_each_frame_while_the_kitty_is_buried_says_how_many_are_left() -> None:
    # 8 identical frames were sent while the dealer buried the kitty.
    state = position(dealer=0, phase="bury", asked=(0,), kitty=(), suit="c", hun="9c",
                     hands=hands(" ".join(["3d"] * 2 + ["4d"] * 2 + ["5s"] * 2 + ["6h"] * 2
                                          + ["7h"] * 2 + ["8s"] * 2 + ["Th"] * 2 + ["Js"] * 2
                                          + ["Qs"] * 2 + ["Kh"] * 2 + ["Ad"] * 2 + ["3s"] * 2
                                          + ["4h"] * 2 + ["6s"] * 2 + ["7s"] * 2 + ["8h"] * 2
                                          + ["9h"]), "3c", "4c", "5c"))
    frames = []
    for card in ("3d", "3d", "4d"):
        frames.append(TEXT.table_lines(state.public(), NAMES, "en")[-1])
        state, _ = state.apply(0, f"bury {card}")
    assert len(set(frames)) == 3 and "(8 more to bury)" in frames[0]


def test_one_card_and_one_level_are_singular() -> None:
    state = position(dealer=0, phase="play", asked=(1,), suit="c", hun="Jc",
                     trick=((0, ("As",)),), hands=hands("", "3d", "4d", "6d"))
    prompt = TEXT.prompt(state.public(), state.private(1), [], [], "en")
    assert "(1 card;" in prompt.text and "1 cards" not in prompt.text
    result = settle_hand(number=1, dealer=0, level="2", points=60, kitty=("3s",) * 8,
                         kitty_points=0, multiplier=0, ganguo=False, jokers_buried=False,
                         attackers_dug=False)
    state = position(dealer=2, phase="over", asked=(), results=(result,), winner=None)
    formula = TEXT.formula(state.public(), 0, 1, "en")
    assert formula is not None and "1 level)" in formula and "levels" not in formula


def test_the_returned_tribute_card_is_named() -> None:
    state = position(dealer=0, phase="return", asked=(0,), tribute=(3, "R"),
                     hands=hands("R 5c 9s", "3d", "4d", "6d"))
    after, events = state.apply(0, "return 5c")
    said = [TEXT.event(e, NAMES, "en") for e in events if e.kind == "dbz.returned"]
    assert said and "♣5" in said[0]
    assert after.public().returned == (3, "5c")  # a public card (PUBLIC_CARDS), on the table
    assert any("♣5" in line for line in TEXT.table_lines(after.public(), NAMES, "en"))


def test_a_hand_is_grouped_by_suit_with_the_trumps_apart() -> None:
    state = position(dealer=0, phase="play", asked=(0,), suit="c", hun="Jc",
                     hands=hands("As 3s Kh 4d Qs 2h 5c R 3h", "3d", "4d", "6d"))
    private = state.private(0)
    assert private.hand.split() == ["R", "2h", "5c", "As", "Qs", "3s", "Kh", "3h", "4d"]
    joker = pretty_cards("R", "en")
    assert TEXT.hand_text(private, "en") == f"{joker} ♥2 ♣5 | ♠A ♠Q ♠3 | ♥K ♥3 | ♦4"
