"""A room: a table in a channel, its seats, its game, and its snapshot for restarts.

A room is a plain value the host copies, changes and saves before it replaces the live
one, so a failed save leaves the room exactly as it was. The snapshot is JSON; the game
state inside it is the engine's own `to_dict()`.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import Any

from bot.games.base import GameState
from bot.host import games
from bot.host.payload import to_base36
from bot.host.views import Phase, Place, UserRef

SNAPSHOT_VERSION = 1
DEFAULT_PASS_DELAY = (1.0, 3.0)  # a forced pass's pause: 1 to 3 times the AI seats' pause


def room_id_for(place: Place) -> str:
    """The short, stable id of the room at a place (base36, 8 characters)."""
    digest = hashlib.blake2b("\x1f".join(place.key).encode(), digest_size=8).digest()
    return to_base36(int.from_bytes(digest, "big") % 36**8).rjust(8, "0")


@dataclass(slots=True)
class Seat:
    """One seat: a person (with their storage player id) or an AI."""

    is_ai: bool
    name: str
    player_id: int | None = None  # None for AI seats
    user_id: str | None = None  # platform user id
    lang: str = "en"
    auto: bool = False  # 托管
    leaving: bool = False  # left during a hand: removed when it ends
    reachable: bool = True  # the last private view reached them
    timeouts: int = 0  # turn timers run out in a row (two put the seat in 托管)
    order: str = ""  # how their hand reads: "" the game's way, "down" big→small, "up" small→big
    # This hand's moves of a person: their own, and those the AI made for them (托管, a
    # time-out). More carried than own: the hand was 托管's, counted so and not rated.
    own_moves: int = 0
    carried_moves: int = 0
    # The indexes (in the hand's record) of the actions the person chose themselves: a
    # replay that teaches rates these, never what 托管 or a time-out did for them. Replaced,
    # never changed in place (a copied seat shares it with the room it was copied from).
    own_actions: list[int] = field(default_factory=list)
    # [verb, seconds] of the person's last own moves in play (their pace): a pass that plays
    # itself waits as long as their own passes take. Replaced, never changed in place.
    pace: list[list[Any]] = field(default_factory=list)
    seed: str = ""  # the person's own seed, mixed into every deal while they sit (fairness)

    def user(self, platform: str) -> UserRef | None:
        """The person as a platform reference (None for an AI)."""
        return None if self.user_id is None else UserRef(platform, self.user_id)

    @property
    def carried(self) -> bool:
        """托管 made most of this person's moves in the hand (never true of an AI seat)."""
        return not self.is_ai and self.carried_moves > self.own_moves

    @property
    def plays_itself(self) -> bool:
        """The AI decides for this seat (an AI seat, or a person in 托管)."""
        return self.is_ai or self.auto

    def copy(self) -> Seat:
        """An independent copy (copy.copy of a slots class is three times slower)."""
        return Seat(*_SEAT_VALUES(self))


@dataclass(slots=True)
class StateViews:
    """What the engine says of one state, each asked once: its views (a change's table, its
    private views, the reply and the suggestions' follow-up read them), each seat's legal
    actions (the turn timer and the prompt) and forced action (the timer, the views and the
    driver), and its JSON form (the save and the thinking pool's jobs)."""

    state: GameState | None
    public: Any = None
    privates: dict[int, Any] = field(default_factory=dict)
    legal: dict[int, list[str]] = field(default_factory=dict)
    forced: dict[int, str | None] = field(default_factory=dict)
    data: dict[str, Any] | None = None
    public_data: dict[str, Any] | None = None


@dataclass(slots=True)
class Room:
    """A table in a channel."""

    room_id: str
    place: Place
    game: str
    options: dict[str, Any]
    stake: int
    mode: str  # "beans" | "points"
    lang: str
    owner: int | None = None  # player id of the person who opened it
    community_id: int | None = None
    seats: list[Seat] = field(default_factory=list)
    phase: Phase = Phase.LOBBY
    counter: int = 0  # the action counter: +1 for every accepted change
    hands: int = 0  # hands dealt in this room (game ids are room id + hand number)
    game_id: str | None = None
    seed: int | None = None  # the hand's server seed (committed before the deal, bot.fairness)
    deal_seed: int | None = None  # what the game dealt from: the seed and the seats' seeds
    hand_seeds: tuple[str, ...] = ()  # the seats' seeds mixed into this hand's deal
    next_seed: int | None = None  # the next hand's server seed, committed from its drawing
    state: GameState | None = None
    actions: int = 0  # actions recorded in the current game
    deadline: float | None = None  # turn timer of the people to act (clock epoch seconds)
    prompt_since: list[int] = field(default_factory=list)  # per seat: counter its prompt began
    last_result: dict[str, Any] | None = None  # the finished game's summary (for the table)
    last_play: dict[str, Any] | None = None  # who did what last (host-side, for the table)
    no_bid_deals: int = 0  # consecutive all-pass deals (no_bid_penalty option)
    competition: bool = False  # a competition's table: seated by its draw, dealt by it
    pictures: bool | None = None  # card art on or off; None: the platform's default
    card_counter: bool = False  # 记牌器: each person's hand shows the cards still out of sight
    auto_pass: bool = True  # 要不起自动过: a person who cannot beat the trick passes by itself
    # How long that pass takes, as a range of multiples of the AI seats' pause (a seeded
    # draw in it): a pass always at the same pause tells everyone that nothing could beat.
    pass_delay: tuple[float, float] = DEFAULT_PASS_DELAY
    # The table's Watch links: a new table takes a fresh random epoch (a link opens the table
    # it was posted for, never the channel's next one); an admin's revoke moves to the next.
    links_epoch: int = 0
    # The channel's Watch link (one an admin asked for: it follows every table there); 0
    # none asked for; carried from table to table, moved on by a revoke.
    channel_links: int = 0
    warned: bool = False  # the timer warning went out for this deadline (not saved)
    escape_warned: tuple[int, ...] = ()  # people told this hand what leaving costs (not saved)
    # What the engine says of `state`, each asked once (see StateViews); a copy shares it
    # until its state changes (then it starts its own).
    _views: StateViews | None = field(default=None, repr=False, compare=False)

    @property
    def spec(self):  # noqa: ANN201 - GameSpec protocol
        """The game's spec."""
        return games.spec(self.game)

    def _engine_views(self) -> StateViews:
        views = self._views
        if views is None or views.state is not self.state:
            views = self._views = StateViews(self.state)
        return views

    def public_view(self) -> Any:
        """The engine's public view of the game on the table (computed once per state)."""
        assert self.state is not None
        views = self._engine_views()
        if views.public is None:
            views.public = self.state.public()
        return views.public

    def public_dict(self) -> dict[str, Any]:
        """The public view's `to_dict()`, computed once per state (every table view of the
        state carries it): shared, so read it, never change it."""
        views = self._engine_views()
        if views.public_data is None:
            views.public_data = self.public_view().to_dict()
        return views.public_data

    def private_view(self, seat: int) -> Any:
        """The engine's private view of one seat (computed once per state and seat)."""
        assert self.state is not None
        privates = self._engine_views().privates
        found = privates.get(seat)
        if found is None:
            found = privates[seat] = self.state.private(seat)
        return found

    def legal_actions(self, seat: int) -> list[str]:
        """`state.legal_actions(seat)`, computed once per state and seat (do not change it)."""
        assert self.state is not None
        legal = self._engine_views().legal
        found = legal.get(seat)
        if found is None:
            found = legal[seat] = self.state.legal_actions(seat)
        return found

    def state_dict(self) -> dict[str, Any] | None:
        """`state.to_dict()`, computed once per state: shared, so read it, never change it."""
        if self.state is None:
            return None
        views = self._engine_views()
        if views.data is None:
            views.data = self.state.to_dict()
        return views.data

    def copy(self) -> Room:
        """An independent copy to change (the game state is an immutable value, shared)."""
        twin = Room(*_ROOM_VALUES(self))  # copy.copy of a slots class is slow
        twin.seats = [s.copy() for s in self.seats]
        twin.options = dict(self.options)
        twin.prompt_since = list(self.prompt_since)
        return twin

    def seat_of(self, player_id: int) -> int | None:
        """The seat index of a person, or None."""
        for index, seat in enumerate(self.seats):
            if seat.player_id == player_id:
                return index
        return None

    def to_act(self) -> list[int]:
        """Seats to act now ([] when no game is running)."""
        if self.state is None or self.phase is not Phase.PLAYING:
            return []
        return list(self.state.to_act())

    def forced_action(self, seat: int) -> str | None:
        """The action the host plays itself for a person at `seat` who has nothing to
        decide (要不起: the pass is all that is open to them) where `auto_pass` is on; None
        when they choose (or the AI plays for the seat anyway)."""
        if not self.auto_pass or self.state is None or self.phase is not Phase.PLAYING \
                or self.seats[seat].plays_itself:
            return None
        forced = self._engine_views().forced  # asked by the timer, the views and the driver
        if seat not in forced:
            forced[seat] = games.forced_action(self.game, self.state, seat)
        return forced[seat]

    def next_game_id(self) -> str:
        """The id the next hand dealt here will have."""
        return f"{self.room_id}-{self.hands + 1}"

    def people(self) -> list[int]:
        """Seat indexes of the people (not AI seats)."""
        return [i for i, s in enumerate(self.seats) if not s.is_ai]

    def to_snapshot(self) -> dict[str, Any]:
        """JSON form for storage (everything but the in-memory warning flag). Read-only: its
        "state" is the room's shared `state_dict`."""
        return {
            "v": SNAPSHOT_VERSION,
            "room_id": self.room_id,
            "place": _place_dict(self.place),
            "game": self.game,
            "options": self.options,
            "stake": self.stake,
            "mode": self.mode,
            "lang": self.lang,
            "owner": self.owner,
            "community_id": self.community_id,
            "seats": [_seat_dict(s) for s in self.seats],
            "phase": self.phase.value,
            "card_counter": self.card_counter,
            "auto_pass": self.auto_pass,
            "pass_delay": list(self.pass_delay),
            "hands": self.hands,
            "game_id": self.game_id,
            "seed": self.seed,
            "deal_seed": self.deal_seed,
            "hand_seeds": list(self.hand_seeds),
            "next_seed": self.next_seed,
            "state": self.state_dict(),
            "actions": self.actions,
            "deadline": self.deadline,
            "prompt_since": self.prompt_since,
            "last_result": self.last_result,
            "last_play": self.last_play,
            "no_bid_deals": self.no_bid_deals,
            "competition": self.competition,
            "pictures": self.pictures,
            "links_epoch": self.links_epoch,
            "channel_links": self.channel_links,
            "counter": self.counter,
        }

    @classmethod
    def from_snapshot(cls, data: dict[str, Any]) -> Room:
        """Inverse of to_snapshot."""
        room = cls(
            room_id=data["room_id"], place=Place(**data["place"]), game=data["game"],
            options=dict(data["options"]), stake=data["stake"], mode=data["mode"],
            lang=data["lang"], owner=data.get("owner"), community_id=data.get("community_id"),
            seats=[Seat(**s) for s in data["seats"]], phase=Phase(data["phase"]),
            counter=data["counter"], hands=data["hands"], game_id=data.get("game_id"),
            seed=data.get("seed"), actions=data.get("actions", 0),
            deal_seed=data.get("deal_seed"), next_seed=data.get("next_seed"),
            hand_seeds=tuple(str(s) for s in data.get("hand_seeds") or ()),
            deadline=data.get("deadline"), prompt_since=list(data.get("prompt_since", [])),
            last_result=data.get("last_result"), last_play=data.get("last_play"),
            no_bid_deals=data.get("no_bid_deals", 0),
            competition=data.get("competition", False) is True,
            pictures=data.get("pictures") if isinstance(data.get("pictures"), bool) else None,
            card_counter=data.get("card_counter") is True,
            auto_pass=data.get("auto_pass") is not False,  # on in rooms saved before it
            pass_delay=pass_delay_of(data.get("pass_delay")),
            links_epoch=int(data.get("links_epoch") or 0),
            channel_links=int(data.get("channel_links") or 0),
        )
        # Only the options the game still knows: a room saved with one since retired (RULES
        # 2026-12: last_bidder_double) plays on without it.
        known = room.spec.default_options()
        room.options = {k: v for k, v in room.options.items() if k in known}
        if data.get("state") is not None:
            room.state = room.spec.state_from_dict(data["state"])
        room.check()
        return room

    def check(self) -> None:
        """Raise ValueError if the room cannot be what it says (a half-written or hand-edited
        snapshot): numbers of the wrong type, seats that do not fit the hand being played."""
        whole = (self.counter, self.hands, self.actions, self.no_bid_deals, self.stake,
                 *self.prompt_since)
        if any(type(n) is not int for n in whole) or self.stake < 1:
            raise ValueError("counters and the stake must be whole numbers")
        if self.deadline is not None and type(self.deadline) not in (int, float):
            raise ValueError(f"deadline {self.deadline!r} is not a time")
        if self.mode not in ("beans", "points") or not isinstance(self.lang, str):
            raise ValueError(f"mode {self.mode!r} or language {self.lang!r} unknown")
        for seat in self.seats:
            person = type(seat.player_id) is int and isinstance(seat.user_id, str)
            if seat.is_ai == person or not isinstance(seat.name, str):
                raise ValueError(f"seat {seat!r} is neither a person nor an AI")
        if self.phase is Phase.PLAYING and self.state is None:
            raise ValueError("a hand in play without its game state")
        if self.state is not None and self.state.players != len(self.seats):
            raise ValueError(f"{len(self.seats)} seats for a hand of {self.state.players} "
                             "players")


PASS_DELAY_LIMIT = 20.0  # the largest multiple of the AI pause a forced pass may wait


def pass_delay_of(value: Any) -> tuple[float, float]:
    """A saved pass delay range, or the default for a room saved before it (or a bad one)."""
    if isinstance(value, list) and len(value) == 2 \
            and all(type(v) in (int, float) for v in value) \
            and 0 <= value[0] <= value[1] <= PASS_DELAY_LIMIT:
        return float(value[0]), float(value[1])
    return DEFAULT_PASS_DELAY


_SEAT_FIELDS = tuple(f.name for f in fields(Seat))
_ROOM_VALUES = attrgetter(*(f.name for f in fields(Room)))
_PLACE_FIELDS = tuple(f.name for f in fields(Place))


_SEAT_VALUES = attrgetter(*_SEAT_FIELDS)
_PLACE_VALUES = attrgetter(*_PLACE_FIELDS)


def _seat_dict(seat: Seat) -> dict[str, Any]:
    # dataclasses.asdict deep-copies recursively: a measurable cost on every saved action.
    return dict(zip(_SEAT_FIELDS, _SEAT_VALUES(seat), strict=True))


def _place_dict(place: Place) -> dict[str, Any]:
    return dict(zip(_PLACE_FIELDS, _PLACE_VALUES(place), strict=True))
