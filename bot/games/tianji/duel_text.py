"""田忌赛马 duel (老师与学生) as chat text: tricks so far, the card led, the score."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.base import Event
from bot.games.text import (
    GameText,
    PromptParts,
    SeatInfo,
    pretty_cards,
    seat_name,
    suited_params,
    t,
)
from bot.games.tianji.views import DuelPrivate, DuelPublic

ANNOUNCED = {"tianji.duel.trick", "tianji.duel.over"}


class DuelText(GameText):
    """Text of the duel."""

    lists_legal = True


    def refusal_params(self, key: str, params: dict[str, Any], lang: str) -> dict[str, Any]:
        """The cards a refusal names as the table shows them (♥K ♦K, not Kh Kd)."""
        return suited_params(params, lang)
    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        """The duel's options do not change its text."""

    def seat_info(self, public: DuelPublic, seat: int, lang: str) -> SeatInfo:
        """Cards left and the role (学生 the student shows first, 老师 the teacher answers)."""
        status = "" if public.phase != "keep" else ("✅" if public.kept[seat] else "⏳")
        return SeatInfo(public.cards_left[seat], public.roles[seat], status)

    def table_lines(self, public: DuelPublic, names: list[str], lang: str) -> list[str]:
        """Tricks, the card led, tricks won."""
        lines = []
        for number, (lead, answer) in enumerate(public.tricks, start=1):
            lines.append(t("host.duel.trick", lang, number=number,
                           lead=pretty_cards(lead, lang), answer=pretty_cards(answer, lang)))
        if public.lead:
            lines.append(t("host.duel.led", lang, player=seat_name(names, 0),
                           card=pretty_cards(public.lead, lang)))
        wins = public.wins
        lines.append(t("host.duel.score", lang, first=seat_name(names, 0), second=seat_name(
            names, 1), a=wins[0], b=wins[1]))
        return lines

    def result_lines(self, public: DuelPublic, names: list[str], lang: str) -> list[str]:
        """The tricks are already on the table."""
        return []

    def private_event(self, event: Event, lang: str) -> str | None:
        """Nothing is told to one seat alone."""
        return None

    def counter_line(self, private: DuelPrivate, lang: str) -> str | None:
        """No card counter in this game."""
        return None

    def over_lines(self, public: DuelPublic, names: list[str], lang: str) -> list[str]:
        """Every trick and the score, as during the game, then the cards nobody played."""
        lines = self.table_lines(public, names, lang)
        held = [f"{seat_name(names, seat)} {pretty_cards(cards, lang)}"
                for seat, cards in enumerate(public.left or ()) if cards]
        if held:
            lines.append(t("end.duel.left", lang, cards=" · ".join(held)))
        return lines

    def turn_help(self, lang: str) -> str:
        """One card by rank and suit; three kept at the start."""
        return t("tianji.duel.help.turn", lang)

    def end_lines(self, cards: tuple[str, ...], names: list[str], lang: str) -> list[str]:
        """Nothing: `over_lines` says the cards nobody played."""
        return []

    def formula(self, public: DuelPublic, seat: int, stake: int, lang: str) -> str | None:
        """The tricks won against those lost, and the one stake the duel is worth."""
        if public.scores is None or seat not in (0, 1):
            return None
        return t("end.duel.formula", lang, mine=public.wins[seat], theirs=public.wins[1 - seat],
                 units=abs(public.scores[seat]), stake=stake)

    def hand(self, private: DuelPrivate) -> tuple[tuple[str, ...], str]:
        """Remaining cards (or the dealt five while keeping)."""
        codes = tuple(private.cards.split())
        return codes, "".join(c[0] for c in codes)

    def hand_text(self, private: DuelPrivate, lang: str) -> str:
        """The cards in hand (the dealt ones while choosing which to keep)."""
        return pretty_cards(private.cards, lang)

    def prompt(self, public: DuelPublic, private: DuelPrivate, legal: list[str],
               hints: list[str], lang: str) -> PromptParts:
        """Keep three, lead a card, or answer the card led."""
        labelled = tuple((a, self.action_text(a, lang)) for a in legal)
        if private.keeping:
            return PromptParts("keep", t("host.duel.prompt.keep", lang), labelled,
                               build="keep")
        if public.lead:
            text = t("host.duel.prompt.answer", lang, card=pretty_cards(public.lead, lang))
        else:
            text = t("host.duel.prompt.lead", lang)
        suggestions = tuple((a, self.action_text(a, lang)) for a in hints[:1])
        return PromptParts("duel", text, labelled, suggestions, build="card")

    def suggests(self, public: DuelPublic) -> bool:
        """Leads and answers are suggested; which three to keep is not."""
        return public.phase != "keep"

    def hint_text(self, public: DuelPublic, action: str, lang: str) -> str:
        """A suggestion reads as the action does."""
        return self.action_text(action, lang)

    def action_text(self, action: str, lang: str) -> str:
        """"play As" → "♠A", "keep As Kh Qd" → "♠A ♥K ♦Q"."""
        return pretty_cards(action.partition(" ")[2], lang)

    def event(self, event: Event, names: list[str], lang: str) -> str | None:
        """Each trick and the winner of the duel."""
        if event.kind not in ANNOUNCED:
            return None
        params = {k: pretty_cards(v, lang) if k in ("lead", "answer") else v
                  for k, v in event.params.items()}
        if event.kind == "tianji.duel.trick":  # the winner's card first: "♦7 beats ♥2"
            won, lost = (params["lead"], params["answer"]) if event.seat == 0 \
                else (params["answer"], params["lead"])
            params.update(winning=won, beaten=lost)
        return t(event.kind, lang, player=seat_name(names, event.seat), **params)
