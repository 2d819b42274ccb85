"""Settings a player keeps for the tables they open: `name = value` per player, for every
game (game "") or for one game (its rule options). These functions run inside the caller's
transaction, on either backend (plain SQL both speak)."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping

EVERY_GAME = ""


def load(conn: sqlite3.Connection, player_id: int, game: str) -> dict[str, str]:
    """The player's settings for `game`: those of every game, then the game's own."""
    rows = conn.execute(
        "SELECT game, name, value FROM player_settings WHERE player_id = ? AND game IN (?, ?)",
        (player_id, EVERY_GAME, game)).fetchall()
    ordered = sorted(rows, key=lambda row: row[0] != EVERY_GAME)  # the game's own win
    return {str(name): str(value) for _, name, value in ordered}


def save(conn: sqlite3.Connection, player_id: int, game: str,
         values: Mapping[str, str]) -> None:
    """Keep `values` (name → value) for the player, for `game` ("" for every game)."""
    for name, value in values.items():
        conn.execute(
            "INSERT INTO player_settings (player_id, game, name, value) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (player_id, game, name) DO UPDATE SET value = excluded.value",
            (player_id, game, name, value))
