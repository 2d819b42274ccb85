"""The discord.py client: plain or auto-sharded, with our command tree and setup hook.

Intents: only `guilds` (channel, thread and guild names; interactions need no intent and
the bot never reads message content), so the gateway stays quiet even in busy servers.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import aiohttp
import discord
from discord import app_commands

from bot.host.ports import Traffic
from bot.settings import Settings

if TYPE_CHECKING:
    from adapters.discord.adapter import DiscordAdapter

log = logging.getLogger(__name__)


def intents() -> discord.Intents:
    """The gateway intents the bot needs (no privileged ones)."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    return wanted


class _Paiju:
    """What both clients add: a handle on the adapter and its setup on login."""

    adapter: DiscordAdapter

    async def setup_hook(self) -> None:
        """After login, before the gateway: dynamic items, translator, command sync."""
        await self.adapter.setup()

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Every interaction passes here too: answer the components nothing else takes."""
        await self.adapter.on_stray(interaction)


class PaijuClient(_Paiju, discord.Client):
    """One connection (small bots, tests)."""

    def __init__(self, adapter: DiscordAdapter, **options: Any) -> None:
        super().__init__(**options)
        self.adapter = adapter


class PaijuShardedClient(_Paiju, discord.AutoShardedClient):
    """Several shards in one process (large bots; a shard group per process past that)."""

    def __init__(self, adapter: DiscordAdapter, **options: Any) -> None:
        super().__init__(**options)
        self.adapter = adapter


class PaijuTree(app_commands.CommandTree[discord.Client]):
    """The command tree; an error that escapes a command is logged and answered politely."""

    async def on_error(self, interaction: discord.Interaction[discord.Client],
                       error: app_commands.AppCommandError) -> None:
        """Log with the cause and tell the user, never leave "interaction failed"."""
        adapter: DiscordAdapter = interaction.client.adapter  # type: ignore[attr-defined]
        await adapter.command_failed(interaction, error)


# What discord.py's HTTP client sends again by itself: after a 429 (once its wait is over),
# these server errors, and a network fault (up to five tries in all).
RETRIED_STATUSES = frozenset({429, 500, 502, 504, 524})


def counting(traffic: Traffic) -> aiohttp.TraceConfig:
    """aiohttp's request hooks for discord.py's REST session (`http_trace`): every request
    counted in `traffic`, a 429 as throttled, each one discord.py sends again as a retry."""
    trace = aiohttp.TraceConfig()

    async def started(*_: Any) -> None:
        traffic.calls += 1

    async def ended(_session: Any, _context: Any, params: aiohttp.TraceRequestEndParams) -> None:
        status = params.response.status
        if status == 429:
            traffic.throttled += 1
        if status in RETRIED_STATUSES:
            traffic.retries += 1

    async def failed(*_: Any) -> None:
        traffic.retries += 1

    trace.on_request_start.append(started)
    trace.on_request_end.append(ended)
    trace.on_request_exception.append(failed)
    return trace


def build_client(settings: Settings, adapter: DiscordAdapter) -> discord.Client:
    """A Client, or an AutoShardedClient when a shard count or shard ids are set."""
    options: dict[str, Any] = {
        "http_trace": counting(adapter.traffic),
        "intents": intents(),
        "allowed_mentions": discord.AllowedMentions(everyone=False, roles=False, users=True),
        "chunk_guilds_at_startup": False,
    }
    shard_ids = settings.discord_shard_ids
    if settings.discord_shard_count is None and not shard_ids:
        return PaijuClient(adapter, **options)
    if shard_ids and settings.discord_shard_count is None:
        raise ValueError("DISCORD_SHARD_IDS needs DISCORD_SHARD_COUNT")
    return PaijuShardedClient(adapter, shard_count=settings.discord_shard_count,
                              shard_ids=shard_ids or None, **options)
