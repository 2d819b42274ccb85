"""Buttons and the suggestion select as dynamic items: every press is parsed from its
`custom_id` alone (`<room>:<counter>:<code>`, see `bot.host.payload`), so the components of
any message, sent before a restart or not, reach the adapter without stored views.

Limits that bite here: custom_id ≤ 100 characters, button labels ≤ 80, select option
labels and values ≤ 100, at most 25 options.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:
    from adapters.discord.adapter import DiscordAdapter

MAX_CUSTOM_ID = 100
MAX_LABEL = 80
MAX_OPTION = 100
MAX_OPTIONS = 25
ROWS = 5
PER_ROW = 5

SUGGEST = "~s"  # the code of the suggestion select; its values are host payloads
_HEAD = r"(?P<room>[0-9a-z]{1,16}):(?P<counter>[0-9a-z]{1,12}):"
BUTTON_TEMPLATE = re.compile(_HEAD + r"(?P<code>(?!~s$).{1,80})")
SELECT_TEMPLATE = re.compile(_HEAD + r"~s")

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def clip(text: str, limit: int) -> str:
    """Text cut to a limit with an ellipsis."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def adapter_of(interaction: discord.Interaction[Any]) -> DiscordAdapter:
    """The adapter that owns the client of an interaction."""
    return interaction.client.adapter  # type: ignore[attr-defined, no-any-return]


class PressButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON_TEMPLATE):
    """A button whose custom_id is a payload: a host action or verb, or a panel draft."""

    @classmethod
    def make(cls, label: str, custom_id: str, *, style: str = "secondary", row: int | None = None,
             disabled: bool = False) -> PressButton:
        """A button (label clipped to Discord's 80 characters)."""
        if len(custom_id) > MAX_CUSTOM_ID:
            raise ValueError(f"custom_id {custom_id!r} is longer than {MAX_CUSTOM_ID}")
        return cls(discord.ui.Button(label=clip(label, MAX_LABEL) or "·", custom_id=custom_id,
                                     style=STYLES.get(style, discord.ButtonStyle.secondary),
                                     row=row, disabled=disabled))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> PressButton:
        """Rebuild the item of a pressed button (any message, any time)."""
        return cls(item)  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Hand the press to the adapter."""
        await adapter_of(interaction).on_press(interaction, self.custom_id, [])


class SuggestionSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_TEMPLATE):
    """The select menu of suggested moves; each option's value is the move's host payload."""

    @classmethod
    def make(cls, custom_id: str, placeholder: str, options: list[tuple[str, str]],
             *, row: int | None = None) -> SuggestionSelect:
        """A select of (label, payload) options, at most 25."""
        unique: dict[str, str] = {}  # Discord wants distinct values: keep the first label
        for label, value in options:
            unique.setdefault(value, label)
        choices = [discord.SelectOption(label=clip(label, MAX_OPTION) or "·", value=value)
                   for value, label in list(unique.items())[:MAX_OPTIONS]]
        return cls(discord.ui.Select(custom_id=custom_id, placeholder=clip(placeholder, 150),
                                     options=choices, row=row))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str],
                             /) -> SuggestionSelect:
        """Rebuild the item of a used select."""
        return cls(item)  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Hand the chosen payload to the adapter."""
        await adapter_of(interaction).on_press(interaction, self.custom_id, self.item.values)


def grid(items: list[discord.ui.Item[Any]]) -> discord.ui.View:
    """A persistent view of items already placed in rows (no timeout, nothing stored)."""
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view
