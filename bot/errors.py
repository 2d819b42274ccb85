"""Typed domain errors that carry a translatable reason.

Every error a user can cause holds a message key and parameters, so the host can show it in
the player's language (`bot.i18n.translate`), while `str(error)` gives the English text for
logs and command-line tools.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, ClassVar

from bot.i18n import translate


class Reason(StrEnum):
    """Why a command was refused, in codes adapters may branch on (never a message key)."""

    NO_ROOM = "no_room"  # no room here, and the sender sits in none
    NOT_SEATED = "not_seated"  # the room exists; the sender has no seat in it
    NO_GAME = "no_game"  # no hand is being played
    NOT_YOUR_TURN = "not_your_turn"
    EMPTY_ACTION = "empty_action"  # "play" with nothing after it
    NO_COMPETITION = "no_competition"  # no competition here or for the sender
    UNKNOWN_WORDS = "unknown_words"  # words that name no command
    RULES = "rules"  # the game's rules do not allow it (IllegalAction)
    OTHER = "other"


class SetupError(Exception):
    """A setting the bot cannot start with (a token the platform rejects, a database path
    that is a folder): a message key for whoever started it, said in plain lines."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


class PaijuError(Exception):
    """Base of every error whose reason is shown to a user."""

    reason: ClassVar[Reason] = Reason.OTHER

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(key)

    def render(self, lang: str = "en") -> str:
        """The reason as text in `lang`."""
        return translate(self.key, lang, **self.params)

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as what it is (a thinking worker's refusal reaches the host so), not as
        # `cls(*args)`, which a Refusal, taking no positional key, cannot be rebuilt from.
        return _rebuilt, (type(self), self.key), self.__dict__

    def __str__(self) -> str:
        return self.render("en")


def _rebuilt(cls: type[PaijuError], key: str) -> PaijuError:
    """An error of `cls` with `key`, its other attributes restored by pickle afterwards."""
    error = cls.__new__(cls)
    Exception.__init__(error, key)
    return error


class CardParseError(PaijuError):
    """Text that does not read as cards: names the token and why."""


class IllegalAction(PaijuError):
    """An action the rules do not allow in this position; the state is unchanged."""

    reason = Reason.RULES


class Refusal(PaijuError):
    """A refusal with a fixed message key, raised by its type (after mau_mau's
    `NoGameInChatError`); subclasses name the key and the reason code."""

    message_key: ClassVar[str]

    def __init__(self, **params: Any) -> None:
        super().__init__(self.message_key, **params)


class NoRoom(Refusal):
    """No open room here, and the sender sits in none."""

    message_key, reason = "host.no_room", Reason.NO_ROOM


class NotSeated(Refusal):
    """The sender has no seat in the room the command is about."""

    message_key, reason = "host.not_in_room", Reason.NOT_SEATED


class NoGame(Refusal):
    """No hand is being played in the room."""

    message_key, reason = "host.no_game", Reason.NO_GAME


class NotYourTurn(Refusal):
    """Another seat is to act."""

    message_key, reason = "host.not_your_turn", Reason.NOT_YOUR_TURN


class EmptyAction(Refusal):
    """An action with no cards or words in it."""

    message_key, reason = "host.empty_action", Reason.EMPTY_ACTION


class NoCompetition(Refusal):
    """No competition at this place, or for the sender."""

    message_key, reason = "cup.err.no_cup", Reason.NO_COMPETITION


class UnknownWords(Refusal):
    """Words that name no competition command."""

    message_key, reason = "cup.err.unknown", Reason.UNKNOWN_WORDS
