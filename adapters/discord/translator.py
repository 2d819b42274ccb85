"""Chinese names and descriptions for the slash commands, from our i18n catalogue.

Every user-facing string of the command tree is a `locale_str` whose English text comes
from the catalogue and whose `key` extra names the message; discord.py asks the translator
for each Discord locale when it syncs, and we answer for the Chinese ones.
"""

from __future__ import annotations

from discord import Locale, app_commands

from bot.i18n import catalogue, translate

LANGUAGE_OF_LOCALE = {Locale.chinese: "zh", Locale.taiwan_chinese: "zh"}


def text(key: str) -> app_commands.locale_str:
    """A command string: its English text, with the catalogue key for the translator."""
    return app_commands.locale_str(translate(key, "en"), key=key)


def named(names: dict[str, str]) -> app_commands.locale_str:
    """A string that carries its own translations (a game's names from its record)."""
    return app_commands.locale_str(names.get("en") or next(iter(names.values())),
                                   names=dict(names))


class CatalogueTranslator(app_commands.Translator):
    """Looks up `locale_str.extras["key"]` in the catalogue for Chinese locales."""

    async def translate(self, string: app_commands.locale_str, locale: Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        """The text for `locale`, or None to keep the English default."""
        lang = LANGUAGE_OF_LOCALE.get(locale)
        if lang is None:
            return None
        names = string.extras.get("names")
        if names is not None:
            return names.get(lang)  # type: ignore[no-any-return]
        key = string.extras.get("key")
        return None if key is None else catalogue().get(key, {}).get(lang)
