"""Discord: slash commands, a table message per room and ephemeral private panels."""

from __future__ import annotations

from typing import Any

from adapters.discord.adapter import DiscordAdapter
from bot.settings import Settings

__all__ = ["DiscordAdapter", "create_adapter"]


def create_adapter(settings: Settings, **options: Any) -> DiscordAdapter:
    """The Discord adapter for `settings` (needs DISCORD_TOKEN); options tune its pacing."""
    return DiscordAdapter(settings, **options)
