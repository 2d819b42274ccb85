"""The small API every game engine offers the host (after OpenSpiel's shared game API).

A game is a `GameSpec` (a stateless description: name, seats, options, how to start, how the
AI decides, how a finished game settles) and its states. States are plain values: `apply`
returns a new state and never changes the old one; `to_dict()`/`from_dict()` round-trip
exactly. Engines are pure: no I/O, no clock, no asyncio, randomness only from a seed.

Actions are canonical strings (`"bid 2"`, `"pass"`, `"play 33344"`, `"arrange As|KhQd|2s3h5d"`)
so that buttons, game records, referees and logs all speak one language; `apply` accepts
any spelling the game's parser reads and records the canonical one.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, Self


@dataclass(frozen=True, slots=True)
class Event:
    """Something the host may announce: `kind` is namespaced (`ddz.bomb`), params JSON-safe.

    Cards in params are compact strings (`"33344"`, `"Ts 9h"`); the host formats them.
    """

    kind: str
    seat: int | None = None
    params: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"kind": self.kind, "seat": self.seat, "params": dict(self.params)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Event:
        """Inverse of to_dict."""
        return cls(data["kind"], data.get("seat"), dict(data.get("params", {})))


@dataclass(frozen=True, slots=True)
class Step:
    """What applying one action gave: the next state, the events, and the action in its
    canonical spelling (what the game record keeps and a replay applies)."""

    state: Any
    events: tuple[Event, ...]
    action: str


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended, everything the host settles, stores and shows.

    `scores` are per seat in stake units with every penalty of the hand folded in; they sum
    to zero, except an escape penalty the bank reclaims (RULES §1.5: only the quitter pays,
    the host books the difference to the bank). The host multiplies them by the stake and
    applies the bean floor.
    """

    scores: tuple[int, ...]
    roles: tuple[str | None, ...]  # per seat, in the game's words ("landlord"), or None
    record: Mapping[str, Any]  # the engine's result, stored with the settlement
    dealer: int | None = None  # this game's dealer (replays deal with it)
    next_dealer: int | None = None  # who deals the next game (None: the game has no dealer)
    final_play: tuple[int, str] | None = None  # (seat, compact cards) of the last play
    cards_left: tuple[str, ...] = ()  # per seat, the compact cards still held at the end
    causes: tuple[str, ...] = ()  # what doubled the multiplier ("bomb", "spring", ...)
    multiplier: int = 1
    ended_by: str | None = None  # "escape:<seat>" when leaving ended the game
    # What goes on from this game to the room's next one (a 升级 game's levels), handed to
    # the next `new_game(..., carry=...)` while the seats stay the same; and what this game
    # was itself dealt with (kept with its record, so a replay deals it again). JSON values.
    carry: Mapping[str, Any] | None = None
    dealt_with: Mapping[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON form (kept with the room's last result)."""
        return {"scores": list(self.scores), "roles": list(self.roles),
                "carry": dict(self.carry) if self.carry else None,
                "dealer": self.dealer, "next_dealer": self.next_dealer,
                "final_play": list(self.final_play) if self.final_play else None,
                "cards_left": list(self.cards_left), "causes": list(self.causes),
                "multiplier": self.multiplier, "ended_by": self.ended_by}


class PublicView(Protocol):
    """A game's public view: a frozen dataclass of the game's own (`bot.games.doudizhu.views
    .PublicView`, ...) that renderers are typed against; its JSON form round-trips through
    `GameSpec.public_from_dict`. Every game's has the facts the default text, pictures and
    web pages read (bot.games.text.GameText, bot.games.pictures, bot.games.web)."""

    bottom_cards: tuple[str, ...]  # cards shown apart from any hand (斗地主's bottom), or ()
    last_cards: tuple[int, tuple[str, ...]] | None  # (seat, codes) last played, or None
    cards_left: tuple[int, ...]  # per seat, how many cards it holds (() when not counted)

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""


class PrivateView(Protocol):
    """A game's private view of one seat: a frozen dataclass of the game's own."""

    hand: str  # the seat's cards now, suited codes ("3s Ts B")
    groups: tuple[tuple[str, str], ...]  # a sealed arrangement (田忌赛马) as (group, cards)
    # Optional: `from_bottom`, the cards of `hand` this seat took up from the bottom cards
    # (as many of each code as it took and holds). A game dealt from more than one deck
    # names them, since an equal code may have been dealt to anyone; without it the host
    # marks the public bottom's cards the seat holds, one per card of the bottom.

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""


class GameState(Protocol):
    """One position of one game (a hand of 斗地主, a table of 田忌赛马)."""

    def to_act(self) -> list[int]:
        """Seats that may act now: one seat, or several in a simultaneous phase; [] when over."""

    def legal_actions(self, seat: int) -> list[str]:
        """Canonical action strings `seat` may apply now ([] if it is not theirs to act)."""

    def apply(self, seat: int, action: str) -> tuple[Self, list[Event]]:
        """The next state and what to announce; raises IllegalAction (state unchanged)."""

    @property
    def is_over(self) -> bool:
        """True once the game has a result."""

    @property
    def players(self) -> int:
        """Seats at this game."""

    def public(self) -> PublicView:
        """What everyone at the table (and spectators) may see: never a hidden card. The
        game's own frozen view, with the derived facts its text needs (who passed, each
        seat's last play, cards left), so no renderer re-derives a rule."""

    def private(self, seat: int) -> PrivateView:
        """What `seat` alone may see (their hand, their pending choices, the prompt)."""

    def public_view(self) -> dict[str, Any]:
        """`public()` as JSON-safe data (records, the web pages, privacy checks)."""

    def private_view(self, seat: int) -> dict[str, Any]:
        """`private(seat)` as JSON-safe data."""

    def to_dict(self) -> dict[str, Any]:
        """The full state as JSON-safe data."""

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """Inverse of to_dict, exact."""


class GameSpec(Protocol):
    """A game the host can run: `doudizhu3`, `doudizhu2`, `tianji`, `tianji-duel`."""

    name: str
    min_players: int
    max_players: int

    def default_options(self) -> dict[str, Any]:
        """The room options with RULES.md defaults (JSON-safe)."""

    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Full, checked options from a partial dict; raises IllegalAction on a bad value."""

    def new_game(self, players: int, options: dict[str, Any], seed: int,
                 dealer: int = 0) -> GameState:
        """Deal a new game from a seed (`dealer`: the seat that deals, for games that have
        one); the same seed, dealer and actions give the same game."""

    def step(self, state: GameState, seat: int, action: str) -> Step:
        """Apply one action: the next state, its events and the canonical action; raises
        IllegalAction (state unchanged)."""

    def outcome(self, state: GameState) -> Outcome:
        """The outcome of a finished game; raises IllegalAction before the end."""

    def leave(self, state: GameState, seat: int) -> Outcome | None:
        """The outcome if `seat` leaves the running game now (an escape penalty), or None
        when the game goes on with the seat in 托管."""

    def state_from_dict(self, data: dict[str, Any]) -> GameState:
        """Load a state saved with to_dict."""

    def public_from_dict(self, data: Mapping[str, Any]) -> PublicView:
        """Load a public view saved with its to_dict (a finished game's result)."""

    def ai_action(self, state: GameState, seat: int, rng: random.Random) -> str:
        """The action the built-in AI takes for `seat` (AI seats, 托管, timeouts)."""

    def hints(self, state: GameState, seat: int) -> list[str]:
        """Suggested actions for `seat`, best first (提示 cycles through them)."""

    def scores(self, state: GameState) -> list[int]:
        """Per-seat result of a finished game in stake units, without the penalties of the
        hand (`outcome` folds them in); sums to zero."""
