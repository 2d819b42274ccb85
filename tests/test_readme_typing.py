"""The README says how to type cards at each game (issue 55 point 8): a single joker (B/R),
田忌赛马's suit letters, the duel's cards and 打棒子's; its examples read as the games read
them (the shared parser for 斗地主's ranks and the duel's cards, each game's own help)."""

from __future__ import annotations

from pathlib import Path

from bot.cards import Rank, parse_cards, parse_ranks
from bot.games import registry
from bot.i18n import translate

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
TYPING = README.split("How to type cards, by game", 1)[-1].split("Each game has its own", 1)[0]


def test_the_readme_says_how_to_type_a_single_joker_and_its_examples_read_so() -> None:
    assert "`B` (small" in TYPING and "`R` (big" in TYPING
    assert parse_ranks("33B")[-1] is Rank.BLACK_JOKER and parse_ranks("R") == [Rank.RED_JOKER]
    assert parse_ranks("BR") == [Rank.BLACK_JOKER, Rank.RED_JOKER]


def test_the_readme_says_tianjis_suit_letters_and_the_duels_cards() -> None:
    for letter, suit in (("s", "♠"), ("h", "♥"), ("d", "♦"), ("c", "♣")):
        assert f"`{letter}` {suit}" in TYPING
    assert "`As|KhQd|2s3h5d`" in TYPING
    assert "As|KhQd|2s3h5d" in registry.renderer("tianji").turn_help("en")
    assert [c.code for c in parse_cards("Ks Th 4d")] == ["Ks", "Th", "4d"]


def test_the_readme_says_how_dabangzi_cards_are_typed_as_its_help_does() -> None:
    own = translate("dbz.help.play", "en")
    for example in ("3c", "c3", "AhAh", "7d7d8d8d"):
        assert f"`{example}`" in TYPING and example in own
