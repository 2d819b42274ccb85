"""斗地主 as chat text: the table from the public view, the hand and prompt from the private."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from bot.cards import RANK_CHARS, parse_ranks
from bot.errors import PaijuError
from bot.games.base import Event
from bot.games.doudizhu.ai_service import explain_request
from bot.games.doudizhu.announce import announcement
from bot.games.doudizhu.moves import classify, parse_move
from bot.games.doudizhu.views import PrivateView, PublicView
from bot.games.text import (
    MEMO_LIMIT,
    GameText,
    PromptParts,
    SeatInfo,
    pretty_cards,
    pretty_ranks,
    seat_name,
    t,
)
from bot.i18n import catalogue

MAX_SUGGESTIONS = 8
_COMPACT = re.compile(r"[3-9TJQKA2BR]+")  # the engine's compact ranks ("9995", "BR")


def play_order(ranks: str) -> str:
    """A play's compact ranks as players write it: the biggest set first, then the kickers
    (QQQ44, 5553, 33344456), chains low to high; jokers and unknown text as they are."""
    if not ranks or any(ch not in RANK_CHARS for ch in ranks):
        return ranks
    counts = {ch: ranks.count(ch) for ch in ranks}
    return "".join(sorted(ranks, key=lambda ch: (-counts[ch], RANK_CHARS.index(ch))))


@lru_cache(maxsize=MEMO_LIMIT)  # a play is shown again in every view while on the table
def play_text(ranks: str, lang: str) -> str:
    """A play as chat text in the players' order ("Q Q Q 4 4")."""
    return pretty_ranks(play_order(ranks), lang)


def _read_places(ranks: str, reading: str) -> list[tuple[str, bool]]:
    """The cards of a play with wild cards in the order of its reading, each with whether it
    stands in for another rank (a wild card in a place its own rank does not fill)."""
    order = play_order(reading)
    if len(order) != len(ranks) or any(ch not in RANK_CHARS for ch in ranks):
        return [(ch, False) for ch in play_order(ranks)]
    left = list(ranks)
    placed: list[str | None] = []
    for ch in order:
        if ch in left:
            left.remove(ch)
            placed.append(ch)
        else:
            placed.append(None)
    stand_ins = iter(sorted(left, key=RANK_CHARS.index))
    return [(ch, False) if ch is not None else (next(stand_ins), True) for ch in placed]


def read_order(ranks: str, reading: str) -> str:
    """A play with wild cards (RULES §2.1) in the order of its reading: each card under the
    rank it is read as, the wild cards in the places left (4 5 5 6 6 7 read as 4 4 5 5 6 6,
    7 wild: 4 7 5 5 6 6)."""
    return "".join(ch for ch, _ in _read_places(ranks, reading))


def read_cards(ranks: str, reading: str, lang: str) -> str:
    """`read_order`'s cards as chat text, each card that stands in marked ★ as the wild
    cards are in a hand ("4 7★ 5 5 6 6")."""
    return " ".join(pretty_ranks(ch, lang) + ("★" if stand_in else "")
                    for ch, stand_in in _read_places(ranks, reading))


@lru_cache(maxsize=MEMO_LIMIT)
def read_text(ranks: str, reading: str, lang: str) -> str:
    """A play with wild cards as chat text: the cards in the order of the reading, then
    what they are read as ("4 7★ 5 5 6 6 (as 4 4 5 5 6 6)")."""
    return t("host.ddz.read_as", lang, cards=read_cards(ranks, reading, lang),
             reading=play_text(reading, lang))

# Events worth a message in the channel; plays, passes and bids show on the table itself.
ANNOUNCED = {
    "ddz.landlord", "ddz.bomb", "ddz.rocket", "ddz.cards_left", "ddz.spring",
    "ddz.anti_spring", "ddz.redeal", "ddz.no_bid_penalty", "ddz.show", "ddz.wild",
}


class DoudizhuText(GameText):
    """Text of 斗地主 (three and two players), from the engine's typed views."""

    lists_legal = False  # the private view carries the legal actions

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.grab = (options or {}).get("bidding") == "grab"  # 抢地主: "bid 1" is the call
        # 地主叫分 (斗地主比赛方案 3.3): the landlord names the stake, a farmer follows or not
        self.names = (options or {}).get("bidding") == "landlord_names"

    def seat_info(self, public: PublicView, seat: int, lang: str) -> SeatInfo:
        """Cards left, landlord/farmer, doubled."""
        if not 0 <= seat < len(public.seats):
            return SeatInfo()
        info = public.seats[seat]
        marks = ["×4" if info.doubled == 4 and info.doubled is not True else "×2"] \
            if info.doubled else []
        if info.warning:
            marks.append("🚨")  # 报牌: three cards or fewer left
        if info.said is not None:
            # Each seat's last word in this trick, as the apps show it by the player.
            trick = public.trick
            said = (read_cards(info.said, trick.reading, lang)
                    if trick and trick.reading and trick.seat == seat and trick.cards == info.said
                    else play_text(info.said, lang))
            marks.append(t("end.ddz.seat_played", lang, cards=said)
                         if info.said else t("end.ddz.seat_passed", lang))
        if info.left:
            marks = [t("end.ddz.left", lang, cards=pretty_ranks(info.left, lang))]
        return SeatInfo(info.cards, info.role, " ".join(marks))

    def table_lines(self, public: PublicView, names: list[str], lang: str) -> list[str]:
        """Bidding so far, bottom cards, the move to beat, the multiplier."""
        lines: list[str] = []
        phase = public.phase
        wild_line = self.wild_line(public, lang)
        if wild_line:
            lines.append(wild_line)
        if public.face_up and phase == "bidding":
            card = pretty_cards(public.face_up, lang)
            holder = public.face_up_holder
            lines.append(t("host.ddz.face_up_held", lang, card=card,
                           player=seat_name(names, holder))
                         if holder is not None and holder == public.first_bidder
                         else t("host.ddz.face_up", lang, card=card))
        if public.auction and public.landlord is None:
            said = t("host.list_sep", lang).join(
                f"{seat_name(names, s)} "
                f"{self.follow_text(a, lang) if self.names and i else self.bid_text(a, lang)}"
                for i, (s, a) in enumerate(public.auction))
            lines.append(t("host.ddz.auction", lang, said=said))
        if public.bottom:
            lines.append(t("host.ddz.bottom", lang, cards=pretty_cards(public.bottom, lang),
                           base=public.base))
        if public.shown_hand:
            lines.append(t("host.ddz.shown_hand", lang,
                           player=seat_name(names, public.landlord),
                           cards=pretty_cards(public.shown_hand, lang)))
        dummy = public.dummy
        if dummy and dummy.visible and dummy.hand_cards:
            lines.append(t("host.ddz.dummy", lang, cards=pretty_cards(dummy.hand_cards, lang)))
        trick = public.trick
        if trick and phase == "playing":
            cards = (read_text(trick.cards, trick.reading, lang) if trick.reading
                     else play_text(trick.cards, lang))
            lines.append(t("host.ddz.to_beat", lang, player=seat_name(names, trick.seat),
                           cards=cards,
                           type=t(f"host.ddz.type.{trick.type}", lang)))
            if public.passed:  # the engine says who passed
                lines.append(t("host.ddz.passed", lang, players=t("host.list_sep", lang).join(
                    seat_name(names, s) for s in public.passed)))
        elif phase == "playing" and public.history:
            closing = _closing_passes(public.history)  # the passes that ended the trick
            if closing:
                lines.append(t("host.ddz.passed", lang, players=t("host.list_sep", lang).join(
                    seat_name(names, s) for s in closing)))
            lines.append(t("host.ddz.new_trick", lang))
        lines.append(self._multiplier(public, lang))
        return lines

    @staticmethod
    def wild_line(public: PublicView, lang: str) -> str | None:
        """The 癞子 modes (RULES §2.1): the wild ranks on the table, or that one is coming."""
        if public.variant == "classic":
            return None
        wilds = [pretty_ranks(ch, lang) for ch in public.wilds]
        if public.variant == "laizi":
            return (t("host.ddz.wilds_laizi", lang, rank=wilds[0]) if wilds
                    else t("host.ddz.wilds_pending", lang))
        if len(wilds) >= 2:
            return t("host.ddz.wilds_tiandi", lang, tian=wilds[0], di=wilds[1])
        return t("host.ddz.wilds_tian", lang, rank=wilds[0]) if wilds else None

    def _multiplier(self, public: PublicView, lang: str) -> str:
        causes = [t(f"ddz.cause.{cause}", lang) for cause in public.causes]
        if not causes:
            return t("host.ddz.multiplier", lang, multiplier=public.multiplier)
        return t("host.ddz.multiplier_causes", lang, multiplier=public.multiplier,
                 causes=t("host.list_sep", lang).join(causes))

    def result_lines(self, public: PublicView, names: list[str], lang: str) -> list[str]:
        """Who won and the multiplier with its causes."""
        result = public.result
        if result is None:
            return []
        landlord = seat_name(names, result.landlord)
        key = "host.ddz.landlord_won" if result.winner == "landlord" else "host.ddz.farmers_won"
        if result.winner != "landlord" and public.players == 2:
            key = "host.ddz.farmer_won"  # 二人斗地主: one farmer
        # Base and multiplier are in each player's formula, on the lines that follow.
        return [t(key, lang, player=landlord)]

    def counter_line(self, private: PrivateView, lang: str) -> str | None:
        """记牌器: how many of each rank are still out of sight, high ranks first."""
        if not private.counter:
            return None
        # A wild rank (RULES §2.1) is starred: those cards may stand for any other.
        parts = [f"{pretty_ranks(char, lang)}{'★' if char in private.wilds else ''}×{count}"
                 for char, count in private.counter]
        return t("host.private.counter", lang, cards=" ".join(parts))

    def over_lines(self, public: PublicView, names: list[str], lang: str) -> list[str]:
        """The play that ended the hand (the cards left are on each seat's line)."""
        final = public.final_play
        wild = self.wild_line(public, lang)
        lines = [wild] if wild else []  # the wild ranks stay on the finished table
        if final is None:
            return lines
        cards = (read_text(final.cards, final.reading, lang) if final.reading
                 else play_text(final.cards, lang))
        return lines + [t("end.ddz.final_play", lang, player=seat_name(names, final.seat),
                          cards=cards, type=t(f"host.ddz.type.{final.type}", lang))]

    def turn_help(self, lang: str) -> str:
        """Cards by rank (33344, 王炸), pass, a bid."""
        return t("ddz.help.turn", lang)

    def end_lines(self, cards: tuple[str, ...], names: list[str], lang: str) -> list[str]:
        """Nothing: the cards left are on each seat's line (`seat_info`)."""
        return []

    def formula(self, public: PublicView, seat: int, stake: int, lang: str) -> str | None:
        """How a seat's amount comes about: 底注 × 底分 × 倍数 (causes) × 加倍 [± penalty]."""
        result = public.result
        if result is None or public.landlord is None or not 0 <= seat < len(public.seats):
            return None
        parts = [t("end.ddz.stake", lang, stake=stake),
                 t("end.ddz.base", lang, base=public.base or 1)]
        causes = [t(f"ddz.cause.{cause}", lang) for cause in public.causes]
        parts.append(t("end.ddz.multiplier_causes", lang, multiplier=public.multiplier,
                       causes=t("host.list_sep", lang).join(causes)) if causes
                     else t("end.ddz.multiplier", lang, multiplier=public.multiplier))
        factors = public.seats[seat].doublings  # the engine's 加倍 factors of this seat
        if len(set(factors)) == 1:
            if factors[0] > 1:
                parts.append(t("end.ddz.doubling", lang, factor=factors[0]))
            if len(factors) > 1:
                parts.append(t("end.ddz.farmers", lang, count=len(factors)))
        elif factors:
            parts.append(t("end.ddz.doublings", lang,
                           factors=" + ".join(f"×{f}" for f in factors)))
        text = " × ".join(parts)
        penalty = public.penalties[seat] if seat < len(public.penalties) else 0
        if penalty:  # added to (or taken from) the hand's own amount, shown unsigned
            main = result.scores[seat] if seat < len(result.scores) else 0
            text += " " + t("end.ddz.penalty", lang, sign="+" if (penalty > 0) == (main > 0)
                            else "−", amount=abs(penalty) * stake)
        return text

    def hand(self, private: PrivateView) -> tuple[tuple[str, ...], str]:
        """Suited codes and compact ranks."""
        return tuple(private.hand.split()), private.ranks

    def hand_text(self, private: PrivateView, lang: str) -> str:
        """The hand in rank order (suits do not matter in 斗地主); a wild card (癞子, RULES
        §2.1) marked with a star, card by card."""
        if not private.wilds:
            return pretty_ranks(private.ranks, lang)
        return " ".join(pretty_ranks(ch, lang) + ("★" if ch in private.wilds else "")
                        for ch in private.ranks)

    def prompt(self, public: PublicView, private: PrivateView, legal: list[str],
               hints: list[str], lang: str) -> PromptParts:
        """Bid/grab/double/show choices, or a play with hints, pass and free building."""
        kind = private.prompt or "play"
        if kind == "bid" and self.names:
            if public.auction:  # a farmer: follow the landlord's stake, or concede
                named = public.auction[0][1][4:]
                return PromptParts(kind, t("host.ddz.prompt.follow", lang, bid=named),
                                   tuple((a, self.follow_text(a, lang))
                                         for a in private.legal))
            return PromptParts(kind, t("host.ddz.prompt.name", lang),
                               tuple((a, self.bid_text(a, lang)) for a in private.legal))
        if kind != "play":
            labelled = tuple((a, self.bid_text(a, lang)) for a in private.legal)
            return PromptParts(kind, t(f"host.ddz.prompt.{kind}", lang), labelled)
        trick = public.trick
        suggestions = tuple((a, self.action_text(a, lang))
                            for a in hints[:MAX_SUGGESTIONS] if a != "pass")
        shown = ""
        if trick:
            shown = (read_text(trick.cards, trick.reading, lang) if trick.reading
                     else play_text(trick.cards, lang))
            text = t("host.ddz.prompt.beat", lang, cards=shown)
        else:
            text = t("host.ddz.prompt.lead", lang)
        if private.can_pass and not private.can_beat:
            text = t("host.ddz.prompt.cannot_beat", lang, cards=shown)
        choices = (("pass", self.action_text("pass", lang)),) if private.can_pass else ()
        return PromptParts("play", text, choices, suggestions, build="ranks",
                           to_beat=trick.cards if trick else None, can_pass=private.can_pass)

    def suggests(self, public: PublicView) -> bool:
        """Only plays are suggested (bids, doubles and shows are a short list of choices)."""
        return public.phase == "playing"

    def action_text(self, action: str, lang: str) -> str:
        """"bid 2" → "2 points", "play 33344" → "3 3 3 4 4", "pass" → "pass"."""
        verb, _, rest = action.partition(" ")
        if verb == "play":
            cards, _, reading = rest.partition("=")
            if reading:  # a play with wild cards names its reading (RULES §2.1)
                return t("host.ddz.label.play_as", lang,
                         cards=read_cards(cards, reading, lang),
                         reading=play_text(reading, lang))
            return play_text(rest, lang)
        if verb == "bid":
            if self.grab:
                return t("host.ddz.label.call", lang)
            return t("host.ddz.label.bid", lang, bid=rest)
        return t(f"host.ddz.label.{verb}", lang)

    def hint_text(self, public: PublicView, action: str, lang: str) -> str:
        """A suggestion: in the auction "pass" is 不叫, in play 不出."""
        if public.phase == "bidding":
            if self.names and public.auction:
                return self.follow_text(action, lang)
            return self.bid_text(action, lang)
        return self.action_text(action, lang)

    def follow_text(self, action: str, lang: str) -> str:
        """A farmer's answer to the stake the landlord named: 跟 (n) or 不跟."""
        if action == "pass":
            return t("host.ddz.label.no_follow", lang)
        return t("host.ddz.label.follow", lang, bid=action[4:])

    def bid_text(self, action: str, lang: str) -> str:
        """An action of the auction: "pass" there is 不叫 (no bid), not 不出."""
        if action == "pass":
            return t("host.ddz.label.no_bid", lang)
        return self.action_text(action, lang)

    def refusal_params(self, key: str, params: dict[str, Any], lang: str) -> dict[str, Any]:
        """The engine's action and phase names in a refusal said in the players' words
        ("pass" while bidding is 不叫, "bid 1" is "1 分", "playing" is 出牌), and the trick
        a play does not beat as the table shows it (9 9 9 5; K Q★(当 K K))."""
        params = dict(params)
        table = params.get("table")
        if key == "ddz.err.does_not_beat" and isinstance(table, str):
            cards, _, reading = table.partition("=")
            if reading and _COMPACT.fullmatch(cards) and _COMPACT.fullmatch(reading):
                params["table"] = read_text(cards, reading, lang)
            elif _COMPACT.fullmatch(table):
                params["table"] = play_text(table, lang)
        bidding = key == "ddz.err.bid_not_allowed" or params.get("phase") == "bidding"
        if isinstance(params.get("phase"), str):
            params["phase"] = t(f"ddz.phase.{params['phase']}", lang)
        for name in ("action", "allowed"):
            value = params.get(name)
            if isinstance(value, str) and value:
                params[name] = t("host.list_sep", lang).join(
                    _refused_word(action, bidding, lang) for action in value.split(", "))
        return params

    def private_event(self, event: Event, lang: str) -> str | None:
        """What the event's own seat alone is told: 二人斗地主's farmer, of the hand switch."""
        if event.kind == "ddz.hand_switch":
            return t("ddz.say.hand_switch", lang)
        return None

    def event(self, event: Event, names: list[str], lang: str) -> str | None:
        """Announcements: landlord, bombs, 报牌, spring, redeals, 明牌, the result."""
        if event.kind not in ANNOUNCED:
            return None
        said = announcement(event)
        if said is None:
            return None
        key, params = said
        params = dict(params)
        if "cards" in params:
            params["cards"] = pretty_cards(str(params["cards"]), lang)
        return t(key, lang, player=seat_name(names, event.seat), **params)


def _closing_passes(history: tuple[tuple[int, str], ...]) -> list[int]:
    """The seats whose passes, last in the history, ended the trick, in turn order."""
    seats: list[int] = []
    for seat, shown in reversed(history):
        if shown:
            break
        seats.insert(0, seat)
    return seats


def judge_text(text: str, lang: str) -> str:
    """`/judge` on typed 斗地主 cards: what a move is, or whether one beats another; a
    typed position (JSON, as `judge doudizhu-ai` reads it) is a 残局 puzzle."""
    if text.startswith("{"):
        return judge_position(text, lang)
    parts = re.split(r"\s*(?:>|vs|对|管)\s*", text, maxsplit=1)
    words = text.split()
    if len(parts) == 1 and len(words) == 2 and not classify(parse_ranks(text)) \
            and all(classify(parse_ranks(word)) for word in words):
        parts = [words[1], words[0]]  # "33344 66677" (the README's form): the second on the first
    if not all(part.strip() for part in parts):
        raise PaijuError("host.judge.usage")  # "judge >", "judge 33 >"
    if len(parts) == 2:
        readings = classify(parse_ranks(parts[0]))
        if not readings:
            parse_move(parts[0])  # raises with the reason
        table = parse_move(parts[1])
        key = "host.judge.beats" if any(m.beats(table) for m in readings) \
            else "host.judge.does_not_beat"
        return t(key, lang, first=_typed(str(readings[0]), lang),
                 second=_typed(str(table), lang))
    readings = classify(parse_ranks(text))
    if not readings:
        parse_move(text)
    said = "; ".join(t("host.judge.reading", lang, type=t(f"host.ddz.type.{m.type.value}", lang),
                       rank=pretty_ranks(m.rank.char, lang)) for m in readings)
    return t("host.judge.move", lang, cards=_typed(str(readings[0]), lang), readings=said)


def _typed(ranks: str, lang: str) -> str:
    """Compact ranks as people type them ("TJQKA" → "10JQKA"); with jokers, spaced and
    named ("B R" → "小王 大王"), never a code."""
    if "B" in ranks or "R" in ranks:
        return play_text(ranks, lang)
    return ranks.replace("T", "10")


def judge_position(text: str, lang: str) -> str:
    """The AI's move for a typed position, with its one-line reason (the puzzle mode)."""
    try:
        request = json.loads(text)
    except json.JSONDecodeError:
        raise PaijuError("host.judge.bad_position") from None
    if not isinstance(request, dict):
        raise PaijuError("host.judge.bad_position")
    try:
        answer, key, params = explain_request(request)
    except (KeyError, TypeError, ValueError):
        raise PaijuError("host.judge.bad_position") from None
    if "bid" in answer:
        move = t("host.ddz.label.bid", lang, bid=answer["bid"]) if answer["bid"] \
            else t("host.ddz.label.no_bid", lang)
    elif "win" in answer:  # an endgame puzzle: the winning line, or none
        move = " ".join(cards or t("host.ddz.label.pass", lang)
                        for _, cards in answer.get("line", [])) or "—"
    else:
        move = answer["play"] or t("host.ddz.label.pass", lang)
    return t("host.judge.ai", lang, move=move, reason=t(key, lang, **params))


def _refused_word(action: str, bidding: bool, lang: str) -> str:
    """One action of a refusal as players say it (typed text is said back as typed)."""
    verb, _, rest = action.partition(" ")
    if verb == "bid" and rest:
        return t("host.ddz.label.bid", lang, bid=rest)
    if verb == "play" and rest and all(ch in RANK_CHARS for ch in rest):
        return pretty_ranks(rest, lang)
    if verb == "pass":
        return t("host.ddz.label.no_bid" if bidding else "host.ddz.label.pass", lang)
    if f"host.ddz.label.{verb}" in catalogue():
        return t(f"host.ddz.label.{verb}", lang)
    return action
