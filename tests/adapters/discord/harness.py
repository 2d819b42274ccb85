"""The real Discord adapter and host on a SQLite file, driven through the fake Discord.

`Paiju` starts a host (manual clock, seeded dealing, AI without delay) and the adapter
against a `FakeDiscord`, can restart both on the same database, and offers the moves a
simulated player makes: slash commands, the table's buttons, the private panel.
"""

from __future__ import annotations

import asyncio
import copy
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord

from adapters.discord import DiscordAdapter, create_adapter
from bot.host.bootstrap import close_host, open_host
from bot.host.host import Host
from bot.host.payload import decode_payload
from bot.host.room import Room
from bot.host.runtime.clock import ManualClock
from bot.host.views import Delivery, Phase, PrivateView
from bot.settings import Settings
from tests.fakes.discord import FakeChannel, FakeDiscord, FakeInteraction, FakeMessage

FAST_GUILD_READY = 0.05


class Paiju:
    """Host + Discord adapter for one test; `views` records every private view handed over."""

    def __init__(self, fake: FakeDiscord, database: Path, *, seed: int = 7,
                 adapter_options: dict[str, Any] | None = None, **settings: Any) -> None:
        self.fake = fake
        self.database = database
        self.seed = seed
        self.settings = settings
        self.adapter_options = {"edit_spacing": 0, "table_every": 0, "ready_timeout": 5,
                                **(adapter_options or {})}
        self.views: list[PrivateView] = []
        self.host: Host | None = None
        self.adapter: DiscordAdapter | None = None
        self.clock = ManualClock()
        self._watching = False
        self.channel: FakeChannel | None = None  # where `room` and `slash` look (None: the
        self.locale: str | None = None  # fake's channel); the people's Discord language

    async def start(self) -> None:
        """Open the host on the database, start the adapter against the fake, then the host."""
        # Card art is off unless a test asks for it (`pictures=True`): the text flow alone.
        settings = Settings(database=self.database, discord_token=self.fake.token,
                            discord_api_base=self.fake.api_base,
                            **{"pictures": False, "ai_delay": 0, "puzzle_wait": 120,
                               **self.settings})
        self.host = await open_host(settings, clock=self.clock, rng=random.Random(self.seed))
        adapter = create_adapter(settings, **self.adapter_options)
        self._record(adapter)
        errors = self.fake.errors
        errors.hook_client(adapter.client)
        errors.hook_tree(adapter.tree)
        if not self._watching:
            errors.watch("adapters", "bot")
            self._watching = True
        adapter.client._connection.guild_ready_timeout = FAST_GUILD_READY
        adapter.client.before_identify_hook = _no_identify_delay  # type: ignore[method-assign]
        # The order of `python -m bot` (bot.host.cli.serve): rooms loaded before the adapter
        # takes interactions, tables and hands shown again once it is connected.
        self.host.attach(adapter)
        await self.host.load()
        await adapter.start(self.host)
        self.adapter = adapter
        await self.host.resume()

    def _record(self, adapter: DiscordAdapter) -> None:
        # A spy, not a stand-in: the adapter's own show_private still runs.
        show = adapter.show_private

        async def recording(view: PrivateView) -> Delivery:
            self.views.append(view)
            return await show(view)

        adapter.show_private = recording  # type: ignore[method-assign]

    async def stop(self) -> None:
        """Let pending work finish, stop the adapter, close the host."""
        if self.adapter is not None and self.host is not None:
            await self.settle()
            await self.adapter.stop()
            await close_host(self.host)
        self.adapter = self.host = None

    async def restart(self) -> None:
        """Stop everything and start again on the same database (a crash-free restart)."""
        await self.stop()
        self.clock = ManualClock(self.clock.now())
        await self.start()

    async def settle(self) -> None:
        """Wait until AI seats, timers and deliveries are done."""
        assert self.host is not None and self.adapter is not None
        for _ in range(3):
            await self.host.quiesce()
            await self.adapter.drain()

    async def advance(self, seconds: float) -> None:
        """Move the host's clock on and let the timers it woke run."""
        self.clock.advance(seconds)
        # Woken sleepers need a few loop turns before the host counts them as busy.
        await asyncio.sleep(0.05)
        await self.settle()

    async def warm_thinking(self) -> None:
        """Start the thinking pool's worker now (a spawned interpreter takes a moment), so a
        measure of one hand does not include its start-up."""
        assert self.host is not None and self.room.state is not None
        await self.host.driver.thinker.hints(self.room.game, self.room.state, 0)

    # -- looking -----------------------------------------------------------------------------

    @property
    def room(self) -> Room:
        """The one room of the test."""
        assert self.host is not None
        rooms = [r for r in self.host.rooms.values() if r.phase is not Phase.CLOSED
                 and (self.channel is None or r.place.channel == str(self.channel.id))]
        assert len(rooms) == 1, rooms
        return rooms[0]

    def user_at(self, seat: int) -> str:
        """The fake user name sitting at a seat."""
        user_id = self.room.seats[seat].user_id
        assert user_id is not None, f"seat {seat} is an AI"
        return self.fake.user(int(user_id)).name

    def to_act(self) -> list[str]:
        """Names of the people to act now."""
        room = self.room
        return [self.user_at(s) for s in room.to_act() if not room.seats[s].is_ai]

    async def table(self) -> FakeMessage:
        """The room's table message, once posted."""
        assert self.adapter is not None
        await self.settle()
        slot = self.adapter.tables[self.room.room_id]
        assert slot.message_id is not None
        return self.fake.message(slot.message_id)

    # -- doing -------------------------------------------------------------------------------

    async def slash(self, user: str, command: str, options: dict[str, Any] | None = None,
                    **kwargs: Any) -> FakeMessage:
        """Run a slash command and return the answer message."""
        kwargs.setdefault("channel", self.channel)
        kwargs.setdefault("locale", self.locale)
        asked = await self.fake.slash(user, command, options, **kwargs)
        answer = await self.fake.reply_to(asked)
        await self.settle()
        return answer

    async def press(self, user: str, message: FakeMessage, *, label: str | None = None,
                    code: str | None = None, values: list[str] | None = None) -> FakeInteraction:
        """Press a component by label or by the code ending its custom_id; wait until answered."""
        custom_id = None
        if code is not None:
            custom_id = component_with_code(message, code)["custom_id"]
        pressed = await self.fake.press(user, message, label=label, custom_id=custom_id,
                                        values=values, locale=self.locale)
        await self.fake.wait_acked(pressed)
        await self.settle()
        return pressed

    async def open_hand(self, user: str) -> FakeMessage:
        """Press "My hand" on the table; the ephemeral panel that answers (a new one, or the
        open one brought up to date in place, as the adapter re-uses a panel still by the
        table)."""
        table = await self.table()
        pressed = await self.press(user, table, code="!hand")
        panel = await self.fake.reply_to(pressed)
        if not panel.ephemeral:  # answered by a deferral: the open panel was re-used
            panel = self.panel_of(user)
        assert panel.ephemeral, panel.content
        return panel

    def panel_of(self, user: str) -> FakeMessage:
        """The user's open panel at the room (the message the adapter edits)."""
        assert self.adapter is not None
        slot = self.adapter.panels[str(self.fake.user(user).id)][self.room.room_id]
        assert slot.interaction is not None, f"{user} has no open panel"
        made = next(i for i in self.fake.interactions if i.id == slot.interaction.id)
        found = self.fake.original(made)
        assert found is not None
        return found


async def _no_identify_delay(shard_id: int | None, *, initial: bool = False) -> None:
    """discord.py waits 5 s between shards' IDENTIFY by default; the fake needs no pause."""


def component_with_code(message: FakeMessage, code: str) -> dict[str, Any]:
    """The button or select whose custom_id ends in `code` (`<room>:<counter>:<code>`)."""
    for component in message.interactive():
        custom_id = component.get("custom_id") or ""
        if ":" in custom_id and decode_payload(custom_id).code == code:
            return component
    have = [c.get("custom_id") for c in message.interactive()]
    raise LookupError(f"no component {code!r} in {have}")


def as_drawn(message: FakeMessage) -> Callable[[], None]:
    """Keep a message's components as drawn now; calling the result puts them back, as a
    Discord client that has not caught up with an edit still shows them (Discord lags)."""
    drawn = copy.deepcopy(message.payload.get("components") or [])

    def lagging() -> None:
        message.payload["components"] = copy.deepcopy(drawn)

    return lagging


def codes(message: FakeMessage) -> list[str]:
    """The codes of a message's components, in display order."""
    return [decode_payload(c["custom_id"]).code for c in message.interactive()
            if c.get("custom_id")]


def hand_line(view: PrivateView) -> str | None:
    """The line of a private view that lists the hand (None when it holds no cards)."""
    return view.text.splitlines()[0] if view.hand else None


__all__ = ["Paiju", "as_drawn", "codes", "component_with_code", "discord", "hand_line"]
