"""The values that cross the storage port: what the host hands in and what it gets back.

Storage knows no game: options, results and snapshots are opaque JSON, actions are the
engines' canonical strings. Times (`at`) are epoch seconds (`time.time()`); they decide the
ISO week a game counts for on the weekly leaderboards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

PLAYER_METRICS = ("beans", "points", "games", "wins", "win_rate", "landlord_win_rate", "rating")
"""What a player's leaderboard ranks by (`/lb metric`); `rating` ranks each (game, role)'s
skill rating (storage/ratings.py), whatever the period."""
METRICS = ("beans", "points", "cup", "games", "wins", "win_rate", "landlord_win_rate", "rating")
"""Every leaderboard: the player metrics and the competitions' cup points."""
PERIODS = ("all", "week", "season")
"""Leaderboard periods: all time, this ISO week, a season (monthly by default)."""
assert set(METRICS) == {*PLAYER_METRICS, "cup"}

KINDS = ("beans", "points", "cup")
"""What the ledger counts: beans (the wallet), points (points-mode rooms), cup (competitions)."""

BANK = -1
"""System account that pays starting grants and daily relief (低保)."""
HOUSE = -2
"""System account that stands in for AI seats when they win or lose beans."""
SYSTEM_ACCOUNTS = {"bank": BANK, "house": HOUSE}
"""System accounts have negative ids; a player's account id is the player id (> 0)."""


@dataclass(frozen=True, slots=True)
class ActionRecord:
    """One accepted action of a game, appended to its record."""

    game_id: str
    index: int
    seat: int
    action: str
    at: float


@dataclass(frozen=True, slots=True)
class GameStart:
    """The header of a game record: enough, with the actions, to replay it."""

    game_id: str
    room_id: str
    community_id: int | None
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[int | None]  # player ids by seat; None is an AI seat
    stake: int
    mode: str  # "beans" | "points"
    at: float


@dataclass(frozen=True, slots=True)
class Outcome:
    """How one person fared in a finished game (AI seats have none)."""

    player_id: int
    seat: int
    role: str | None  # the role the game gave the seat, in its words, or None
    won: bool
    delta: int
    carried: bool = False  # 托管 made most of the seat's moves: counted, not rated
    achievements: tuple[str, ...] = ()  # what the game awarded this hand, in its words
    streak: tuple[str, int] | None = None  # (achievement, wins in a row in this role) the
    # game awards for a winning streak in the role (斗地主: the landlord's), or None
    alone: bool = False  # the seat played alone against the others (the game's alone_role):
    # counted apart (the standings' landlord_games / landlord_wins, the alone-role board)


@dataclass(frozen=True, slots=True)
class RatedSeat:
    """One seat of a hand as the ratings see it: who (None: an AI seat, never stored), the
    role the game gave it, its score, whether it is rated (a person's own hand, not one
    carried by 托管), and its side as the game declares sides (bot.games.registry.SIDES)."""

    player_id: int | None
    role: str | None
    score: int
    rated: bool
    side: int | None = None  # the side it played on, as its game declares (None: its score's)


@dataclass(frozen=True, slots=True)
class Settlement:
    """The end of a game: a zero-sum ledger transaction plus its result and outcomes.

    `deltas` maps account ids (players, or HOUSE for AI seats) to amounts and must sum to
    zero. Each outcome's delta must agree with `deltas` for its player.
    """

    game_id: str
    kind: str
    deltas: dict[int, int]
    result: dict[str, Any]
    outcomes: list[Outcome]
    at: float
    seats: tuple[RatedSeat, ...] = ()  # every seat, to rate the hand; () leaves it unrated


@dataclass(frozen=True, slots=True)
class GameRecordRow:
    """A stored game as the referee replays it."""

    game_id: str
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[int | None]
    stake: int
    mode: str
    actions: list[tuple[int, str]]
    result: dict[str, Any] | None
    deltas: dict[int, int] = field(default_factory=dict)
    room_id: str = ""
    community_id: int | None = None


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A player's wallet (global) and record (overall or in one community)."""

    player_id: int
    name: str
    beans: int
    points: int
    cup: int
    games: int
    wins: int
    landlord_games: int
    landlord_wins: int
    won_beans: int = 0  # beans won less lost in the scope's games (not the wallet)
    won_points: int = 0
    roles: tuple[RoleRecord, ...] = ()  # per game and role (the game's words), most played
    carried: int = 0  # hands carried by 托管 (the AI made most of the moves)
    ratings: tuple[RatingRecord, ...] = ()  # per game and role, most played
    achievements: tuple[AchievementRecord, ...] = ()  # per game, most often first


@dataclass(frozen=True, slots=True)
class AchievementRecord:
    """How often a player earned one achievement of one game (both in the game's words)."""

    game: str
    achievement: str
    times: int


@dataclass(frozen=True, slots=True)
class RatingRecord:
    """A player's skill rating in one role of one game (role "" in a game without roles)."""

    game: str
    role: str
    value: float  # what it shows and ranks by: mu - 3 sigma
    mu: float
    sigma: float
    games: int


@dataclass(frozen=True, slots=True)
class RoleRecord:
    """A player's games and wins in one role of one game (both in the game's words)."""

    game: str
    role: str
    games: int
    wins: int


@dataclass(frozen=True, slots=True)
class LeaderRow:
    """One line of a leaderboard; ties share a rank (1, 2, 2, 4)."""

    rank: int
    player_id: int
    name: str
    value: float
    game: str = ""  # a rating board's line: the game and role rated ("" elsewhere)
    role: str = ""


@dataclass(frozen=True, slots=True)
class CommunityRow:
    """A community (a Discord server, a Telegram group) as stored."""

    community_id: int
    platform: str
    external_id: str
    name: str


@dataclass(frozen=True, slots=True)
class PlayerGame:
    """One finished game of a player, for their history."""

    game_id: str
    game: str
    mode: str
    finished_at: float
    seat: int
    role: str | None
    won: bool
    delta: int


@dataclass(frozen=True, slots=True)
class SeasonLine:
    """A player's record in one season."""

    season: str
    games: int
    wins: int
    beans: int
    points: int
    cup: int


@dataclass(frozen=True, slots=True)
class KeptAnnouncement:
    """An announcement kept until delivered; `body` is its JSON (opaque to storage)."""

    key: str
    room_id: str
    body: str


MIN_GAMES_FOR_RATE = 10  # games a player needs to be on a rate board (win_rate, …)


@dataclass(frozen=True, slots=True)
class DatabaseState:
    """What `python -m bot doctor` learns of a database without changing it: whether it is
    there yet, its schema version against the bundled migrations, and what is wrong with it
    (each problem one line, never a password)."""

    exists: bool
    version: int
    latest: int
    problems: tuple[str, ...] = ()
