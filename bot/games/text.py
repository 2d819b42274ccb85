"""Per-game text: how each game's public/private views and events read in a chat.

Each game's renderer lives in its own folder (`bot/games/<game>/text.py`) and is named by
its record (`GameModule.renderer`); `GameText` is the base every renderer may build on: each
of its hooks has a working default, read from the game's views through the members every
view has (`hand`, `last_cards`, `bottom_cards`), so a minimal game need write none.

A renderer turns the engine's typed views (the frozen `public()` / `private(seat)` of its
game, e.g. `bot.games.doudizhu.views.PublicView`) into lines and prompt parts; the host
(`bot.host.presentation.present`) wraps them into views with seats, buttons and payloads.
Renderers see only what those views hold, so a table text can never show more than the
public view; and they read the derived facts the engine gives (who passed, whether one may
pass, the prompt kind, each seat's last play), never re-deriving a rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Protocol, TypeAlias

from bot.cards import Card, Rank, deck54, parse_cards, parse_ranks
from bot.games.base import Event
from bot.i18n import catalogue, translate


@dataclass(frozen=True, slots=True)
class PromptParts:
    """A game's part of a prompt: what kind, which actions, how to build others."""

    kind: str
    text: str
    choices: tuple[tuple[str, str], ...]  # (action, label)
    suggestions: tuple[tuple[str, str], ...] = ()
    build: str | None = None
    to_beat: str | None = None
    can_pass: bool = False


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """What the table shows of one seat beyond its name."""

    cards_left: int | None = None
    role: str | None = None
    status: str = ""  # e.g. "✅" arranged, "×2" doubled
    extras: list[str] = field(default_factory=list)


# A game's own public and private view classes (each renderer names its game's): the
# protocol cannot, as every game has its own.
Public: TypeAlias = Any
Private: TypeAlias = Any


class Renderer(Protocol):
    """Text of one game, typed against that game's views."""

    # Whether `prompt` needs the host to list the legal actions: not when the game's private
    # view carries them (斗地主), nor when listing costs (60 arrangements of a 田忌赛马 hand,
    # each ranked, for a prompt that offers the solver's suggestions instead).
    lists_legal: bool

    def seat_info(self, public: Public, seat: int, lang: str) -> SeatInfo:
        """Cards left, role and status marks of a seat."""

    def table_lines(self, public: Public, names: list[str], lang: str) -> list[str]:
        """The game's part of the table (last play, multiplier, bottom cards, ...)."""

    def result_lines(self, public: Public, names: list[str], lang: str) -> list[str]:
        """How the finished game went (groups shown, spring, ...), before the amounts."""

    def counter_line(self, private: Private, lang: str) -> str | None:
        """记牌器: the cards still out of sight for this seat (None: the game has none)."""

    def over_lines(self, public: Public, names: list[str], lang: str) -> list[str]:
        """The finished table's own lines (the play that ended it); the result is a note."""

    def end_lines(self, cards: tuple[str, ...], names: list[str], lang: str) -> list[str]:
        """Every seat's cards at the end (the outcome's `cards_left`), after `over_lines`."""

    def formula(self, public: Public, seat: int, stake: int, lang: str) -> str | None:
        """How a seat's amount comes about (without "= amount"), or None."""

    def hand(self, private: Private) -> tuple[tuple[str, ...], str]:
        """The hand as card codes (display order) and as compact ranks."""

    def hand_text(self, private: Private, lang: str) -> str:
        """The hand as players read it."""

    def prompt(self, public: Public, private: Private, legal: list[str],
               hints: list[str], lang: str) -> PromptParts:
        """The prompt of a seat to act."""

    def suggests(self, public: Public) -> bool:
        """Whether the prompt in this position shows hints (else none are computed for it)."""

    def action_text(self, action: str, lang: str) -> str:
        """An action as players read it ("bid 2" → "2 points", "play 33344" → "3 3 3 4 4")."""

    def hint_text(self, public: Public, action: str, lang: str) -> str:
        """A suggested action as the prompt at this point of the game names it."""

    def private_event(self, event: Event, lang: str) -> str | None:
        """What the event's own seat alone is told (None: nothing)."""

    def event(self, event: Event, names: list[str], lang: str) -> str | None:
        """The announcement of an event, or None if the channel need not be told."""

    def typing_help(self, lang: str) -> str | None:
        """How this game's actions are typed, when not as the shared help says (ranks)."""


def seat_name(names: list[str], seat: int | None) -> str:
    """A seat's display name (or "?" for an unknown seat)."""
    return names[seat] if seat is not None and 0 <= seat < len(names) else "?"


def pretty_cards(text: str, lang: str) -> str:
    """Suited compact codes ("Ts 9h B") as chat text ("♠10 ♥9 🃏B")."""
    labels = _CARD_LABELS["zh" if lang.startswith("zh") else "en"]
    words = text.split()
    if all(word in labels for word in words):  # engines' canonical text: the fast path
        return " ".join(labels[word] for word in words)
    try:
        cards: list[Card] = parse_cards(text)
    except Exception:  # engine text is trusted; never fail a view over it
        return text
    return " ".join(card.pretty(lang) for card in cards)


def suited_params(params: dict[str, Any], lang: str) -> dict[str, Any]:
    """A refusal's `cards` / `card` (suited codes) as the table shows them (♥K ♦K)."""
    out = dict(params)
    for key in ("cards", "card"):
        value = out.get(key)
        if isinstance(value, str) and value:
            out[key] = pretty_cards(value, lang)
    return out


MEMO_LIMIT = 20_000  # texts a memo of the renderers keeps (the most recently used)


@lru_cache(maxsize=MEMO_LIMIT)  # the same hands and plays come back in every view of a hand
def pretty_ranks(text: str, lang: str) -> str:
    """Compact ranks ("333TB") as chat text ("3 3 3 10 🃏B" / "3 3 3 10 小王")."""
    labels = _RANK_LABELS["zh" if lang.startswith("zh") else "en"]
    if all(ch in labels for ch in text):  # engines' canonical text: the fast path
        return " ".join(labels[ch] for ch in text)
    try:
        ranks = parse_ranks(text)
    except Exception:
        return text
    return " ".join(_rank_label(rank, lang) for rank in ranks)


def _rank_label(rank: Rank, lang: str) -> str:
    if rank.is_joker:
        return Card(rank).pretty(lang)
    return rank.label


_RANK_LABELS = {lang: {rank.char: _rank_label(rank, lang) for rank in Rank}
                for lang in ("en", "zh")}
_CARD_LABELS = {lang: {card.code: card.pretty(lang) for card in deck54()}
                for lang in ("en", "zh")}


t = translate  # shorthand (the same function: renderers call it tens of times a view)



def action_cards(action: str) -> str:
    """The cards of an action ("play As Kh" → "As Kh"): every word after the verb."""
    return action.partition(" ")[2]


class GameText:
    """A game's text with a working default for every hook (subclass and override).

    The defaults read only what every view carries (`bot.games.base.PublicView` /
    `PrivateView`): the hand as suited codes, the last play, the cards shown apart. An
    event is announced when the catalogue has a text under its kind (`{player}` is its
    seat's name, its params fill the rest).
    """

    lists_legal = True  # the default prompt offers every legal action
    # The game's catalogue area (its record's `i18n_prefix`), set by the registry on the
    # text it makes: where the defaults look up the game's own words (`<prefix>.action.<verb>`)
    i18n_prefix = ""

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        """The room's options (kept for labels that depend on them)."""
        self.options: Mapping[str, Any] = options or {}

    def seat_info(self, public: Public, seat: int, lang: str) -> SeatInfo:
        """The cards the seat holds, when the game counts them (override to add a role,
        marks)."""
        left = public.cards_left
        return SeatInfo(left[seat] if 0 <= seat < len(left) else None)

    def table_lines(self, public: Public, names: list[str], lang: str) -> list[str]:
        """The last play and the cards shown apart (the bottom), when there are any."""
        lines = []
        if public.last_cards is not None:
            seat, codes = public.last_cards
            lines.append(t("game.last_play", lang, player=seat_name(names, seat),
                           cards=pretty_cards(" ".join(codes), lang)))
        if public.bottom_cards:
            lines.append(t("game.shown_cards", lang,
                           cards=pretty_cards(" ".join(public.bottom_cards), lang)))
        return lines

    def result_lines(self, public: Public, names: list[str], lang: str) -> list[str]:
        """Nothing before the amounts."""
        return []

    def counter_line(self, private: Private, lang: str) -> str | None:
        """No 记牌器."""
        return None

    def over_lines(self, public: Public, names: list[str], lang: str) -> list[str]:
        """The finished table as it stood."""
        return self.table_lines(public, names, lang)

    def end_lines(self, cards: tuple[str, ...], names: list[str], lang: str) -> list[str]:
        """Every seat's cards at the end (`cards`: per seat, the outcome's `cards_left`) as
        one line, when any seat has some; a game that says them its own way (on its seat
        lines, in its `over_lines`) returns nothing."""
        shown = [f"{seat_name(names, seat)} {pretty_cards(codes, lang)}"
                 for seat, codes in enumerate(cards) if codes]
        return [t("game.end_cards", lang, cards=" · ".join(shown))] if shown else []

    def formula(self, public: Public, seat: int, stake: int, lang: str) -> str | None:
        """No formula: the amount alone."""
        return None

    def hand(self, private: Private) -> tuple[tuple[str, ...], str]:
        """The hand's codes as the view gives them, and their ranks."""
        codes = tuple(private.hand.split())
        return codes, "".join(code[0] for code in codes)

    def hand_text(self, private: Private, lang: str) -> str:
        """The hand as cards."""
        return pretty_cards(private.hand, lang) if private.hand else "-"

    def prompt(self, public: Public, private: Private, legal: list[str],
               hints: list[str], lang: str) -> PromptParts:
        """Every legal action as a choice."""
        return PromptParts("play", t("game.prompt", lang),
                           tuple((action, self.action_text(action, lang)) for action in legal),
                           suggestions=tuple((a, self.hint_text(public, a, lang))
                                             for a in hints[:MAX_DEFAULT_SUGGESTIONS]))

    def suggests(self, public: Public) -> bool:
        """Hints are shown."""
        return True

    def action_text(self, action: str, lang: str) -> str:
        """An action in the game's own words when its catalogue has them
        (`<prefix>.action.<verb>`, `{cards}` its cards as people read them: "reveal" →
        "亮牌"), else its cards as players read them, else its words as they are."""
        verb = action.partition(" ")[0]
        cards = action_cards(action)
        shown = pretty_cards(cards, lang) if cards else ""
        key = f"{self.i18n_prefix}.action.{verb}"
        if self.i18n_prefix and key in catalogue():
            return t(key, lang, cards=shown)
        if cards and shown != cards:
            return shown
        return action

    def hint_text(self, public: Public, action: str, lang: str) -> str:
        """A hint reads as its action."""
        return self.action_text(action, lang)

    def private_event(self, event: Event, lang: str) -> str | None:
        """Nothing is told to one seat alone."""
        return None

    def advice(self, hand: tuple[str, ...], typed: str, lang: str) -> list[str]:
        """What to say about an action typed by hand before it is sent (a 田忌赛马 split
        whose B group busts); nothing by default. Said lines make the player confirm."""
        return []

    def typing_help(self, lang: str) -> str | None:
        """None: cards are typed as the shared help says (by rank, as 斗地主's are)."""
        return None

    def turn_help(self, lang: str) -> str:
        """How a turn of this game is answered at the console (its help's first line): how
        its cards are typed when it says (`typing_help`), else a choice as shown."""
        return self.typing_help(lang) or t("game.turn_help", lang)

    def refusal_params(self, key: str, params: dict[str, Any], lang: str) -> dict[str, Any]:
        """The parameters of one of the game's refusals in its players' words: its cards as
        the table shows them (as an event's, `event_params`), an `action` as `action_text`
        says it ("play Ts" → "♠10")."""
        out = event_params(params, lang)
        action = params.get("action")
        if isinstance(action, str) and action.strip():
            out["action"] = self.action_text(action.strip(), lang)
        return out

    def event(self, event: Event, names: list[str], lang: str) -> str | None:
        """The catalogue's text under the event's kind, if it has one; its cards as people
        read them (`event_params`)."""
        if event.kind not in catalogue():
            return None
        params = {"player": seat_name(names, event.seat), **event_params(event.params, lang)}
        return t(event.kind, lang, **params)


CARD_PARAMS = ("card", "cards")  # event parameters that are always cards (suited codes)


def event_params(params: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """An event's parameters as people read them: a `card`/`cards` (or `…_card`, `…_cards`)
    value, and any other text made only of suited codes ("Ts", "Ts 9h"), as the table shows
    cards (♠10 ♥9); the rest as they are (a lone "B" may be a group, not a joker)."""
    out = dict(params)
    for key, value in params.items():
        if not isinstance(value, str) or not value.strip():
            continue
        words = value.split()
        carded = key in CARD_PARAMS or key.endswith(("_card", "_cards"))
        if carded or all(len(w) == 2 and w in _CARD_LABELS["en"] for w in words):
            out[key] = pretty_cards(value, lang)
    return out


MAX_DEFAULT_SUGGESTIONS = 3
