"""Typed domain errors that carry a translatable reason.

Every error a user can cause holds a message key and parameters, so the host can show it in
the player's language (`bot.i18n.translate`), while `str(error)` gives the English text for
logs and command-line tools.
"""

from __future__ import annotations

from typing import Any


class PaijuError(Exception):
    """Base of every error whose reason is shown to a user."""

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(key)

    def render(self, lang: str = "en") -> str:
        """The reason as text in `lang`."""
        from bot.i18n import translate

        return translate(self.key, lang, **self.params)

    def __str__(self) -> str:
        return self.render("en")


class CardParseError(PaijuError):
    """Text that does not read as cards: names the token and why."""


class IllegalAction(PaijuError):
    """An action the rules do not allow in this position; the state is unchanged."""
