"""Backing up and restoring a SQLite database with SQLite's online backup API.

The copy is consistent while the bot writes: the backup runs in one step (all pages) inside
one read transaction, and in WAL mode a reader never blocks the writer nor sees half a
commit. It goes to a temporary file beside the target, renamed into place when complete, so
a backup cut short leaves no half file behind. A restore copies a backup into a database
file that does not exist yet (or is empty), the same way.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from pathlib import Path

from storage.errors import CopyError, StorageError
from storage.migrations import bundled_migrations, check_compatible

HEADER = b"SQLite format 3\x00"


def is_sqlite_file(path: Path) -> bool:
    """Whether the file starts as a SQLite database does."""
    try:
        with open(path, "rb") as handle:
            return handle.read(len(HEADER)) == HEADER
    except OSError:
        return False


def _ours(conn: sqlite3.Connection, path: Path) -> int:
    try:
        return check_compatible(conn, path, len(bundled_migrations()))
    except StorageError as error:
        raise CopyError("backup.not_ours", path=str(path),
                        reason=str(error).splitlines()[0]) from None


def _copy(source: sqlite3.Connection, target: Path) -> None:
    """All of `source` into a fresh file at `target` (through a temporary beside it)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f".{target.name}.partial")
    partial.unlink(missing_ok=True)
    copy = sqlite3.connect(partial)
    try:
        source.backup(copy)  # pages=-1: one step, one consistent snapshot
    finally:
        copy.close()
    os.replace(partial, target)


def backup_file(database: Path, file: Path) -> int:
    """Copy the live database to `file`; its schema version."""
    if not is_sqlite_file(database):
        raise CopyError("backup.no_database", path=str(database))
    source = sqlite3.connect(database, timeout=30)
    try:
        version = _ours(source, database)
        _copy(source, file)
    finally:
        source.close()
    return version


def empty(database: Path) -> bool:
    """No database there yet, an empty file, or a SQLite file without a table."""
    if not database.exists() or database.stat().st_size == 0:
        return True
    if not is_sqlite_file(database):
        return False
    conn = sqlite3.connect(f"{database.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return not conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    finally:
        conn.close()


def restore_file(file: Path, database: Path) -> int:
    """Copy a backup into an empty `database`; the backup's schema version (the bot
    migrates it forward when it opens it)."""
    if not is_sqlite_file(file):
        raise CopyError("restore.not_a_backup", path=str(file))
    if not empty(database):
        raise CopyError("restore.not_empty", path=str(database))
    source = sqlite3.connect(f"{file.resolve().as_uri()}?mode=ro", uri=True)
    try:
        version = _ours(source, file)
        for suffix in ("-wal", "-shm"):  # an empty file's leftovers would be replayed onto it
            with contextlib.suppress(FileNotFoundError):
                Path(f"{database}{suffix}").unlink()
        _copy(source, database)
    finally:
        source.close()
    return version
