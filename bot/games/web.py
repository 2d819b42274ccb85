"""How a game's web pages are drawn, as plain values and hooks (no HTML here: `bot.web`
lays these out).

A record's `web` names a `GameWeb` (or a subclass). The replay asks it for every seat's
cards after each action and the referee's reading of the action; the live table asks it
for the rows of cards shown apart (the bottom, an open hand) and a seat's part of the
current trick; the settlement asks it for the formula lines. Every hook has a default that
reads only what every game has (the private views' hands, the public view's last play and
cards shown apart), so a game that writes none still gets a working replay and live table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.cards import parse_cards
from bot.errors import CardParseError


@dataclass(frozen=True, slots=True)
class CardRow:
    """Cards the table shows apart from the seats (the bottom, an open hand, a trick)."""

    label: str  # catalogue key of the row's label ("" for none)
    cards: tuple[str, ...]
    seat: int | None = None  # the seat the row belongs to (its name leads the row)
    groups: tuple[tuple[str, ...], ...] = ()  # cards in groups drawn apart (instead of `cards`)


@dataclass(frozen=True, slots=True)
class Reading:
    """The referee's reading of one action in a replay."""

    played: str = ""  # the suited cards the action laid down
    kind: str = ""  # the move's type as players name it ("Pair"), when the game reads one
    beat: str = ""  # the suited cards it had to beat (or passed on)
    beat_seat: int | None = None  # who had played them
    passed: bool = False  # the action passed on `beat`
    note: str = ""  # any other reading, as one line of text


def cards_of(action: str) -> str:
    """The suited cards an action names ("play As Kh" → "As Kh"), or "" when it names none."""
    words = action.partition(" ")[2]
    try:
        return " ".join(card.code for card in parse_cards(words)) if words else ""
    except CardParseError:
        return ""


class GameWeb:
    """A game's web hooks; every one has a working default."""

    def hands(self, state: Any, players: int) -> tuple[tuple[str, ...], str]:
        """Every seat's cards (space-separated codes) and cards dealt to no seat."""
        return tuple(state.private(seat).hand for seat in range(players)), ""

    def reading(self, before: Any, after: Any, seat: int, action: str, final: Any,
                lang: str) -> Reading:
        """The action's cards, if it names any (`before`/`after`: the typed public views
        around it; `final`: the game's last)."""
        return Reading(played=cards_of(action))

    def rows(self, public: Any, over: bool) -> tuple[CardRow, ...]:
        """The cards shown apart from the hands (the public view's `bottom_cards`)."""
        shown = tuple(public.bottom_cards)
        return (CardRow("web.live.shown_cards", shown),) if shown else ()

    def seat_play(self, public: Any, seat: int) -> tuple[str, ...]:
        """The cards this seat has on the table now (its part of the current trick)."""
        last = public.last_cards
        return tuple(last[1]) if last is not None and last[0] == seat else ()

    def settlement(self, public: Any, lang: str) -> list[str]:
        """Lines that explain the amounts (a formula); none by default."""
        return []

    def wild(self, public: Any) -> str:
        """The ranks (compact characters, `bot.cards.RANK_CHARS`) whose cards stand for
        others, marked on every card of the page (斗地主's 癞子); none by default."""
        return ""
