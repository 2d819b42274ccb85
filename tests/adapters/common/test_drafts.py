"""Drafts carried in payloads: rank toggles cycle through what the hand holds, group drafts
fill A/B/C, and a draft that does not fit the hand is refused."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adapters.common.drafts import (
    BadDraft,
    Draft,
    arrangement,
    digits_of,
    next_group,
    ordered_ranks,
    parse_draft,
    toggled,
)
from bot.cards import RANK_CHARS
from bot.host.views import PrivateView, Prompt, UserRef


def view(hand: tuple[str, ...], ranks: str, build: str) -> PrivateView:
    prompt = Prompt("play" if build == "ranks" else "arrange", "", (), build=build)
    return PrivateView("room1", 3, UserRef("discord", "1"), 0, "en", "g", "", hand, ranks, prompt)


def test_pressing_a_rank_takes_one_more_until_all_then_none() -> None:
    selection = ""
    seen = []
    for _ in range(4):
        selection = toggled(selection, "8", 3)
        seen.append(selection)
    assert seen == ["8", "88", "888", ""]
    assert toggled("3TT", "4", 1) == "34TT"  # kept in play order


@given(st.lists(st.sampled_from(RANK_CHARS), min_size=1, max_size=20), st.data())
def test_toggles_never_take_more_than_the_hand_holds(hand: list[str], data: st.DataObject) -> None:
    held = Counter(hand)
    selection = ""
    for char in data.draw(st.lists(st.sampled_from(sorted(held)), max_size=30)):
        selection = toggled(selection, char, held[char])
        assert not Counter(selection) - held
        assert selection == ordered_ranks(selection)


def test_a_rank_draft_must_come_from_the_hand() -> None:
    ddz = view(("3s", "3h", "Tc"), "33T", "ranks")
    assert parse_draft("~t33", ddz) == Draft("~t", "33")
    with pytest.raises(BadDraft):
        parse_draft("~t333", ddz)
    with pytest.raises(BadDraft):
        parse_draft("~g100000", ddz)


def test_groups_cycle_skip_full_groups_and_complete_into_an_arrangement() -> None:
    hand = ("Qh", "Qc", "8h", "5c", "3h", "2c")
    tianji = view(hand, "QQ8532", "groups")
    digits = "000000"
    digits = next_group(digits, 0)
    assert digits == "100000"
    assert next_group(digits, 1) == "120000"  # A is full: straight to B
    assert arrangement(tianji, "122333") == "arrange Qh|Qc8h|5c3h2c"
    assert arrangement(tianji, "122330") is None
    assert digits_of(tianji, "arrange Qh|Qc8h|5c3h2c") == "122333"
    assert digits_of(tianji, "arrange As|Qc8h|5c3h2c") is None
    with pytest.raises(BadDraft):
        parse_draft("~g111000", tianji)  # three cards in A
