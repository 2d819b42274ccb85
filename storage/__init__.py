"""Storage: the only place with SQL. Players, rooms, game records, the ledger, leaderboards.

`open_storage(path or URL)` (also `Storage.open`) gives the async port the host uses: one SQL
core (storage/core.py) over a transport, SQLite (storage/sqlite.py) or PostgreSQL
(storage/postgres.py), picked by storage/factory.py. Account ids are player ids (> 0) or the
system accounts BANK and HOUSE (< 0).
"""

from storage.errors import (
    ActionConflictError,
    LeaseLostError,
    LedgerError,
    MigrationError,
    NotOurDatabaseError,
    SchemaTooNewError,
    ServerUnusableError,
    StorageError,
    UnknownRecordError,
)
from storage.factory import PostgresStorage, Storage, open_storage
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
from storage.urls import is_postgres_url

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
    "PostgresStorage",
    "PlayerGame",
    "PlayerStats",
    "SeasonLine",
    "SchemaTooNewError",
    "ServerUnusableError",
    "Settlement",
    "Storage",
    "StorageError",
    "UnknownRecordError",
    "is_postgres_url",
    "open_storage",
]
