"""The ports between the host and a chat platform (cosmicpython's ports and adapters):
the core defines them, adapters implement them (`adapters.base` re-exports them).

Two directions:
- Adapter → host: the adapter turns platform events into `bot.host.commands` values and
  awaits `HostPort.handle(command)`, which returns a `Reply` (the direct answer to show the
  sender: an ephemeral reply, a callback alert, a console line). Refusals are ordinary
  replies with `ok=False` and a translated reason; `handle` never raises to an adapter.
  Button presses: `Press(actor, payload=...)` with the payload as received.
- Host → adapter: the host pushes views to the adapter of the room's platform through
  `Outlet`: the table (edit the one table message of the room in place: the adapter keeps
  the platform message id per room id, and drops a view whose `counter` is older than the
  one it last showed), private views (DM / private chat / held for an ephemeral panel), and
  announcements. Outlet methods must return promptly (queue or coalesce slow network work;
  the host awaits them while the room's next action may wait) and must not raise: a failure
  is logged by the adapter. `show_private` reports `Delivery.REFUSED` when the platform
  refused (never-started bot, DMs closed): the host carries on and the timer and 托管 take
  over; nothing stalls.

An adapter is started with the host (`start`) and stopped before the host closes.
"""

from __future__ import annotations

from collections.abc import Awaitable
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from bot.host.commands import Command
from bot.host.views import Announcement, Delivery, PrivateView, Reply, TableView


@runtime_checkable
class Outlet(Protocol):
    """What the host needs from a platform to show its rooms."""

    platform: str  # "console" | "telegram" | "discord" | ...: matches Place.platform

    async def show_table(self, view: TableView) -> None:
        """Create or edit in place the room's table message."""

    async def show_private(self, view: PrivateView) -> Delivery:
        """Show a player their hand and prompt; REFUSED if the platform would not."""

    async def announce(self, note: Announcement) -> Awaitable[bool | None] | None:
        """Post a short note in the room's channel (or nudge `note.private_to`).

        May return at once an awaitable of the outcome: True once the platform took the
        note, False if it refused it for good, None if it was dropped (the adapter stopped):
        a note with a `key` is then sent again after a restart. Returning None means taken."""


class HostPort(Protocol):
    """What adapters may ask of the host."""

    async def handle(self, command: Command) -> Reply:
        """Run one command; always returns a reply (refusals included)."""

    def attach(self, outlet: Outlet) -> None:
        """Register the outlet for `outlet.platform` (before `start`)."""


class Adapter(Outlet, Protocol):
    """A platform adapter: an outlet that also runs the platform's client."""

    async def start(self, host: HostPort) -> None:
        """Connect to the platform and begin turning its events into commands."""

    async def stop(self) -> None:
        """Disconnect; pending view deliveries may be dropped (they are re-shown on start)."""


class Extension(Protocol):
    """A service run on the host beside the adapters (the competitions): started once the
    rooms are back, closed before the host."""

    async def start(self) -> None:
        """Begin (load its state, start its timers)."""

    async def close(self) -> None:
        """Stop its timers; its state stays saved."""


@dataclass(slots=True)
class Traffic:
    """What a platform client sent, counted where it happens (plain integers: the hot path
    adds one) and read when the metrics are scraped (`bot.host.metrics`)."""

    calls: int = 0  # HTTP requests made to the platform's API
    throttled: int = 0  # of those, answered 429 (Too Many Requests)
    retries: int = 0  # requests sent again (after a 429, a server error or a network fault)


@dataclass(frozen=True, slots=True)
class Backlog:
    """What waits to be sent to one destination (a chat, a player): how many jobs, and how
    long the oldest has waited (s). For a group this is its table's staleness."""

    destination: str
    waiting: int
    oldest: float


@runtime_checkable
class Watched(Protocol):
    """An outlet that says how its platform connection and traffic fare (metrics, /readyz)."""

    traffic: Traffic

    def connected(self) -> bool:
        """Whether the platform is connected now (logged in, updates arriving)."""

    def backlog(self) -> list[Backlog]:
        """The destinations with something waiting to be sent."""
