"""Commands: what adapters ask of the host, as small typed values (platform-neutral).

Every command names who sends it (`Actor`) and where (`Place`, the channel it came from).
A room-bound command finds its room by, in order: an explicit `room` id (button payloads,
Telegram deep links), the room at `place`, or the one room the sender sits in (so `/hand`
typed in a private chat works).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.host.views import Place, UserRef


@dataclass(frozen=True, slots=True)
class Actor:
    """A person sending a command; `lang` is their language ("en" | "zh").

    `is_admin` is set by the adapter for community admins (Discord Manage Server, Telegram
    chat administrators): they may change any room's settings in their community.
    """

    platform: str
    user_id: str
    name: str
    lang: str = "en"
    is_admin: bool = False

    @property
    def ref(self) -> UserRef:
        """The person as a platform reference."""
        return UserRef(self.platform, self.user_id)


@dataclass(frozen=True, slots=True)
class Command:
    """Base of every command."""

    actor: Actor
    place: Place | None = None
    room: str | None = None  # explicit room id (from a payload or a deep link)


@dataclass(frozen=True, slots=True)
class NewRoom(Command):
    """Open a room at `place` for `game` (default: the first registered); the sender takes
    seat 0."""

    game: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    stake: int | None = None
    mode: str | None = None  # "beans" | "points"


@dataclass(frozen=True, slots=True)
class Join(Command):
    """Take a free seat."""


@dataclass(frozen=True, slots=True)
class Leave(Command):
    """Give up the seat (in a running hand: 托管 until it ends, or the escape penalty, which
    is confirmed first: `confirmed`, or a second Leave in the same hand)."""

    confirmed: bool = False


@dataclass(frozen=True, slots=True)
class AddAI(Command):
    """Seat an AI player."""


@dataclass(frozen=True, slots=True)
class RemoveAI(Command):
    """Remove an AI seat (the last one when `seat` is None)."""

    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Start(Command):
    """Deal the first hand once the seats are filled."""


@dataclass(frozen=True, slots=True)
class Rematch(Command):
    """Deal the next hand with the same seats."""


@dataclass(frozen=True, slots=True)
class ShowHand(Command):
    """Send me my hand and prompt (privately)."""


@dataclass(frozen=True, slots=True)
class SortHand(Command):
    """Show my hand big→small ("down") or small→big ("up"); None: the other way round."""

    order: str | None = None


@dataclass(frozen=True, slots=True)
class Hint(Command):
    """Suggest a move (提示); repeated, it cycles through the suggestions."""


@dataclass(frozen=True, slots=True)
class Auto(Command):
    """Turn 托管 (auto-play) on, off, or toggle it (`on` None)."""

    on: bool | None = None


@dataclass(frozen=True, slots=True)
class Act(Command):
    """A game action typed or chosen: "pass", "33344", "bid 2", "As|KhQd|2s3h5d"...

    `counter` is the prompt's action counter when known (buttons); a different counter is a
    stale press and is refused.
    """

    text: str = ""
    counter: int | None = None


@dataclass(frozen=True, slots=True)
class Check(Command):
    """Would this action be taken now? Nothing changes: a panel building a move asks before
    it offers Play (the reply is the engine's reason when it would not)."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class Press(Command):
    """A button press carrying an encoded payload (room:counter:code)."""

    payload: str = ""


@dataclass(frozen=True, slots=True)
class Table(Command):
    """Show the table (re-posts nothing: the reply carries the view)."""


@dataclass(frozen=True, slots=True)
class RoomSettings(Command):
    """Show the room's settings, or change them (owner or community admin; not mid-hand).

    Keys: "stake", "mode", "lang", and the game's option names; values are text.
    """

    changes: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Seed(Command):
    """A seated person's own seed, mixed into every deal from the next one (docs/fairness.md);
    empty text shows the next hand's id, its commitment and the seed set."""

    text: str = ""
    tap: bool = False  # the 🎲/🔒 button: a short answer, to anyone at or watching the table


@dataclass(frozen=True, slots=True)
class CloseRoom(Command):
    """Close the room at `place` (owner or admin; not mid-hand)."""


@dataclass(frozen=True, slots=True)
class MyStats(Command):
    """My beans, points, games, wins and rank."""


@dataclass(frozen=True, slots=True)
class Link(Command):
    """`/link`: a code to type on another platform; `/link CODE` (there): play with the wallet
    of the one who made it. `private` is set by the adapter when only the sender sees the
    reply: a code is a key to the wallet, so it is never given where others read it."""

    code: str = ""
    private: bool = False


@dataclass(frozen=True, slots=True)
class Unlink(Command):
    """`/unlink`: part this platform identity from the one it is linked to."""


@dataclass(frozen=True, slots=True)
class Leaderboard(Command):
    """Top players: metric beans|points|games|wins|win_rate|landlord_win_rate|rating, period
    all|week|season, in this community (`everywhere` False) or overall."""

    metric: str = "beans"
    period: str = "all"
    everywhere: bool = False
    limit: int = 10


@dataclass(frozen=True, slots=True)
class Rules(Command):
    """The rules page of a game (the room's game when None)."""

    game: str | None = None


@dataclass(frozen=True, slots=True)
class Judge(Command):
    """The referee on typed cards: what a move is, whether one beats another, a 田忌 table."""

    game: str | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class Puzzle(Command):
    """`/puzzle`: today's 残局 of the group at `place` (with yesterday's solution); `board`:
    the group's puzzle board; `answer`: a first move, only where no one else reads it
    (`private`, set by the adapter), the group then named by its `code`."""

    answer: str = ""
    code: str = ""
    board: bool = False
    private: bool = False


@dataclass(frozen=True, slots=True)
class AdminCommand(Command):
    """An admin's tool. Its sender may use it when the adapter marked them an admin
    (`Actor.is_admin`), or when `roles` (their Discord role ids, from the adapter) hold the
    role an admin named for the community (`AdminRole`)."""

    roles: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class AdminRole(AdminCommand):
    """A community admin names the role whose members may use the admin tools too (`role`
    None: no such role)."""

    role: str | None = None


@dataclass(frozen=True, slots=True)
class AdminBeans(AdminCommand):
    """A community admin gives (`amount` > 0) or takes beans from `target` (named
    `target_name`), with a reason: a bank <-> player ledger transaction naming the admin.
    `target` None: the adapter found nobody in the words typed."""

    target: UserRef | None = None
    target_name: str = ""
    amount: int = 0
    reason: str = ""


@dataclass(frozen=True, slots=True)
class AdminBar(AdminCommand):
    """A community admin bars `target` from the community's tables (`barred` False:
    unbars them), with an optional reason."""

    target: UserRef | None = None
    target_name: str = ""
    barred: bool = True
    reason: str = ""


@dataclass(frozen=True, slots=True)
class AdminClose(AdminCommand):
    """A community admin closes the table at `place`, mid-hand too (a stuck table): the
    hand in play is void (beans move only when a hand ends, so none moved), the group told."""


@dataclass(frozen=True, slots=True)
class AdminExport(AdminCommand):
    """A community admin exports the community's records as CSV files (the reply's
    documents): every finished hand per person, and the admin tools' audit log."""


@dataclass(frozen=True, slots=True)
class Help(Command):
    """What can I type here."""
