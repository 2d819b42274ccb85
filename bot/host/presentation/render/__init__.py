"""The host's way to a game's text: the renderer of a room's game, from the registry.

The text itself lives with each game (`bot/games/<game>/text.py`, on the base of
`bot.games.text`); the shared helpers are re-exported here for the host's modules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games import registry
from bot.games.text import (
    MEMO_LIMIT,
    GameText,
    Private,
    PromptParts,
    Public,
    Renderer,
    SeatInfo,
    pretty_cards,
    pretty_ranks,
    seat_name,
    t,
)

__all__ = ["MEMO_LIMIT", "GameText", "Private", "PromptParts", "Public", "Renderer", "SeatInfo",
           "pretty_cards", "pretty_ranks", "renderer", "seat_name", "t"]


def renderer(game: str, options: Mapping[str, Any] | None = None) -> Renderer:
    """The renderer of a game by name (some labels depend on the room's options); an
    unknown game raises `host.unknown_game`."""
    return registry.renderer(game, options)  # type: ignore[no-any-return]
