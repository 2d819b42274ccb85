"""The games the host can run: name → GameSpec, imported only when first used."""

from __future__ import annotations

import importlib
from functools import cache

from bot.errors import PaijuError
from bot.games.base import GameSpec

GAMES: dict[str, str] = {
    "doudizhu3": "bot.games.doudizhu.spec:DOUDIZHU3",
    "doudizhu2": "bot.games.doudizhu.spec:DOUDIZHU2",
    "tianji": "bot.games.tianji.spec:TIANJI",
    "tianji-duel": "bot.games.tianji.spec:TIANJI_DUEL",
}
"""Game name → "module:attribute" of its spec."""

DEFAULT_GAME = "doudizhu3"

ALIASES: dict[str, str] = {
    "ddz": "doudizhu3", "doudizhu": "doudizhu3", "ddz3": "doudizhu3", "斗地主": "doudizhu3",
    "ddz2": "doudizhu2", "二人斗地主": "doudizhu2",
    "tj": "tianji", "田忌赛马": "tianji", "田忌": "tianji",
    "duel": "tianji-duel", "tianjiduel": "tianji-duel", "老师与学生": "tianji-duel",
}


def game_name(text: str | None) -> str:
    """The game a player means ("ddz", "田忌赛马", "tianji-duel"); raises on an unknown name."""
    if not text:
        return DEFAULT_GAME
    name = text.strip().lower()
    name = ALIASES.get(name, name)
    if name not in GAMES:
        raise PaijuError("host.unknown_game", game=text.strip(), games=", ".join(GAMES))
    return name


@cache
def spec(name: str) -> GameSpec:
    """The spec of a game by its exact name (imported on first use)."""
    module_name, _, attr = GAMES[name].partition(":")
    return getattr(importlib.import_module(module_name), attr)


def warm_up() -> None:
    """Build the engines' lookup tables now, at start-up: the 田忌赛马 rank tables take a few
    hundred milliseconds, which the first hand would otherwise spend inside a change, on the
    event loop, stalling every room."""
    from bot.games.tianji.ranking import tables

    tables()
