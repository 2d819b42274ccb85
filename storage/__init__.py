"""Storage: the only place with SQL. Players, rooms, game records, the ledger, leaderboards.

`Storage.open(path)` gives the async port the host uses; see storage/sqlite.py. Account ids
are player ids (> 0) or the system accounts BANK and HOUSE (< 0).
"""

from storage.errors import (
    ActionConflictError,
    LeaseLostError,
    LedgerError,
    MigrationError,
    NotOurDatabaseError,
    SchemaTooNewError,
    StorageError,
    UnknownRecordError,
)
from storage.leaderboard import METRICS, MIN_GAMES_FOR_RATE, PERIODS
from storage.records import (
    BANK,
    HOUSE,
    KINDS,
    SYSTEM_ACCOUNTS,
    ActionRecord,
    CommunityRow,
    GameRecordRow,
    GameStart,
    LeaderRow,
    Outcome,
    PlayerGame,
    PlayerStats,
    SeasonLine,
    Settlement,
)
from storage.sqlite import Storage

__all__ = [
    "BANK",
    "HOUSE",
    "KINDS",
    "METRICS",
    "MIN_GAMES_FOR_RATE",
    "PERIODS",
    "SYSTEM_ACCOUNTS",
    "ActionConflictError",
    "ActionRecord",
    "CommunityRow",
    "GameRecordRow",
    "GameStart",
    "LeaderRow",
    "LeaseLostError",
    "LedgerError",
    "MigrationError",
    "NotOurDatabaseError",
    "Outcome",
    "PlayerGame",
    "PlayerStats",
    "SeasonLine",
    "SchemaTooNewError",
    "Settlement",
    "Storage",
    "StorageError",
    "UnknownRecordError",
]
