"""The storage port as the host sees it (implemented by `storage.Storage`).

Only the methods the host calls; the host never sees SQL. Records are the plain dataclasses
of `storage.records`.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Any, Protocol

from storage.admin import Adjusted, AdminEntry
from storage.records import (
    ActionRecord,
    GameRecordRow,
    GameStart,
    KeptAnnouncement,
    LeaderRow,
    PlayerStats,
    Settlement,
)


class Store(Protocol):
    """Players, rooms, game records, the ledger and leaderboards."""

    async def player(self, platform: str, user_id: str, display_name: str) -> int:
        """The player id (created with the starting grant on first sight)."""

    async def player_settings(self, player_id: int, game: str) -> dict[str, str]:
        """The settings a player keeps for the tables of `game` they open."""

    async def keep_player_settings(self, player_id: int, game: str,
                                   values: dict[str, str]) -> None:
        """Keep settings for a player: for `game`, or for every game with game ""."""

    async def community(self, platform: str, external_id: str, name: str = "") -> int:
        """The community id."""

    async def save_room(self, room_id: str, snapshot: dict[str, Any], *,
                        action: ActionRecord | None = None,
                        game_start: GameStart | None = None,
                        settlement: Settlement | None = None,
                        announcements: Sequence[KeptAnnouncement] = ()) -> bool:
        """One transaction: snapshot + record + settlement + announcements to keep until
        delivered; True if newly settled."""

    async def kept_announcements(self) -> list[KeptAnnouncement]:
        """Announcements kept and not yet delivered, oldest first."""

    async def announcement_delivered(self, key: str) -> None:
        """Forget a kept announcement (the platform took it)."""

    async def load_rooms(self) -> list[tuple[str, dict[str, Any]]]:
        """Every saved room snapshot."""

    async def balance(self, player_id: int, kind: str = "beans") -> int:
        """A balance."""

    async def balances(self, player_ids: Sequence[int], kind: str = "beans") -> dict[int, int]:
        """Several balances at one moment."""

    async def adjust_beans(self, community_id: int, admin_id: int, admin_name: str,
                           player_id: int, amount: int, reason: str) -> Adjusted:
        """An admin moves beans bank <-> player with a reason (audited, never below zero)."""

    async def bar(self, community_id: int, admin_id: int, player_id: int, reason: str,
                  barred: bool = True) -> bool:
        """Bar (or unbar) a player from a community's tables, audited; False: no change."""

    async def is_barred(self, community_id: int, player_id: int) -> bool:
        """Whether an admin barred the player from the community's tables."""

    async def admin_log(self, community_id: int, admin_id: int, action: str,
                        reason: str = "") -> None:
        """Audit a use of an admin tool (a table closed, an export)."""

    async def community_records(self, community_id: int) -> list[tuple[object, ...]]:
        """A community's finished hands, one row per person (storage.admin.RECORD_COLUMNS)."""

    async def set_admin_role(self, community_id: int, admin_id: int,
                             role: str | None) -> None:
        """Name (or clear) the role whose members may use the admin tools; audited."""

    async def admin_role(self, community_id: int) -> str | None:
        """The community's admin role (None: only the admins)."""

    async def adjustments(self, player_id: int, limit: int = 5) -> list[AdminEntry]:
        """The latest bean adjustments admins made to a player, newest first."""

    async def admin_audit(self, community_id: int, limit: int = 1000) -> list[AdminEntry]:
        """A community's audit log of admin tools, newest first."""

    async def daily_relief(self, player_id: int, day: date) -> int:
        """The relief granted today (0 if none)."""

    async def books_balanced(self) -> bool:
        """Every transaction sums to zero and cached balances match the ledger."""

    async def finished_games(self) -> list[GameRecordRow]:
        """Every finished game record."""

    async def hands_recorded(self, room_id: str) -> int:
        """The highest hand number recorded for a room (0 if none)."""

    async def stats(self, player_id: int, community_id: int | None = None) -> PlayerStats:
        """A player's wallet and record."""

    async def leaderboard(self, metric: str, *, community_id: int | None = None,
                          period: str = "all", limit: int = 10) -> list[LeaderRow]:
        """Top players by a metric."""

    async def rank_of(self, player_id: int, metric: str, *, community_id: int | None = None,
                      period: str = "all") -> LeaderRow | None:
        """A player's line on a leaderboard."""

    # -- the daily puzzle (storage/teaching.py) ---------------------------------------------

    def day(self, days_ago: int = 0) -> str:
        """The day (ISO date) by the storage's clock, or one `days_ago` before it."""

    async def community_row(self, community_id: int) -> Any:
        """A community by id (CommunityRow), or None."""

    async def puzzle(self, day: str) -> tuple[str, Any] | None:
        """The kept puzzle of a day: (game, data), or None."""

    async def keep_puzzle(self, day: str, game: str, data: Any) -> None:
        """Keep a day's puzzle (the first kept stays)."""

    async def answer_puzzle(self, community_id: int, day: str, player_id: int, answer: str,
                            solved: bool) -> Any:
        """Keep a person's first answer to a group's puzzle of a day (PuzzleAnswer)."""

    async def puzzle_answer(self, community_id: int, day: str, player_id: int) -> Any:
        """A person's answer to a group's puzzle of a day (PuzzleAnswer), or None."""

    async def puzzle_board(self, community_id: int, limit: int = 10) -> list[Any]:
        """A group's puzzle board (PuzzleRow lines)."""
