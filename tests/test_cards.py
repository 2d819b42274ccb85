"""Card parsing and formatting (bot/cards.py): round trips, forgiving forms, exact rejections."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.cards import (
    Card,
    Rank,
    deck52,
    deck54,
    format_compact,
    format_pretty,
    format_ranks,
    is_wild_code,
    parse_card,
    parse_cards,
    parse_ranks,
    shuffled,
)
from bot.errors import CardParseError

DECK = deck54()
some_cards = st.lists(st.sampled_from(DECK), unique=True, max_size=20)
separators = st.sampled_from([" ", ", ", "，", "、", "  ", " | ", ";"])


def full_width(text: str) -> str:
    return "".join(chr(ord(ch) + 0xFEE0) if "!" <= ch <= "~" else ch for ch in text)


@settings(max_examples=200, deadline=None)
@given(some_cards, separators)
def test_compact_notation_round_trips(cards: list[Card], sep: str) -> None:
    assert parse_cards(format_compact(cards, sep)) == cards


@settings(max_examples=200, deadline=None)
@given(some_cards)
def test_compact_notation_round_trips_without_separators(cards: list[Card]) -> None:
    assert parse_cards(format_compact(cards, "")) == cards


@settings(max_examples=200, deadline=None)
@given(some_cards, st.sampled_from(["en", "zh"]))
def test_pretty_text_round_trips(cards: list[Card], lang: str) -> None:
    assert parse_cards(format_pretty(cards, lang)) == cards


@settings(max_examples=200, deadline=None)
@given(some_cards)
def test_rank_notation_round_trips_sorted(cards: list[Card]) -> None:
    ranks = [c.rank for c in cards]
    assert parse_ranks(format_ranks(ranks)) == sorted(ranks)


@settings(max_examples=200, deadline=None)
@given(some_cards, separators, st.randoms(use_true_random=False), st.booleans())
def test_players_may_type_ranks_in_any_case_width_and_spacing(
        cards: list[Card], sep: str, rng: random.Random, wide: bool) -> None:
    ranks = [c.rank for c in cards]
    words = [r.label if rng.random() < 0.5 else r.char for r in ranks]
    words = [w.lower() if rng.random() < 0.5 else w for w in words]
    text = sep.join(words)
    assert parse_ranks(full_width(text) if wide else text) == ranks


@pytest.mark.parametrize(("text", "expected"), [
    ("33344", "33344"),
    ("3 3 3 4 4", "33344"),
    ("10 10 10 J J", "TTTJJ"),
    ("jqka", "JQKA"),
    ("JqKa", "JQKA"),
    ("大王", "R"),
    ("小王", "B"),
    ("王炸", "BR"),
    ("rocket", "BR"),
    ("Rocket 3", "3BR"),
    ("３３４", "334"),
    ("ＪＱＫ １０", "TJQK"),
    ("3,4，5、6", "3456"),
    ("♠10 ♥J 🃏B", "TJB"),
    ("Ts 9h", "9T"),
    ("", ""),
])
def test_forgiving_forms(text: str, expected: str) -> None:
    assert format_ranks(parse_ranks(text)) == expected


@pytest.mark.parametrize(("text", "cards"), [
    ("Ts 9h", ["Ts", "9h"]),
    ("♠10 ♥J 🃏B", ["Ts", "Jh", "B"]),
    ("10s", ["Ts"]),
    ("tsjh", ["Ts", "Jh"]),
    ("黑桃A 方块2", ["As", "2d"]),
    ("王炸", ["B", "R"]),
])
def test_suited_forms(text: str, cards: list[str]) -> None:
    assert [c.code for c in parse_cards(text)] == cards


@pytest.mark.parametrize(("text", "key", "token"), [
    ("3x", "cards.unknown_token", "x"),
    ("3 4 ?", "cards.unknown_token", "?"),
    ("1", "cards.bad_ten", "1"),
    ("11", "cards.bad_ten", "11"),
    ("0", "cards.bad_ten", "0"),
    ("♠", "cards.suit_without_rank", "♠"),
])
def test_unreadable_text_is_rejected_naming_the_token(text: str, key: str, token: str) -> None:
    with pytest.raises(CardParseError) as err:
        parse_ranks(text)
    assert err.value.key == key
    assert err.value.params["token"] == token
    assert token in str(err.value) and token in err.value.render("zh")


def test_suited_parsing_rejects_missing_suits_jokers_with_suits_and_duplicates() -> None:
    with pytest.raises(CardParseError) as err:
        parse_cards("Ts 3")
    assert err.value.key == "cards.missing_suit" and err.value.params["token"] == "3"
    with pytest.raises(CardParseError) as err:
        parse_cards("Bs")
    assert err.value.key == "cards.joker_has_no_suit"
    with pytest.raises(CardParseError) as err:
        parse_cards("Ts ♠10")
    assert err.value.key == "cards.duplicate" and err.value.params["card"] == "Ts"
    with pytest.raises(CardParseError):
        parse_card("Ts Jh")
    assert parse_card(" ♥J ") == Card(Rank.JACK, parse_cards("Jh")[0].suit)


@settings(max_examples=100, deadline=None)
@given(some_cards, st.sampled_from("xyz!?@#wvu"), st.integers(0, 40))
def test_an_unknown_character_anywhere_is_reported_at_its_position(
        cards: list[Card], bad: str, where: int) -> None:
    text = format_compact(cards, " ")
    where = min(where, len(text))
    if where and text[where - 1] != " ":
        where = text.rfind(" ", 0, where) + 1  # keep whole card codes intact
    typed = text[:where] + bad + text[where:]
    with pytest.raises(CardParseError) as err:
        parse_ranks(typed)
    assert err.value.key == "cards.unknown_token"
    assert err.value.params == {"token": bad, "position": where + 1}


def test_decks_and_seeded_shuffles() -> None:
    assert len(deck52()) == len(set(deck52())) == 52
    assert len(deck54()) == len(set(deck54())) == 54
    assert shuffled(DECK, random.Random(7)) == shuffled(DECK, random.Random(7))
    assert sorted(shuffled(DECK, random.Random(7))) == sorted(DECK)
    assert shuffled(DECK, random.Random(7)) != shuffled(DECK, random.Random(8))


def test_a_wild_rank_marks_its_cards_and_never_a_joker() -> None:
    assert is_wild_code("7s", "7") and is_wild_code("Kh", "7K")
    assert not is_wild_code("8s", "7K")
    assert not is_wild_code("B", "7") and not is_wild_code("R", "R")  # jokers never
    assert not is_wild_code("", "7") and not is_wild_code("7s", "")
