"""田忌赛马 (a table of 2–6) as chat text: who has arranged, then every group shown."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from bot.cards import parse_cards
from bot.errors import CardParseError, PaijuError
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
from bot.games.tianji.advice import advise
from bot.games.tianji.arrangement import parse_arrangement
from bot.games.tianji.ranking import b_total, c_type
from bot.games.tianji.settlement import settle
from bot.games.tianji.views import TablePrivate, TablePublic

ANNOUNCED = {"tianji.baozi", "tianji.zha_beats_baozi", "tianji.table_sweep",
             "tianji.table_swept"}


def groups_text(code: str, lang: str) -> str:
    """An arrangement code "As|KhQd|5d3h2s" as "A ♠A · B ♥K ♦Q · C ♦5 ♥3 ♠2"."""
    parts = code.removeprefix("arrange ").split("|")
    if len(parts) != 3:
        return code
    return " · ".join(f"{name} {pretty_cards(_spaced(part), lang)}"
                      for name, part in zip("ABC", parts, strict=True))


def _spaced(group: str) -> str:
    # "KhQd" → "Kh Qd": every card code is a rank letter and a suit letter here.
    return " ".join(group[i:i + 2] for i in range(0, len(group), 2))


class TianjiText(GameText):
    """Text of 田忌赛马 at a table."""

    lists_legal = False


    def refusal_params(self, key: str, params: dict[str, Any], lang: str) -> dict[str, Any]:
        """The cards a refusal names as the table shows them (♥K ♦K, not Kh Kd)."""
        return suited_params(params, lang)
    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        """The table has no options that change its text."""

    def advice(self, hand: tuple[str, ...], typed: str, lang: str) -> list[str]:
        """A typed split whose B group busts (撑死), or that another split beats in every
        group, is said before it is sealed."""
        try:
            cards = parse_cards(" ".join(hand))
        except CardParseError:
            return []
        said = advise(typed, cards)
        if said is None:
            return []
        lines = []
        if said.bust:
            lines.append(t("host.tianji.advice_bust", lang,
                           points=f"{b_total(said.arrangement.b):g}",
                           cards=pretty_cards(" ".join(c.code for c in said.arrangement.b),
                                              lang)))
        if said.better is not None:
            lines.append(t("host.tianji.advice_better", lang,
                           groups=groups_text(said.better.code, lang)))
        return lines

    def seat_info(self, public: TablePublic, seat: int, lang: str) -> SeatInfo:
        """Arranged or not."""
        arranged = public.arranged
        done = 0 <= seat < len(arranged) and arranged[seat]
        return SeatInfo(None, None, "✅" if done else "⏳")

    def table_lines(self, public: TablePublic, names: list[str], lang: str) -> list[str]:
        """How many have arranged."""
        arranged = public.arranged
        return [t("host.tianji.arranged_count", lang, done=sum(arranged), total=len(arranged))]

    def result_lines(self, public: TablePublic, names: list[str], lang: str) -> list[str]:
        """The legend of the three rounds of §3.5 and who beat whom in each, for how many
        stakes; each seat's sum is its result line (`formula`); the groups themselves are
        on the finished table."""
        if not public.rounds or not public.codes:
            return []
        return [t("host.tianji.rounds_legend", lang),
                *_round_lines(public.rounds, public.result or {}, names, lang)]

    def private_event(self, event: Event, lang: str) -> str | None:
        """Nothing is told to one seat alone."""
        return None

    def counter_line(self, private: TablePrivate, lang: str) -> str | None:
        """No card counter in this game."""
        return None

    def over_lines(self, public: TablePublic, names: list[str], lang: str) -> list[str]:
        """Every seat's groups with the B points and the C type."""
        lines = []
        points, types = public.b_points, public.c_types
        for seat, code in enumerate(public.codes):
            score = t("host.tianji.b_points", lang, points=_points(points[seat]))
            if public.busts[seat]:  # over 10½: 撑死, the lowest of group B
                score = t("tianji.b_bust", lang, points=_points(points[seat]))
            detail = t("host.tianji.groups_detail", lang, points=score,
                       type=t(f"tianji.type.{types[seat]}", lang))
            lines.append(f"{seat_name(names, seat)}: {groups_text(code, lang)} ({detail})")
        return lines

    def formula(self, public: TablePublic, seat: int, stake: int, lang: str) -> str | None:
        """What the three rounds gave the seat, in stakes, times the stake (without "=")."""
        rounds = public.rounds
        if not rounds or not all(0 <= seat < len(part) for part in rounds):
            return None
        parts = t("host.tianji.rounds", lang, **{
            key: _signed(part[seat]) for key, part in zip(("first", "second", "third"),
                                                          rounds, strict=True)})
        return t("end.tianji.formula", lang, rounds=parts,
                 units=abs(sum(part[seat] for part in rounds)), stake=stake)

    def hand(self, private: TablePrivate) -> tuple[tuple[str, ...], str]:
        """Six suited codes; ranks are not used to build an arrangement."""
        codes = tuple(private.hand.split())
        return codes, "".join(c[0] for c in codes)

    def hand_text(self, private: TablePrivate, lang: str) -> str:
        """The hand, and the arrangement once sealed."""
        text = pretty_cards(private.hand, lang)
        if private.code:
            text += "\n" + t("host.tianji.your_arrangement", lang,
                             groups=groups_text(private.code, lang))
        return text

    def prompt(self, public: TablePublic, private: TablePrivate, legal: list[str],
               hints: list[str], lang: str) -> PromptParts:
        """Arrange A|B|C: the solver's suggestions, or build the groups."""
        suggestions = tuple((a, groups_text(a, lang)) for a in hints)
        choices = ((hints[0], t("host.tianji.use_suggested", lang)),) if hints else ()
        return PromptParts("arrange", t("host.tianji.prompt", lang), choices, suggestions,
                           build="groups")

    def suggests(self, public: TablePublic) -> bool:
        """The solver's arrangements are the prompt's suggestions."""
        return True

    def hint_text(self, public: TablePublic, action: str, lang: str) -> str:
        """A suggestion reads as the action does."""
        return self.action_text(action, lang)

    def turn_help(self, lang: str) -> str:
        """Six cards split into A|B|C, typed with their suits, or a suggestion's number."""
        return t("tianji.help.turn", lang)

    def action_text(self, action: str, lang: str) -> str:
        """An arrangement as its three groups."""
        return groups_text(action, lang)

    def event(self, event: Event, names: list[str], lang: str) -> str | None:
        """Round-1 specials and table sweeps (the result itself is on the table)."""
        if event.kind not in ANNOUNCED:
            return None
        return t(event.kind, lang, player=seat_name(names, event.seat), **event.params)


SWEEP_PAIR_UNITS = 10  # a pair in which one side wins all three groups (§3.5 round 3)


def _round_lines(rounds: tuple[tuple[int, ...], ...], result: Mapping[str, Any],
                 names: list[str], lang: str) -> list[str]:
    """Each round's pairings, winner and units, as the sheet's worked examples show them."""
    sep, name = " · ", (lambda seat: seat_name(names, seat))
    first = [f"{name(seat)} {_signed(units)}" for seat, units in enumerate(rounds[0]) if units]
    lines = ["① " + (sep.join(first) or t("host.tianji.nothing", lang))]
    extremes = result.get("extremes") or []
    second = [t("host.tianji.group_beats", lang, group=group, winner=name(pair[0]),
                loser=name(pair[1]), units=units)
              for group, units, pair in zip("ABC", (1, 2, 3), extremes, strict=False)
              if pair is not None]
    if any(rounds[1]) or second:
        lines.append("② " + (sep.join(second) or t("host.tianji.nothing", lang)))
    third = []
    for key, seat in (("host.tianji.sweeps_table", result.get("sweeper")),
                      ("host.tianji.swept_by_table", result.get("swept"))):
        if seat is not None:
            third.append(t(key, lang, player=name(seat)))
    for i, j, units in result.get("pairs") or []:
        if units == 0:
            third.append(t("host.tianji.pair_draw", lang, first=name(i), second=name(j)))
            continue
        winner, loser = (i, j) if units > 0 else (j, i)
        said = t("host.tianji.pair_beats", lang, winner=name(winner), loser=name(loser),
                 units=abs(units))
        third.append(said + (t("host.tianji.pair_sweep", lang)
                             if abs(units) == SWEEP_PAIR_UNITS else ""))
    lines.append("③ " + (sep.join(third) or t("host.tianji.nothing", lang)))
    return lines


def _points(value: float) -> str:
    return f"{value:g}".replace(".5", "½") if value != 0.5 else "½"


def _signed(units: int) -> str:
    return f"{units:+d}" if units else "0"


def judge_text(text: str, lang: str) -> str:
    """`/judge` on typed 田忌赛马 arrangements: each seat's groups, then the scores."""
    tables = [part for part in re.split(r"\s*[;\n]\s*", text) if part]
    arrangements = [parse_arrangement(part) for part in tables]
    seen = [c for a in arrangements for c in a.cards]
    if len(seen) != len(set(seen)):
        raise PaijuError("host.judge.duplicate_cards")
    lines = [t("host.judge.groups", lang, seat=i + 1, groups=groups_text(a.code, lang),
               points=f"{b_total(a.b):g}", type=t(f"tianji.type.{c_type(a.c).name.lower()}",
                                                   lang))
             for i, a in enumerate(arrangements)]
    if len(arrangements) >= 2:
        result = settle(arrangements)
        lines.append(t("host.judge.scores", lang,
                       scores=", ".join(f"{i + 1}: {s:+d}" for i, s in enumerate(result.totals))))
    return "\n".join(lines)
