"""The chat text of 打棒子: seats and partners, trumps and 魂儿, tricks, points, results."""

from __future__ import annotations

from typing import Any

from bot.games.base import Event
from bot.games.dabangzi.scoring import HandResult, team_of
from bot.games.dabangzi.views import Play, PrivateView, PublicView
from bot.games.text import GameText, PromptParts, SeatInfo, pretty_cards, seat_name, t

MAX_CHOICES = 40  # beyond this many legal plays the prompt offers the hints (and typing)
SUIT_SYMBOLS = {"s": "♠", "h": "♥", "c": "♣", "d": "♦"}


def _team(team: int, lang: str) -> str:
    return t(f"dbz.team.{team}", lang)


def level_text(level: str, lang: str) -> str:
    """A level as players say it: 10 (not T), 过A once past A."""
    return "10" if level == "T" else t("dbz.level.past_a", lang) if level == "A+" else level


def _up(levels: int, lang: str) -> str:
    """", up 2" after the attackers take the deal (nothing for no level)."""
    return t("dbz.up", lang, levels=levels) if levels else ""


def _plays(plays: tuple[Play, ...], names: list[str], lang: str) -> str:
    return " · ".join(f"{seat_name(names, s)} {pretty_cards(' '.join(c), lang)}"
                      for s, c in plays)


class DabangziText(GameText):
    """How 打棒子 reads in a chat."""

    def seat_info(self, public: PublicView, seat: int, lang: str) -> SeatInfo:
        """Cards left, the seat's side this hand, its team and the points its tricks took."""
        role = None
        if public.dealer is not None:
            role = ("dbz_dealer" if seat == public.dealer else "dbz_partner"
                    if team_of(seat) == team_of(public.dealer) else "dbz_attacker")
        status = _team(team_of(seat), lang)
        if public.taken[seat]:
            status += " · " + t("dbz.taken", lang, points=public.taken[seat])
        return SeatInfo(cards_left=public.cards_left[seat], role=role, status=status)

    def table_lines(self, public: PublicView, names: list[str], lang: str) -> list[str]:
        """Teams, the hand, trumps and 魂儿, tribute, points, kitty and tricks, whose turn."""
        name = [seat_name(names, s) for s in range(4)]
        lines = [t("dbz.table.teams", lang, team0=_team(0, lang), team1=_team(1, lang),
                   a=name[0], c=name[2], b=name[1], d=name[3],
                   la=level_text(public.levels[0], lang), lb=level_text(public.levels[1], lang))]
        if public.dealer is not None:
            lines.append(t("dbz.table.hand", lang, number=public.number,
                           dealer=name[public.dealer], level=level_text(public.level, lang)))
        lines.append(t("dbz.table.trump", lang, suit=SUIT_SYMBOLS[public.suit],
                       hun=pretty_cards(public.hun, lang)) if public.suit
                     else t("dbz.table.no_trump", lang))
        if public.tribute is not None and public.dealer is not None:
            lines.append(t("dbz.table.tribute", lang, player=name[public.tribute[0]],
                           dealer=name[public.dealer],
                           card=pretty_cards(public.tribute[1], lang)))
        if public.returned is not None and public.dealer is not None:
            lines.append(t("dbz.table.returned", lang, player=name[public.dealer],
                           to=name[public.returned[0]],
                           card=pretty_cards(public.returned[1], lang)))
        if public.phase in ("play", "over"):
            lines.append(t("dbz.table.points", lang, points=public.points))
        if public.kitty:
            lines.append(t("dbz.table.kitty", lang, cards=pretty_cards(" ".join(public.kitty),
                                                                        lang)))
        elif public.kitty_size and public.phase in ("jokers", "play"):
            lines.append(t("dbz.table.kitty_hidden", lang, count=public.kitty_size))
        if public.trick:
            lines.append(t("dbz.table.trick", lang, plays=_plays(public.trick, names, lang)))
        elif public.last_trick:
            lines.append(t("dbz.table.last_trick", lang,
                           plays=_plays(public.last_trick, names, lang)))
        if public.match and any(public.blood):
            lines.append(t("dbz.table.blood", lang, a=public.blood[0], b=public.blood[1]))
        if public.turn is not None:  # the host names the seat to act; this says for what
            what = t(f"dbz.phase.{public.phase}", lang)
            if public.phase == "bury" and public.dealer is not None:  # each frame says how far
                what = t("dbz.phase.bury_left", lang, what=what,
                         left=public.cards_left[public.dealer] - 25)
            lines.append(t("dbz.table.phase", lang, what=what))
        return lines

    def result_lines(self, public: PublicView, names: list[str], lang: str) -> list[str]:
        """The last hand's count and levels, and who won the match."""
        if not public.results:
            return []
        lines = [self.hand_line(public.results[-1], public, lang)]
        if public.match and public.winner is not None:
            lines.append(t("dbz.result.winner", lang, team=_team(public.winner, lang),
                           a=seat_name(names, public.winner),
                           b=seat_name(names, public.winner + 2)))
        return lines

    def hand_line(self, result: HandResult, public: PublicView, lang: str) -> str:
        """One hand's result as a line."""
        dig = (t("dbz.result.dig", lang, multiplier=result.multiplier)
               if result.multiplier else "")
        # The attackers winning take the deal (上台), with or without a level.
        took = result.winner != team_of(result.dealer)
        return t("dbz.result.hand_deal" if took else "dbz.result.hand", lang,
                 points=result.points, kitty=pretty_cards(" ".join(result.kitty), lang),
                 dig=dig, ganguo=t("dbz.result.ganguo", lang) if result.ganguo else "",
                 team=_team(result.winner, lang), levels=result.levels,
                 up=_up(result.levels, lang),
                 blood=t("dbz.blood", lang) if result.blood else "",
                 la=level_text(public.levels[0], lang), lb=level_text(public.levels[1], lang))

    def formula(self, public: PublicView, seat: int, stake: int, lang: str) -> str | None:
        """A hand: its levels and 吃血; a match: the win and the 吃血 difference."""
        if not public.results:
            return None
        if public.match:  # said as a size, as every formula is: the sign is the amount's
            mine = team_of(seat)
            won = public.winner == mine
            blood = public.blood[mine] - public.blood[1 - mine]
            units = abs((2 if won else -2) + blood)
            return t("dbz.formula.match", lang, stake=stake, units=units,
                     blood=f"{blood:+d}" if won else f"{-blood:+d}")
        result = public.results[-1]
        return t("dbz.formula.hand_one" if result.levels == 1 else "dbz.formula.hand", lang,
                 stake=stake, levels=result.levels,
                 units=result.levels + (1 if result.blood else 0),
                 blood=t("dbz.blood", lang) if result.blood else "")

    def prompt(self, public: PublicView, private: PrivateView, legal: list[str],
               hints: list[str], lang: str) -> PromptParts:
        """The phase's question, its legal actions (or the hints when they are many)."""
        kind = private.prompt or "play"
        if kind == "bury":
            text = t("dbz.prompt.bury", lang, left=public.cards_left[private.seat] - 25)
        elif kind == "play" and public.trick:
            lead = public.trick[0][1]
            text = t("dbz.prompt.follow_one" if len(lead) == 1 else "dbz.prompt.follow", lang,
                     cards=pretty_cards(" ".join(lead), lang), count=len(lead))
        elif kind == "play":
            text = t("dbz.prompt.lead", lang)
        else:
            text = t(f"dbz.prompt.{kind}", lang)
        offered = legal if len(legal) <= MAX_CHOICES else hints
        choices = tuple((a, self.action_text(a, lang)) for a in offered)
        suggestions = tuple((a, self.action_text(a, lang)) for a in hints[:3])
        return PromptParts(kind, text, choices, suggestions)

    def suggests(self, public: PublicView) -> bool:
        """Hints while burying and playing."""
        return public.phase in ("return", "bury", "play")

    def action_text(self, action: str, lang: str) -> str:
        """"play Ts Ts" → "♠10 ♠10", "declare 9h" → "Name ♥9", "pass" → "Pass"."""
        verb, _, rest = action.partition(" ")
        if verb == "play":
            return pretty_cards(rest, lang)
        if verb in ("grab", "pass"):
            return t(f"dbz.label.{verb}", lang)
        return t(f"dbz.label.{verb}", lang, card=pretty_cards(rest, lang))

    def hand_text(self, private: PrivateView, lang: str) -> str:
        """The hand in its groups, as the apps show it: the trumps, then each suit (a count
        per suit is what following needs)."""
        if not private.hand:
            return "-"
        codes, groups, at = private.hand.split(), [], 0
        for size in private.sizes or (len(codes),):
            groups.append(" ".join(codes[at:at + size]))
            at += size
        return " | ".join(pretty_cards(group, lang) for group in groups)

    def typing_help(self, lang: str) -> str | None:
        """Cards are typed with their suits (a rank alone when one legal play fits)."""
        return t("dbz.help.play", lang)

    def refusal_params(self, key: str, params: dict[str, Any], lang: str) -> dict[str, Any]:
        """The plays typed cards could be, as cards."""
        if key == "dbz.typed_which" and isinstance(params.get("options"), str):
            return {**params, "options": " / ".join(
                pretty_cards(o, lang) for o in params["options"].split(" / "))}
        return params

    def event(self, event: Event, names: list[str], lang: str) -> str | None:
        """Cards as players read them, seats by name, teams by name."""
        params = dict(event.params)
        for key in ("card", "cards", "hun"):
            if key in params:
                params[key] = pretty_cards(str(params[key]), lang)
        if "suit" in params:
            params["suit"] = SUIT_SYMBOLS.get(str(params["suit"]), params["suit"])
        if "to" in params:
            params["to"] = seat_name(names, int(params["to"]))
        if "level" in params:
            params["level"] = level_text(str(params["level"]), lang)
        if event.kind == "dbz.hand_over":
            params["team"] = _team(int(params["winner"]), lang)
            params["blood"] = t("dbz.blood", lang) if params["blood"] else ""
            if int(params["winner"]) != team_of(int(params["dealer"])):  # 上台
                params["up"] = _up(int(params["levels"]), lang)
                return t("dbz.hand_over_deal", lang, player=seat_name(names, event.seat),
                         **params)
        if event.kind == "dbz.match_over":
            params["team"] = _team(int(params["team"]), lang)
            params["what"] = ""
        return t(event.kind, lang, player=seat_name(names, event.seat), **params)
