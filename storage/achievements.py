"""Achievements in each game's own words, kept in the settling transaction: storage counts
what the host hands in (the game decides what a hand awards) and nothing else."""

from __future__ import annotations

import sqlite3

from storage.records import AchievementRecord


def award(conn: sqlite3.Connection, game_id: str, game: str,
          earned: list[tuple[int, str]]) -> None:
    """Count each (player, achievement) earned in a settled game (once per game)."""
    if earned:
        conn.executemany(
            "INSERT INTO achievements (player_id, game, achievement, times, first_game_id)"
            " VALUES (?, ?, ?, 1, ?) ON CONFLICT (player_id, game, achievement)"
            " DO UPDATE SET times = achievements.times + 1",
            [(player_id, game, found, game_id) for player_id, found in earned if player_id > 0],
        )


def achievements_of(conn: sqlite3.Connection, player_id: int) -> list[AchievementRecord]:
    """A player's achievements, the most often earned first."""
    return [AchievementRecord(str(game), str(found), int(times)) for game, found, times in
            conn.execute("SELECT game, achievement, times FROM achievements WHERE"
                         " player_id = ? ORDER BY times DESC, game, achievement",
                         (player_id,)).fetchall()]
