"""What each audience of a 田忌赛马 game may see, as typed values (the observer).

A table (`TablePublic`, `TablePrivate`): who has arranged and the commitments, then at the
reveal every arrangement with its B points, C type and whether B went bust (撑死). A duel
(`DuelPublic`, `DuelPrivate`): the tricks played, the card led, tricks won, cards left.
The public views never hold a card still in a hand; `to_dict()` is their JSON form.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

BUST_OVER = 10.5  # 十点半: a group B over this is bust (撑死), the lowest of group B


@dataclass(frozen=True, slots=True)
class TablePublic:
    """A table as everyone sees it; the groups only after the reveal."""

    players: int
    phase: str  # "arrange" | "over"
    to_act: tuple[int, ...]
    arranged: tuple[bool, ...]
    commitments: tuple[str | None, ...]
    # After the reveal, per seat:
    arrangements: tuple[Mapping[str, str], ...] = ()  # {"A": "As", "B": "Kh Qd", "C": ...}
    codes: tuple[str, ...] = ()  # the arrangement codes ("As|KhQd|5d3h2s")
    salts: tuple[str, ...] = ()
    b_points: tuple[float, ...] = ()
    c_types: tuple[str, ...] = ()  # group C's type ("baozi", "straight", ...)
    busts: tuple[bool, ...] = ()  # group B over 10½ (撑死)
    rounds: tuple[tuple[int, ...], ...] = ()  # each round's units per seat (§3.5)
    result: Mapping[str, Any] | None = None  # the settlement's JSON form

    bottom_cards: tuple[str, ...] = ()  # no cards apart from the hands
    last_cards: tuple[int, tuple[str, ...]] | None = None  # nothing is played in turn
    cards_left: tuple[int, ...] = ()  # not counted: every seat holds its six to the end

    @property
    def over(self) -> bool:
        """The table is settled."""
        return self.result is not None

    def to_dict(self) -> dict[str, Any]:
        """JSON form (what `TableState.public_view()` gives)."""
        view: dict[str, Any] = {
            "game": "tianji", "players": self.players, "phase": self.phase,
            "to_act": list(self.to_act), "arranged": list(self.arranged),
            "commitments": list(self.commitments),
        }
        if self.result is not None:
            view["arrangements"] = [dict(a) for a in self.arrangements]
            view["codes"] = list(self.codes)
            view["salts"] = list(self.salts)
            view["b_points"] = list(self.b_points)
            view["c_types"] = list(self.c_types)
            view["busts"] = list(self.busts)
            view["result"] = dict(self.result)
        return view

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TablePublic:
        """Inverse of to_dict (a result kept with a room)."""
        result = data.get("result")
        points = tuple(data.get("b_points") or ())
        return cls(
            data["players"], data["phase"], tuple(data["to_act"]), tuple(data["arranged"]),
            tuple(data["commitments"]), tuple(data.get("arrangements") or ()),
            tuple(data.get("codes") or ()), tuple(data.get("salts") or ()), points,
            tuple(data.get("c_types") or ()),
            tuple(data.get("busts") or (p > BUST_OVER for p in points)),
            tuple(tuple(r) for r in (result or {}).get("rounds") or ()), result)


@dataclass(frozen=True, slots=True)
class TablePrivate:
    """One seat's hand, and its own arrangement, salt and commitment once submitted."""

    seat: int
    hand: str  # suited codes
    arrangement: Mapping[str, str] | None
    code: str | None
    salt: str
    commitment: str | None
    to_act: bool

    @property
    def groups(self) -> tuple[tuple[str, str], ...]:
        """The seat's sealed arrangement as (group, cards): its own until the reveal."""
        if self.arrangement is None:
            return ()
        return tuple((name, str(self.arrangement[name])) for name in "ABC")

    def to_dict(self) -> dict[str, Any]:
        """JSON form (what `TableState.private_view()` gives)."""
        return {"seat": self.seat, "hand": self.hand,
                "arrangement": None if self.arrangement is None else dict(self.arrangement),
                "code": self.code, "salt": self.salt, "commitment": self.commitment,
                "to_act": self.to_act}


@dataclass(frozen=True, slots=True)
class DuelPublic:
    """Played cards, the card led, tricks won; never a card still in hand while the duel
    goes on (once it is over, the cards nobody played: `left`)."""

    phase: str  # "keep" | "play" | "over"
    to_act: tuple[int, ...]
    kept: tuple[bool, bool]  # the seat has chosen its three (always, with a 3-card deal)
    tricks: tuple[tuple[str, str], ...]  # (student's card, teacher's card)
    lead: str | None  # the student's card of the trick in progress
    wins: tuple[int, int]
    cards_left: tuple[int, int]
    scores: tuple[int, ...] | None
    roles: tuple[str, str]  # ("student", "teacher"): 学生 shows first, 老师 answers
    bottom_cards: tuple[str, ...] = ()  # no cards apart from the hands
    last_cards: tuple[int, tuple[str, ...]] | None = None  # the tricks show each card played
    left: tuple[str, str] | None = None  # once over: the cards nobody played (suited codes)

    @property
    def over(self) -> bool:
        """The duel has a winner."""
        return self.scores is not None

    def to_dict(self) -> dict[str, Any]:
        """JSON form (what `DuelState.public_view()` gives)."""
        return {"game": "tianji-duel", "phase": self.phase, "to_act": list(self.to_act),
                "kept": list(self.kept), "tricks": [list(t) for t in self.tricks],
                "lead": self.lead, "wins": list(self.wins),
                "cards_left": list(self.cards_left),
                "scores": None if self.scores is None else list(self.scores),
                "roles": list(self.roles),
                "left": None if self.left is None else list(self.left)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DuelPublic:
        """Inverse of to_dict (a result kept with a room)."""
        scores = data.get("scores")
        kept, wins, left, roles = (data["kept"], data["wins"], data["cards_left"],
                                   data["roles"])
        return cls(data["phase"], tuple(data["to_act"]), (kept[0], kept[1]),
                   tuple((lead, answer) for lead, answer in data["tricks"]), data["lead"],
                   (wins[0], wins[1]), (left[0], left[1]),
                   None if scores is None else tuple(scores), (roles[0], roles[1]),
                   left=None if not data.get("left") else (data["left"][0], data["left"][1]))


@dataclass(frozen=True, slots=True)
class DuelPrivate:
    """One seat's dealt and remaining cards."""

    seat: int
    role: str
    dealt: str
    hand: str
    keeping: bool  # choosing three from the dealt cards
    to_act: bool
    groups: tuple[tuple[str, str], ...] = ()  # no sealed groups in the duel

    @property
    def cards(self) -> str:
        """The cards to choose from now: the dealt ones while keeping, else those left."""
        return self.dealt if self.keeping else self.hand

    def to_dict(self) -> dict[str, Any]:
        """JSON form (what `DuelState.private_view()` gives)."""
        return {"seat": self.seat, "role": self.role, "dealt": self.dealt,
                "hand": self.hand, "keeping": self.keeping, "to_act": self.to_act}
