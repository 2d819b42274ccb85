"""What the host hands to adapters: values only, already translated, ready to render.

Three audiences (ARCHITECTURE.md, "Views decide privacy"):
- `TableView`: the channel's table (one message, edited in place). Never a hidden card.
- `PrivateView`: one player's hand and prompt. The only view that carries a hand.
- `Announcement`: a short note for the channel (landlord chosen, bomb, 报牌, result, timer).

Each view has a rendered `text` (simple adapters print it) and structured fields (rich
adapters build buttons, rank toggles and select menus from them). Every button payload is
already encoded with `bot.host.payload` and fits both platforms' limits.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from bot.errors import Reason
from bot.pictures.summary import ResultSummary


@dataclass(frozen=True, slots=True)
class UserRef:
    """A person on one platform."""

    platform: str
    user_id: str


@dataclass(frozen=True, slots=True)
class Place:
    """Where a room lives: a channel (Discord channel/thread, Telegram group + topic).

    `community` is the guild id (Discord) or chat id (Telegram): the scope of community
    leaderboards. Rooms are keyed by (platform, channel, thread).
    """

    platform: str
    channel: str
    thread: str = ""
    community: str = ""
    community_name: str = ""

    @property
    def key(self) -> tuple[str, str, str]:
        """The room key: one room per (platform, channel, thread)."""
        return (self.platform, self.channel, self.thread)


class Phase(StrEnum):
    """Where a room is in its life."""

    LOBBY = "lobby"  # seats filling, no game yet
    PLAYING = "playing"  # a game is running
    OVER = "over"  # a game finished; rematch or leave
    CLOSED = "closed"  # the room was closed; its table is final


class Delivery(StrEnum):
    """What became of a private view handed to an adapter."""

    SENT = "sent"  # the player has it
    HELD = "held"  # kept for the player's next interaction (Discord ephemeral panel)
    REFUSED = "refused"  # the platform refused (DM blocked, never started the bot)


@dataclass(frozen=True, slots=True)
class Button:
    """One button: a translated label and its encoded payload (room:counter:code)."""

    label: str
    payload: str
    style: str = "secondary"  # "primary" | "secondary" | "success" | "danger"


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One seat as the whole table sees it."""

    seat: int
    name: str
    is_ai: bool
    auto: bool  # 托管: the AI plays for this person until they act again
    cards_left: int | None
    role: str | None  # game vocabulary: "landlord" | "farmer" | None
    to_act: bool
    user: UserRef | None  # None for AI seats (for mentions)
    text: str = ""  # the seat's line as rendered in the table


@dataclass(frozen=True, slots=True)
class TableView:
    """The channel's table: seats, card counts, last play, whose turn, multiplier, timer."""

    room_id: str
    place: Place
    counter: int  # the room's action counter; adapters drop a view older than one shown
    lang: str
    phase: Phase
    game: str
    title: str
    text: str  # the whole table, rendered (kept under 1,800 characters)
    seats: tuple[SeatLine, ...]
    buttons: tuple[Button, ...]  # lobby: join/leave/AI/start; playing: my hand/auto; over: rematch
    to_act: tuple[int, ...] = ()
    deadline: float | None = None  # epoch seconds (the host's clock) of the turn timer
    public: dict[str, Any] = field(default_factory=dict)  # the engine's public view, as is
    pictures: bool = False  # the room shows card art (the `pictures` setting)
    hand_id: str = ""  # the hand being played or just finished (its game id)
    bottom: tuple[str, ...] = ()  # the bottom cards (底牌) once the landlord has them
    result: ResultSummary | None = None  # the finished hand, for a result card
    last_play: tuple[int, tuple[str, ...]] | None = None  # (seat, cards) of the last play
    wild: tuple[str, ...] = ()  # cards of `bottom` and `last_play` made wild (癞子): starred
    commitment: str = ""  # sha256 of the hand's "<game id>:<seed>" (bot.fairness), shown
    # from the deal on; the seed itself only once the hand is over


@dataclass(frozen=True, slots=True)
class Choice:
    """One thing a player may do now: the canonical action, a short label, its payload."""

    action: str
    label: str
    payload: str


@dataclass(frozen=True, slots=True)
class Prompt:
    """A pending decision of one player.

    `kind`: "bid" | "grab" | "double" | "show" | "play" | "arrange" | "keep" | "duel".
    `choices`: the fixed choices (bid 1/2/3/pass, grab/no-grab, pass, ...), always complete
    when small; `suggestions`: the hint's moves, best first (at most 10).
    `build` says how to build a free move the choices do not list:
      "ranks"  — any multiset of ranks from `PrivateView.ranks`; action "play <ranks>"
      "groups" — split `hand` into groups of 1/2/3 cards; action "arrange A|BB|CCC"
      "card"   — one card of `hand`; action "play <card>"
      "keep"   — three cards of `hand`; action "keep <c1> <c2> <c3>"
      None     — only the listed choices.
    Use `bot.host.payload.action_payload(view, action)` for the payload of a built move.
    """

    kind: str
    text: str
    choices: tuple[Choice, ...]
    suggestions: tuple[Choice, ...] = ()
    build: str | None = None
    to_beat: str | None = None  # compact ranks/cards of the move to beat, if any
    can_pass: bool = False
    deadline: float | None = None
    # The suggestions are still being thought out: they follow in a fresh view of this prompt
    # (an adapter may hold a new message for a moment to send both as one).
    suggestions_pending: bool = False
    since: int = -1  # the counter this prompt began at: later views of the same prompt share it


@dataclass(frozen=True, slots=True)
class PrivateView:
    """One player's private situation: their hand and, when it is their turn, a prompt."""

    room_id: str
    counter: int
    user: UserRef
    seat: int
    lang: str
    game: str
    text: str  # hand + prompt, rendered
    hand: tuple[str, ...]  # card codes, sorted for display ("3s", "Ts", "B")
    ranks: str  # compact ranks of the hand in play order ("334TTB"), for rank toggles
    prompt: Prompt | None = None
    buttons: tuple[Button, ...] = ()  # hint, auto (托管) toggle, table
    private: dict[str, Any] = field(default_factory=dict)  # the engine's private view, as is
    pictures: bool = False  # the room shows card art: the hand may go as a picture
    hand_id: str = ""  # the hand these cards belong to (its game id): one picture per hand
    marked: tuple[str, ...] = ()  # cards of `hand` that came from the bottom (底牌)
    wild: tuple[str, ...] = ()  # cards of `hand` the game's rules make wild (癞子): starred
    groups: tuple[tuple[str, str], ...] = ()  # 田忌: the sealed arrangement (group, cards)
    order: str = ""  # how the player reads their hand: "down" big→small, "up" small→big


@dataclass(frozen=True, slots=True)
class NoteArt:
    """What a note's picture shows, taken when the note was made (the settled hand's own
    cards and result), never from the room's table at the time it is sent."""

    cards: tuple[str, ...] = ()  # "shown": the bottom cards; "table": the last play
    wild: tuple[str, ...] = ()  # which of `cards` are wild (starred)
    result: ResultSummary | None = None  # "result": the finished hand's card
    hand_id: str = ""  # the hand (game id) it belongs to


@dataclass(frozen=True, slots=True)
class Announcement:
    """A short note for the channel; `kind` is the event kind (a game's event, "host.result")."""

    room_id: str
    place: Place
    lang: str
    kind: str
    text: str
    mentions: tuple[UserRef, ...] = ()
    private_to: UserRef | None = None  # a nudge meant for one person (timer warning)
    key: str | None = None  # kept in storage until delivered (a game's result): exactly once
    # The picture that goes out with the note (a typed intent adapters act on, never the
    # kind matched): "result" the result card, "shown" the cards shown apart (the bottom),
    # "table" the last play; None: text alone.
    picture: str | None = None
    art: NoteArt | None = None  # what that picture shows (None: no picture can be drawn)


class Status(StrEnum):
    """What a command did: changed a room, was refused (with a `Reason`), or only told."""

    APPLIED = "applied"
    REFUSED = "refused"
    INFO = "info"


@dataclass(frozen=True, slots=True)
class Reply:
    """The host's direct answer to a command: shown to the person who sent it.

    `ok` False is a refusal; `text` says why in the sender's language (short: fits a
    Telegram callback alert of 200 characters). `private` is the sender's fresh private view
    when they sit in the room (Discord shows it as an ephemeral panel); `table` is attached
    by commands that show the table. `private_refused` is set when the host could not reach
    the sender privately (the adapter may offer a deep link). `action` is the move a hint
    suggests (an adapter may let the next press or Enter play it, as 提示 then 出牌 does).
    `status` says whether it changed a room, was refused or only answered; a refusal's
    `reason` is a code adapters may branch on (`key` is only the message's catalogue key).
    """

    ok: bool
    text: str
    key: str
    room_id: str | None = None
    private: PrivateView | None = None
    table: TableView | None = None
    private_refused: bool = False
    action: str | None = None
    status: Status | None = None  # None: APPLIED when ok, else REFUSED
    reason: Reason | None = None  # why it was refused (adapters branch on this, not `key`)
    seated: bool = False  # the command seated the sender without the host writing to them
    # A refused action that the game can take in several ways (斗地主: a play with wild cards
    # read more than one way): each way, as a button to press (`Check` answers with them).
    choices: tuple[Choice, ...] = ()
    # Files that come with the answer: (file name, bytes) — an admin's export (CSV).
    documents: tuple[tuple[str, bytes], ...] = ()

    def __post_init__(self) -> None:
        if self.status is None:
            object.__setattr__(self, "status", Status.APPLIED if self.ok else Status.REFUSED)
        if self.status is Status.REFUSED and self.reason is None:
            object.__setattr__(self, "reason", Reason.OTHER)


def end_cards(result: Mapping[str, Any] | None) -> tuple[str, ...]:
    """Every seat's cards at the end, face up, from a finished hand's booked result (the
    game's `Outcome.cards_left`: what each seat still holds, or what a reveal put down);
    () for a hand ended by a leaver or a result kept without them. The one default the
    chat's finished table, the play page, the live page and the result picture all show."""
    if not result or result.get("ended_by"):
        return ()
    left = (result.get("outcome") or {}).get("cards_left") or ()
    return tuple(str(cards or "") for cards in left)
