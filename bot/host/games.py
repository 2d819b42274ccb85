"""The games the host runs, as the registry (`bot.games.registry`) lists them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games import registry
from bot.games.base import GameSpec, GameState


def names() -> tuple[str, ...]:
    """Every game the host can run."""
    return registry.names()


def game_name(text: str | None) -> str:
    """The game a player means (any name or alias of a registered game; none: the first
    registered); raises on an unknown name."""
    if not text:
        return registry.default_game()
    return registry.resolve(text)


def spec(name: str) -> GameSpec:
    """The spec of a game by its exact name (raises `host.unknown_game` otherwise)."""
    return registry.spec(name)


def redeal(name: str, players: int, options: dict[str, Any], seed: int,
           result: Mapping[str, Any] | None) -> GameState:
    """A recorded game dealt again from its seed, as it was dealt: by its dealer and with
    what the game before it carried over (its result's `dealer` and `dealt_with`)."""
    result = result or {}
    carried = result.get("dealt_with")
    extra = {"carry": carried} if carried else {}
    return spec(name).new_game(players, options, seed, dealer=result.get("dealer") or 0,
                               **extra)


def title(name: str, lang: str) -> str:
    """The game's display name in a language."""
    return registry.module(name).display_name(lang)


def forced_action(name: str, state: GameState, seat: int) -> str | None:
    """The one action left to `seat` with nothing to decide (要不起: the pass), else None."""
    return registry.forced_action(name, state, seat)


def lapse_action(name: str, state: GameState, seat: int) -> str | None:
    """What `seat`'s time-out plays instead of the AI's choice (a rule's sanction), if any."""
    return registry.lapse_action(name, state, seat)


def warm_up() -> None:
    """Build the engines' lookup tables now, at start-up (each game's record names its own):
    the 田忌赛马 rank tables take a few hundred milliseconds, which the first hand would
    otherwise spend inside a change, on the event loop, stalling every room."""
    registry.warm_up()
