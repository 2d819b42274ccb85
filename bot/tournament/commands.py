"""Competition commands: what adapters send for `/cup ...`, answered by the cup service.

They travel through `Host.handle` like every other command (the service answers them from
a host command hook), so adapters need nothing new but these values. A command finds its
competition by the channel it came from (`place`), else by the table room it names
(`room`), else the live competition the sender entered (commands typed in a DM).

`roles` carries the sender's role ids where the platform has roles (Discord), so the
service can tell members of the organiser role an admin named; elsewhere it stays empty.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.host.commands import Command


@dataclass(frozen=True, slots=True)
class CupCommand(Command):
    """Base of the competition commands."""

    roles: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CupCreate(CupCommand):
    """Create a competition in this channel (organisers): `settings` are `key=value` texts
    (see `bot.tournament.config.parse_settings`); sign-up opens at once."""

    name: str = ""
    settings: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class CupSignUp(CupCommand):
    """Enter the competition of this channel (报名)."""


@dataclass(frozen=True, slots=True)
class CupWithdraw(CupCommand):
    """Leave it: before the draw the entry is struck; after, the table is forfeited."""


@dataclass(frozen=True, slots=True)
class CupClose(CupCommand):
    """Close sign-up, publish the seed and draw stage 1 (organisers)."""


@dataclass(frozen=True, slots=True)
class CupCheckIn(CupCommand):
    """Report at my table (报到) within its start window; the table's Start and Join
    buttons do the same."""


@dataclass(frozen=True, slots=True)
class CupStandings(CupCommand):
    """Standings: entrants, stage, tables, scores, who went on, final places (`/cup`)."""


@dataclass(frozen=True, slots=True)
class CupCancel(CupCommand):
    """Stop the competition of this channel (organisers); nothing is booked."""


@dataclass(frozen=True, slots=True)
class CupBoard(CupCommand):
    """The competitions leaderboard (cup points): period all|week, here or everywhere."""

    period: str = "all"
    everywhere: bool = False
    limit: int = 10


@dataclass(frozen=True, slots=True)
class CupTeam(CupCommand):
    """Sign up with a team of the team league (`/cup team <name>`; three to a team)."""

    team: str = ""


@dataclass(frozen=True, slots=True)
class CupDouble(CupCommand):
    """加倍: my team doubles its next league match (twice in the league)."""


@dataclass(frozen=True, slots=True)
class CupHelp(CupCommand):
    """The competition commands and the presets by name and sheet (`/cup help`); with
    `preset`, that preset's format and settings (`/cup help knockout`)."""

    preset: str = ""


@dataclass(frozen=True, slots=True)
class CupDisqualify(CupCommand):
    """Disqualify (取消资格) entrants (organisers): `numbers` are sign-up numbers — one
    player, or a pair of stand-ins (代赛者两人均取消参赛资格); `reason` is announced and kept."""

    numbers: tuple[int, ...] = ()
    reason: str = ""


@dataclass(frozen=True, slots=True)
class CupRuleLost(CupCommand):
    """判输 (organisers): the hand an entrant is playing is ruled lost for their side, for
    asking or coaching a partner (询问或指点同伙出牌的一次判输，按地主手中牌计分)."""

    number: int = 0
    reason: str = ""


@dataclass(frozen=True, slots=True)
class CupOrganiserRole(CupCommand):
    """Name the role whose members may organise here (community admins; None clears)."""

    role: str | None = None
