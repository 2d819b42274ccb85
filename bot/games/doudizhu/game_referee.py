"""Re-judging a whole 斗地主 game record (`python -m bot judge doudizhu-game`).

A record is one deal and every action on it (cards without suits):
`{"players": 3, "options": {...}, "hands": ["<17>", "<17>", "<17>"], "bottom": "<3>",
"first_bidder": 0, "actions": ["bid 1", "pass", "bid 3", "play 33", ...]}`. With two players
`hands` holds the three dealt hands (seat 2 the empty seat). The answer is the result with
stake 1 — `{"landlord", "winner", "multiplier", "spring", "anti_spring", "bombs", "scores"}` —
or `{"error": reason, "at": index}` at the first illegal action. A record whose bidding
ends with everyone passing answers `{"redeal": true}` (the next deal is a new record).
"""

from __future__ import annotations

from typing import Any

from bot.cards import RANK_CHARS, Suit, parse_ranks
from bot.errors import IllegalAction, PaijuError
from bot.games.doudizhu.deal import HAND_SIZE, Cards
from bot.games.doudizhu.options import validate
from bot.games.doudizhu.state import DoudizhuState

_SUIT_ORDER = "".join(s.char for s in sorted(Suit, reverse=True))  # s h c d


def suited_deal(hands: list[str], bottom: str) -> tuple[list[Cards], Cards]:
    """Give rank-only hands suits (♠ first) so they form exactly one 54-card deck.

    Raises IllegalAction if the hands are not 17, 17, 17 and 3 cards of one deck.
    """
    if len(hands) != 3:
        raise IllegalAction("ddz.err.record_hands", count=len(hands))
    used: dict[str, int] = {}
    out: list[list[str]] = []
    for text in [*hands, bottom]:
        cards: list[str] = []
        for rank in parse_ranks(text):
            n = used.get(rank.char, 0)
            limit = 1 if rank.is_joker else 4
            if n >= limit:
                raise IllegalAction("ddz.err.record_not_a_deck", rank=rank.label)
            used[rank.char] = n + 1
            cards.append(rank.char if rank.is_joker else rank.char + _SUIT_ORDER[n])
        out.append(cards)
    sizes = [len(cards) for cards in out]
    if sizes != [HAND_SIZE] * 3 + [3]:
        raise IllegalAction("ddz.err.record_sizes", sizes=", ".join(map(str, sizes)))
    return [tuple(h) for h in out[:3]], tuple(out[3])


def judge_record(request: dict[str, Any]) -> dict[str, Any]:
    """The result of a game record, or the first illegal action and why."""
    players = request.get("players", 3)
    options = dict(request.get("options") or {})
    options["players"] = players
    rules = validate(options)
    first = request.get("first_bidder", 0)
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players:
        raise IllegalAction("ddz.err.bad_seat", seat=first)
    hands, bottom = suited_deal(list(request["hands"]), request["bottom"])
    state = DoudizhuState.from_deal(rules, hands, bottom, first)
    # RULES §2.1: the wild ranks as they were drawn (天癞子 first), when the record names
    # them; otherwise the draw of seed 0.
    drawn = _drawn_wilds(request.get("wilds"))
    state = _with_drawn(state, drawn)
    actions = request.get("actions", [])
    if not isinstance(actions, list):
        raise IllegalAction("ddz.err.record_actions")
    for at, action in enumerate(actions):
        if state.is_over:
            return _error(IllegalAction("ddz.err.record_after_end"), at)
        if not isinstance(action, str):
            return _error(IllegalAction("ddz.err.unknown_action", action=repr(action)), at)
        seat = state.to_act()[0]
        try:
            after, _ = state.apply(seat, action)
        except PaijuError as exc:
            return _error(exc, at)
        if after.deal != state.deal:
            if at != len(actions) - 1:
                return _error(IllegalAction("ddz.err.record_after_redeal"), at + 1)
            return {"redeal": True}
        state = _with_drawn(after, drawn)
    if not state.is_over:
        return _error(IllegalAction("ddz.err.record_unfinished"), len(actions))
    return state.result()


def _drawn_wilds(text: Any) -> tuple[int, ...]:
    if not text:
        return ()
    if not isinstance(text, str) or any(ch not in RANK_CHARS[:13] for ch in text) \
            or len(text) > 2:
        raise IllegalAction("ddz.err.unknown_action", action=repr(text))
    return tuple(RANK_CHARS.index(ch) for ch in text)


def _with_drawn(state: DoudizhuState, drawn: tuple[int, ...]) -> DoudizhuState:
    """The state with the record's wild ranks in place of the seed's draw, as far as the
    hand has drawn."""
    if drawn and state.wilds and state.wilds != drawn[:len(state.wilds)]:
        return state.evolve(wilds=drawn[:len(state.wilds)])
    return state


def _error(exc: PaijuError, at: int) -> dict[str, Any]:
    return {"error": str(exc), "at": at}

