"""Replays that teach and the daily 残局: kept analyses, the day's puzzle, the answers.

Storage knows no game: an analysis and a puzzle are opaque JSON, an answer is the text the
person gave and whether the game judged it right. Migration 0014.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from storage.games import to_json

PENDING, DONE, FAILED = "pending", "done", "failed"


@dataclass(frozen=True, slots=True)
class Analysis:
    """A game's kept analysis: its status, its data when done, when it was claimed/kept."""

    game_id: str
    status: str  # pending | done | failed
    data: Any
    at: float


@dataclass(frozen=True, slots=True)
class PuzzleRow:
    """One person on a group's puzzle board: puzzles solved, tried, and the current run of
    days solved in a row (ending today or yesterday)."""

    rank: int
    player_id: int
    name: str
    solved: int
    tried: int
    streak: int


@dataclass(frozen=True, slots=True)
class PuzzleAnswer:
    """A person's answer to a group's puzzle of one day."""

    answer: str
    solved: bool


def analysis(conn: sqlite3.Connection, game_id: str) -> Analysis | None:
    """The kept analysis of a game (any status), or None."""
    row = conn.execute("SELECT status, data, at FROM analyses WHERE game_id = ?",
                       (game_id,)).fetchone()
    if row is None:
        return None
    data = json.loads(row[1]) if row[1] is not None else None
    return Analysis(game_id, str(row[0]), data, float(row[2]))


def claim_analysis(conn: sqlite3.Connection, game_id: str, now: float, stale: float) -> bool:
    """Take the work of analysing a game: True for the one caller that gets it. A claim
    still pending after `stale` seconds (its process died), or a failure that old, may be
    taken again; a done analysis never is. One atomic upsert: two processes cannot both
    win it."""
    row = conn.execute(
        "INSERT INTO analyses (game_id, status, data, at) VALUES (?, 'pending', NULL, ?)"
        " ON CONFLICT (game_id) DO UPDATE SET status = 'pending', data = NULL, at = excluded.at"
        " WHERE analyses.status <> 'done' AND analyses.at < ? RETURNING game_id",
        (game_id, now, now - stale)).fetchone()
    return row is not None


def keep_analysis(conn: sqlite3.Connection, game_id: str, status: str, data: Any,
                  now: float) -> None:
    """Keep a claimed analysis's result (`done`) or the reason it failed (`failed`)."""
    conn.execute("UPDATE analyses SET status = ?, data = ?, at = ? WHERE game_id = ?",
                 (status, to_json(data), now, game_id))


def puzzle(conn: sqlite3.Connection, day: str) -> tuple[str, Any] | None:
    """The kept puzzle of a day: (game, data), or None."""
    row = conn.execute("SELECT game, data FROM puzzles WHERE day = ?", (day,)).fetchone()
    return None if row is None else (str(row[0]), json.loads(row[1]))


def keep_puzzle(conn: sqlite3.Connection, day: str, game: str, data: Any) -> None:
    """Keep a day's puzzle (the first kept stays: every process generates the same)."""
    conn.execute("INSERT INTO puzzles (day, game, data) VALUES (?, ?, ?)"
                 " ON CONFLICT (day) DO NOTHING", (day, game, to_json(data)))


def answer_puzzle(conn: sqlite3.Connection, community_id: int, day: str, player_id: int,
                  answer: str, solved: bool, now: float) -> PuzzleAnswer:
    """Keep a person's answer to a group's puzzle of a day; the first answer counts, and
    is what comes back (a second answer changes nothing)."""
    conn.execute(
        "INSERT INTO puzzle_answers (community_id, day, player_id, answer, solved, at)"
        " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (community_id, day, player_id) DO NOTHING",
        (community_id, day, player_id, answer, int(solved), now))
    found = puzzle_answer(conn, community_id, day, player_id)
    assert found is not None
    return found


def puzzle_answer(conn: sqlite3.Connection, community_id: int, day: str,
                  player_id: int) -> PuzzleAnswer | None:
    """A person's answer to a group's puzzle of a day, or None."""
    row = conn.execute(
        "SELECT answer, solved FROM puzzle_answers WHERE community_id = ? AND day = ?"
        " AND player_id = ?", (community_id, day, player_id)).fetchone()
    return None if row is None else PuzzleAnswer(str(row[0]), bool(row[1]))


def streak(days: set[str], today: str) -> int:
    """Days solved in a row, ending today (or yesterday, while today is still open)."""
    day = date.fromisoformat(today)
    if today not in days:
        day -= timedelta(days=1)
    run = 0
    while day.isoformat() in days:
        run += 1
        day -= timedelta(days=1)
    return run


def puzzle_board(conn: sqlite3.Connection, community_id: int, today: str,
                 limit: int = 10) -> list[PuzzleRow]:
    """A group's puzzle board: most solved first, then the longer run, then fewer tries;
    equal lines share a rank."""
    solved: dict[int, set[str]] = {}
    tried: dict[int, int] = {}
    for player_id, day, right in conn.execute(
            "SELECT player_id, day, solved FROM puzzle_answers WHERE community_id = ?",
            (community_id,)).fetchall():
        tried[int(player_id)] = tried.get(int(player_id), 0) + 1
        days = solved.setdefault(int(player_id), set())
        if right:
            days.add(str(day))
    names = dict(conn.execute(
        "SELECT p.id, p.display_name FROM players p JOIN puzzle_answers a ON a.player_id = p.id"
        " WHERE a.community_id = ? GROUP BY p.id, p.display_name", (community_id,)).fetchall())
    lines = sorted(((len(days), streak(days, today), tried[player], player)
                    for player, days in solved.items()),
                   key=lambda line: (-line[0], -line[1], line[2], line[3]))
    out: list[PuzzleRow] = []
    for at, (count, run, tries, player) in enumerate(lines[:limit]):
        same = out and (out[-1].solved, out[-1].streak, out[-1].tried) == (count, run, tries)
        rank = out[-1].rank if same else at + 1
        out.append(PuzzleRow(rank, player, str(names.get(player, player)), count, tries, run))
    return out
