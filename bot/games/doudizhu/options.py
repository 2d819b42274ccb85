"""Rule options of one 斗地主 table (RULES.md §1.2–§1.6 and §2): one immutable value.

Every **option** of the rules is a field here with the RULES.md §1.6 default. Options that
only make sense with another setting are refused in that combination rather than silently
ignored, so a room owner always knows which rules are in force:
- `last_bidder_min_two` and `no_bid_penalty` speak of "the third bidder" and of 叫分: three
  players and `bidding = "points"` only;
- `dummy_visible` is about the two-player dummy hand; harmless (ignored) at three players.

Retired options (`RETIRED`: `last_bidder_double`, ruled out 2026-12 — the QQ sheet's words are
the ordinary settlement) are refused when set, with a reason, and dropped when a saved hand
is read (`RuleOptions.from_dict`), so a hand saved with one keeps playing without it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Any

from bot.errors import IllegalAction

BIDDING_STYLES = ("points", "grab", "turns", "landlord_names")
FIRST_BIDDERS = ("face_up", "rotate", "face_up_once")
ESCAPE_TO = ("bank", "players")
MODES = ("classic", "laizi", "tiandi_laizi")  # RULES §2.1: 经典 / 癞子 / 天地癞子
DOUBLINGS = (False, True, "super")  # 加倍 off / ×2 / ×2 or ×4 (超级加倍, RULES §2.1)
RETIRED = frozenset({"last_bidder_double"})
# The AI of the table (AI seats, 托管, hints): see `levels`. Not a rule of the game, but a
# setting of the table that travels with the state into the thinking pool.
AI_LEVELS = ("easy", "normal", "strong")
DEFAULT_AI_BUDGET = 1850  # the strong AI's work per decision (see search: rollout work)
# Measured (benchmarks/arena.py --mode strong, 2,000 deals as --first 0 and --first 1000 with
# --deals 1000 each, machine shared): CPU per decision 19.3 / 19.6 ms mean, p99 89 / 90 ms
# per half; against today's planner +21.05 points head to head, +10.05 as landlord, +11.0 as
# farmers (1800 with 12 sample tries: 16.5 ms, p99 69 ms; +20.85, +9.7, +11.15; 2000 with 12:
# 18.4 / 18.9 ms, p99 76 / 80 ms; +20.1, +9.85, +10.25; 1500: 13.8 ms; +19.05, +9.4, +9.65).
MAX_AI_BUDGET = 200_000


@dataclass(frozen=True, slots=True)
class RuleOptions:
    """The rules in force at one table; defaults as in RULES.md §1.6."""

    players: int = 3
    # "points" 叫分 | "grab" 抢地主 | "turns": no auction, the hand's first bidder is the
    # landlord at base 1 (斗地主比赛方案 2.2: 每个参赛者都有机会扮演地主和农民的角色) |
    # "landlord_names": that landlord names the stake 1–3 and each farmer follows or
    # concedes the hand (the same sheet's 3.3: 地主可以选择叫分的大小，农民可以选择跟随或者不跟)
    bidding: str = "points"
    last_bidder_min_two: bool = False
    # "face_up" 明牌 card each hand | "rotate": by lot, then in turn | "face_up_once": the
    # card on a table's first hand, then in turn from its holder (十局 sheet: 首局先翻出一张明牌)
    first_bidder: str = "face_up"
    no_bid_penalty: bool = False  # spans deals: the engine reports it, the room applies it
    doubling: bool | str = False  # 加倍: False | True | "super" (×2 or ×4)
    show_hand: bool = False  # 明牌 by the landlord
    bomb_cap: int | None = None  # most doublings from bombs and rockets; None = no cap
    dummy_visible: bool = True  # two players: the out-of-play hand is shown (明牌)
    escape_penalty: bool = True  # quitting forfeits 3 × the current stake (6 before a bid)
    escape_to: str = "bank"  # the penalty goes to the bank (the hand is void) | the players
    ai_level: str = "normal"  # "easy" | "normal" | "strong"
    ai_budget: int = DEFAULT_AI_BUDGET  # strong: rollout decisions per decision
    variant: str = "classic"  # RULES §2.1: "classic" | "laizi" 癞子 | "tiandi_laizi" 天地癞子
    shuffle: bool = True  # RULES §2.1: off = 不洗牌, the last hand's cards gathered in order

    @property
    def wild_mode(self) -> bool:
        """True with 癞子 or 天地癞子."""
        return self.variant != "classic"

    def to_dict(self) -> dict[str, Any]:
        """JSON form (every field)."""
        return {name: getattr(self, name) for name in _FIELDS}

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> RuleOptions:
        """Checked options from a partial dict (missing keys take the defaults; retired
        options, in hands saved before they were retired, are dropped)."""
        return validate({k: v for k, v in (data or {}).items() if k not in RETIRED})


_FIELDS = tuple(f.name for f in fields(RuleOptions))
_BOOL_OPTIONS = tuple(f.name for f in fields(RuleOptions) if f.type in ("bool", bool))


def _bad(option: str, value: Any) -> IllegalAction:
    return IllegalAction("ddz.err.bad_option", option=option, value=repr(value))


def validate(data: Mapping[str, Any]) -> RuleOptions:
    """RuleOptions from a partial dict; raises IllegalAction naming a bad option or value.
    `mode` (classic | laizi | tiandi_laizi, the issue's name) is read as `variant`."""
    data = mode_as_variant(data)
    # Saved states reload the same few option sets over and over: cache them, keyed with
    # each value's type so that True and 1 (equal and of equal hash) stay apart.
    try:
        return _validated(tuple(sorted((k, type(v), v) for k, v in data.items())))
    except TypeError:  # an unhashable value: certainly not a valid option
        return _validate(dict(data))


@lru_cache(maxsize=256)
def _validated(items: tuple[tuple[str, type, Any], ...]) -> RuleOptions:
    return _validate({k: v for k, _, v in items})


def _validate(data: dict[str, Any]) -> RuleOptions:
    for name in data:
        if name in RETIRED:
            raise IllegalAction("ddz.err.retired_option", option=name)
        if name not in _FIELDS:
            raise IllegalAction("ddz.err.unknown_option", option=name)
    values = RuleOptions().to_dict() | dict(data)
    players = values["players"]
    if isinstance(players, bool) or not isinstance(players, int) or players not in (2, 3):
        raise _bad("players", players)
    if values["bidding"] not in BIDDING_STYLES:
        raise _bad("bidding", values["bidding"])
    if values["first_bidder"] not in FIRST_BIDDERS:
        raise _bad("first_bidder", values["first_bidder"])
    if values["escape_to"] not in ESCAPE_TO:
        raise _bad("escape_to", values["escape_to"])
    for name in _BOOL_OPTIONS:
        if not isinstance(values[name], bool):
            raise _bad(name, values[name])
    doubling = values["doubling"]
    if not any(doubling is d or (isinstance(d, str) and doubling == d) for d in DOUBLINGS):
        raise _bad("doubling", doubling)
    if values["variant"] not in MODES:
        raise _bad("variant", values["variant"])
    if values["ai_level"] not in AI_LEVELS:
        raise _bad("ai_level", values["ai_level"])
    budget = values["ai_budget"]
    if (isinstance(budget, bool) or not isinstance(budget, int)
            or not 0 <= budget <= MAX_AI_BUDGET):
        raise _bad("ai_budget", budget)
    cap = values["bomb_cap"]
    if cap is not None and (isinstance(cap, bool) or not isinstance(cap, int) or cap < 0):
        raise _bad("bomb_cap", cap)
    third_bidder_rules = ("last_bidder_min_two", "no_bid_penalty")
    for name in third_bidder_rules:
        if values[name] and (players != 3 or values["bidding"] != "points"):
            raise IllegalAction("ddz.err.option_needs_points_three", option=name)
    return RuleOptions(**values)


def mode_as_variant(options: Mapping[str, Any]) -> dict[str, Any]:
    """The options with `mode` (classic | laizi | tiandi_laizi, the issue's name) read as
    `variant`; a `mode` beside a different `variant`, or of another value, is refused."""
    data = dict(options)
    if "mode" not in data:
        return data
    mode = data.pop("mode")
    if mode not in MODES or data.setdefault("variant", mode) != mode:
        raise IllegalAction("ddz.err.bad_option", option="mode", value=repr(mode))
    return data
