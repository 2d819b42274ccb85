"""The message catalogue: every key in both languages, with the same placeholders."""

from __future__ import annotations

import string

import pytest

from bot.errors import CardParseError
from bot.games import registry
from bot.i18n import LANGUAGES, catalogue, normalise_language, translate

registry.modules()  # every game's own catalogue joins the catalogue when its record loads


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("key", sorted(catalogue()))
def test_every_message_has_both_languages_with_the_same_placeholders(key: str) -> None:
    texts = catalogue()[key]
    assert set(texts) == set(LANGUAGES), key
    assert all(text.strip() for text in texts.values()), key
    assert placeholders(texts["en"]) == placeholders(texts["zh"]), key


def test_platform_locales_map_to_catalogue_languages() -> None:
    assert normalise_language("zh-CN") == "zh"
    assert normalise_language("zh_TW") == "zh"
    assert normalise_language("en-US") == "en"
    assert normalise_language("fr") == "en"
    assert normalise_language(None) == "en"


def test_a_missing_key_or_parameter_degrades_to_text_not_an_exception() -> None:
    assert translate("no.such.key", "zh") == "no.such.key"
    # A template missing its parameters is shown raw rather than crashing the handler.
    assert translate("cards.unknown_token", "en") == catalogue()["cards.unknown_token"]["en"]


def test_errors_render_in_the_players_language() -> None:
    error = CardParseError("cards.duplicate", card="Ts")
    assert str(error) == "Ts is given twice"
    assert error.render("zh") == "Ts 重复了"
