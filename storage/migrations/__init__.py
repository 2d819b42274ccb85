"""Numbered schema migrations and the runner that applies them.

Migration N lives in `NNNN_<what>.sql` next to this file; `PRAGMA user_version` holds the
number of the last one applied. Each migration runs in its own transaction together with
the version bump, so a failure leaves the database exactly at the previous version. A
database whose version is newer than the newest file here is refused before anything is
written to it.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from storage.errors import MigrationError, NotOurDatabaseError, SchemaTooNewError

APPLICATION_ID = 0x5061694A  # "PaiJ", set by migration 1
_FILE_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


@dataclass(frozen=True, slots=True)
class Migration:
    """One numbered step of the schema."""

    version: int
    name: str
    sql: str


def bundled_migrations(folder: Traversable | None = None) -> list[Migration]:
    """The migrations shipped with this code (SQLite's, or those of `folder`), in order,
    checked to be numbered 1..N."""
    found: list[Migration] = []
    for entry in (folder or resources.files(__package__)).iterdir():
        match = _FILE_NAME.match(entry.name)
        if match:
            found.append(Migration(int(match.group(1)), entry.name, entry.read_text("utf-8")))
    found.sort(key=lambda migration: migration.version)
    if [m.version for m in found] != list(range(1, len(found) + 1)):
        raise MigrationError(f"migration files are not numbered 1..N: {[m.name for m in found]}")
    return found


def schema_version(conn: sqlite3.Connection) -> int:
    """The version recorded in the database (0 for a new file)."""
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def check_compatible(conn: sqlite3.Connection, path: str | Path, latest: int) -> int:
    """Refuse a foreign or too-new database without writing to it; return its version."""
    try:
        version = schema_version(conn)
        application_id = int(conn.execute("PRAGMA application_id").fetchone()[0])
    except sqlite3.DatabaseError as error:
        raise NotOurDatabaseError(f"{path} is not a SQLite database: {error}") from error
    if application_id not in (0, APPLICATION_ID):
        raise NotOurDatabaseError(
            f"{path} belongs to another application (application_id {application_id:#x})"
        )
    if version > latest:
        raise SchemaTooNewError(path, version, latest)
    return version


def split_statements(sql: str) -> list[str]:
    """The complete statements of a script (triggers with inner `;` stay whole)."""
    statements: list[str] = []
    pending = ""
    for line in sql.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            if pending.strip():
                statements.append(pending.strip())
            pending = ""
    if pending.strip() and not _only_comments(pending):
        raise MigrationError(f"incomplete SQL statement at the end: {pending.strip()[:80]!r}")
    return statements


def _only_comments(text: str) -> bool:
    return all(not line.strip() or line.strip().startswith("--") for line in text.splitlines())


def migrate(conn: sqlite3.Connection, migrations: Sequence[Migration], path: str | Path) -> int:
    """Bring the database up to the last migration; return the version reached.

    `conn` must be in autocommit mode (isolation_level=None) with foreign keys off, as
    SQLite advises for schema changes; each step ends with a foreign key check.
    """
    latest = len(migrations)
    check_compatible(conn, path, latest)
    for migration in migrations:
        conn.execute("BEGIN IMMEDIATE")
        try:
            # Re-read under the write lock: another process may have migrated meanwhile.
            current = check_compatible(conn, path, latest)
            if current >= migration.version:
                conn.execute("COMMIT")
                continue
            for statement in split_statements(migration.sql):
                conn.execute(statement)
            violation = conn.execute("PRAGMA foreign_key_check").fetchone()
            if violation is not None:
                raise MigrationError(f"foreign key violation after migration: {tuple(violation)}")
            conn.execute(f"PRAGMA user_version = {migration.version:d}")
            conn.execute("COMMIT")
        except BaseException as error:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            if isinstance(error, (MigrationError, SchemaTooNewError, NotOurDatabaseError)):
                raise
            if isinstance(error, Exception):
                raise MigrationError(
                    f"migration {migration.name} failed and was rolled back: {error}"
                ) from error
            raise
    return schema_version(conn)
