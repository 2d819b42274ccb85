"""斗地主 on the web pages: the dummy hand of the two-player game, the referee's reading of
each move (its type, what it beat), the bottom and open hands on the live table, the
multiplier's formula under the settlement."""

from __future__ import annotations

from typing import Any

from bot.cards import parse_cards
from bot.games.doudizhu.moves import classify
from bot.games.web import CardRow, GameWeb, Reading
from bot.i18n import translate


def _last_play(public: dict[str, Any], seat: int) -> dict[str, Any] | None:
    """The seat's last move, when the table was cleared by it (the game's last play): the
    referee reads its type from the cards, as it does every move (with wild cards the
    engine's own reading of the final play, RULES §2.1)."""
    final = public.get("final_play")
    if public.get("variant") and final and final.get("seat") == seat:
        shown = next((s for who, s in reversed(public.get("history") or []) if who == seat
                      and s), "")
        return {"seat": seat, "cards": shown, "type": final.get("type")}
    for who, shown in reversed(public.get("history") or []):
        if who == seat and shown:
            readings = classify(parse_cards(shown))
            kind = readings[0].type.value if readings else None
            return {"seat": seat, "cards": shown, "type": kind}
    return None


def _shown_by(public: dict[str, Any], trick: dict[str, Any] | None) -> str:
    """The suited cards of a trick's move: its player's last play in the public history
    (the trick itself carries ranks only)."""
    if not trick:
        return ""
    for who, shown in reversed(public.get("history") or []):
        if who == trick.get("seat") and shown:
            return str(shown)
    return ""


class DoudizhuWeb(GameWeb):
    """斗地主 (three and two players) on the web pages."""

    def hands(self, state: Any, players: int) -> tuple[tuple[str, ...], str]:
        """Every seat's cards, and the dealt hand no seat holds (二人斗地主's third hand, out
        of play once the landlord is known): after the game it is open like the others."""
        views = [state.private_view(seat) for seat in range(players)]
        hands = tuple(str(view.get("hand", "")) for view in views)
        held = {view.get("hand_index", seat) for seat, view in enumerate(views)}
        dealt = state.to_dict().get("hands") if "hand_index" in views[0] else None
        extra = [str(hand) for index, hand in enumerate(dealt or []) if index not in held]
        return hands, " ".join(extra)

    def reading(self, before: Any, after: Any, seat: int, action: str, final: Any,
                lang: str) -> Reading:
        """A play's type and what it beat (or led); a pass in play, what it passed on."""
        ahead, now = before.to_dict(), after.to_dict()
        if action.startswith("play") and "trick" in now:
            played = now.get("trick") or _last_play(now, seat)
            previous = ahead.get("trick")
            beat = previous if previous and previous.get("seat") != seat else None
            kind = (played or {}).get("type")
            return Reading(_shown_by(now, played),
                           translate(f"host.ddz.type.{kind}", lang) if kind else "",
                           _shown_by(ahead, beat), beat.get("seat") if beat else None)
        if action == "pass" and ahead.get("phase") == "playing" and ahead.get("trick"):
            trick = ahead["trick"]
            return Reading(beat=_shown_by(ahead, trick), beat_seat=trick.get("seat"),
                           passed=True)
        return Reading()

    def rows(self, public: Any, over: bool) -> tuple[CardRow, ...]:
        """The bottom, the landlord's open hand (明牌), the dummy when it is shown."""
        view = public.to_dict()
        rows = []
        if view.get("bottom"):
            rows.append(CardRow("web.live.bottom", tuple(view["bottom"].split())))
        if view.get("shown_hand"):
            rows.append(CardRow("web.live.shown", tuple(view["shown_hand"].split())))
        dummy = view.get("dummy") or {}
        if dummy.get("visible") and dummy.get("hand_cards"):
            rows.append(CardRow("web.replay.dummy", tuple(dummy["hand_cards"].split())))
        return tuple(rows)

    def seat_play(self, public: Any, seat: int) -> tuple[str, ...]:
        """What the seat laid down last in the current trick, if anything."""
        view = public.to_dict()
        trick = view.get("trick")
        for who, shown in reversed(view.get("history") or []):
            if who == seat:
                return tuple(shown.split()) if shown and trick else ()
        return ()

    def settlement(self, public: Any, lang: str) -> list[str]:
        """Base × multiplier (its causes) = each farmer's unit."""
        view = public.to_dict()
        if "multiplier" not in view:
            return []
        causes = [translate(f"ddz.cause.{c['cause']}", lang) for c in view.get("causes", [])]
        base, multiplier = view.get("base") or 1, view.get("multiplier", 1)
        line = translate("web.settle.ddz", lang, base=base, multiplier=multiplier,
                         unit=base * multiplier)
        return [line + (f" ({', '.join(causes)})" if causes else "")]


    def wild(self, public: Any) -> str:
        """The 癞子 ranks known (RULES §2.1): starred on the page's cards."""
        return str(getattr(public, "wilds", "") or "")


WEB = DoudizhuWeb()
