"""Errors the storage raises: operator-facing (logs, startup), never shown to players."""

from __future__ import annotations

from pathlib import Path


class StorageError(Exception):
    """Base of every storage error."""

    server: str | None = None  # a PostgreSQL server's URL (no password) the error is about


class SchemaTooNewError(StorageError):
    """The database was written by a newer version of the bot; it is left untouched."""

    def __init__(self, path: str | Path, found: int, supported: int) -> None:
        self.path = str(path)
        self.found = found
        self.supported = supported
        super().__init__(
            f"database {self.path} has schema version {found}, but this version of the bot "
            f"only knows versions up to {supported}; upgrade the bot (the file was not changed)"
        )


class NotOurDatabaseError(StorageError):
    """The file is not a SQLite database of this bot; it is left untouched."""


class MigrationError(StorageError):
    """A migration failed; its transaction was rolled back and the version is unchanged."""


class LedgerError(StorageError):
    """A ledger transaction that must not be booked (not zero-sum, unknown kind, ...)."""


class UnknownRecordError(StorageError, LookupError):
    """A player, account or game id that is not in the database."""


class ActionConflictError(StorageError):
    """A different action is already recorded at this index of the game."""


class LeaseLostError(StorageError):
    """A save of a room whose lease this process no longer holds; nothing was written."""


class ServerUnusableError(StorageError):
    """A PostgreSQL server the bot cannot use: unreachable, the login refused, a role without
    the rights it needs, no connection left. `where` is its URL without the password and
    `reason` one line that holds none either."""

    def __init__(self, where: str, reason: str) -> None:
        self.where = self.server = where
        self.reason = reason
        super().__init__(f"{where}: {reason}")


class CopyError(StorageError):
    """A backup or restore that cannot be done; `key` and `params` say why (a catalogue
    message for the operator, never a password)."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params
