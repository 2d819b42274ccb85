"""Migrations on real files: from nothing, from an old version, refusing what is not ours."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from storage import (
    BANK,
    MigrationError,
    NotOurDatabaseError,
    SchemaTooNewError,
    Storage,
)
from storage.migrations import (
    APPLICATION_ID,
    Migration,
    bundled_migrations,
    migrate,
    schema_version,
    split_statements,
)


def _raw(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None)


def _tables(conn: sqlite3.Connection) -> set[str]:
    return {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def test_migration_files_are_numbered_from_one_without_gaps() -> None:
    versions = [migration.version for migration in bundled_migrations()]
    assert versions == list(range(1, len(versions) + 1))
    assert len(versions) >= 2


async def test_an_empty_folder_gets_a_migrated_wal_database(tmp_path: Path) -> None:
    path = tmp_path / "new" / "folder" / "paiju.db"
    storage = await Storage.open(path)
    await storage.close()
    conn = _raw(path)
    assert schema_version(conn) == len(bundled_migrations())
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert {"players", "games", "ledger_txns", "ledger_entries", "standings"} <= _tables(conn)


async def test_foreign_keys_are_enforced_on_the_storage_connection(db_path: Path) -> None:
    storage = await Storage.open(db_path)
    fk = await storage._read(lambda conn: conn.execute("PRAGMA foreign_keys").fetchone()[0])
    await storage.close()
    assert fk == 1


async def test_opening_twice_is_a_no_op_migration(db_path: Path) -> None:
    for _ in range(2):
        storage = await Storage.open(db_path)
        await storage.player("console", "me", "Me")
        await storage.close()
    storage = await Storage.open(db_path)
    assert await storage.balance(1) == 1000  # the grant was booked once
    await storage.close()


async def test_a_version_1_database_is_migrated_and_keeps_its_data(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    conn = _raw(db_path)
    migrate(conn, bundled_migrations()[:1], db_path)
    conn.execute(
        "INSERT INTO players (platform, user_id, display_name, created_at)"
        " VALUES ('telegram', '42', 'Old Timer', 0)"
    )
    conn.execute("INSERT INTO rooms VALUES ('room-1', '{\"phase\": \"bidding\"}', 0)")
    conn.close()
    assert schema_version(_raw(db_path)) == 1

    storage = await Storage.open(db_path)
    assert await storage.load_rooms() == [("room-1", {"phase": "bidding"})]
    # The old player got a ledger account; the grant comes on their next appearance.
    player_id = await storage.player("telegram", "42", "Old Timer")
    assert player_id == 1
    assert await storage.balance(player_id) == 1000
    assert await storage.balance(BANK) == -1000
    assert await storage.books_balanced()
    await storage.close()
    assert schema_version(_raw(db_path)) == len(bundled_migrations())


async def test_a_newer_database_is_refused_and_left_byte_for_byte(db_path: Path) -> None:
    storage = await Storage.open(db_path)
    await storage.player("console", "me", "Me")
    await storage.close()
    conn = _raw(db_path)
    newer = len(bundled_migrations()) + 1
    conn.execute(f"PRAGMA user_version = {newer}")
    conn.execute("PRAGMA journal_mode = DELETE")  # a single file to compare
    conn.close()
    before = db_path.read_bytes()

    with pytest.raises(SchemaTooNewError) as refused:
        await Storage.open(db_path)

    assert refused.value.found == newer
    assert "upgrade" in str(refused.value) and str(db_path) in str(refused.value)
    assert db_path.read_bytes() == before


async def test_another_applications_database_is_refused(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    conn = _raw(db_path)
    conn.execute("PRAGMA application_id = 1234")
    conn.execute("CREATE TABLE notes (text TEXT)")
    conn.close()
    with pytest.raises(NotOurDatabaseError):
        await Storage.open(db_path)
    assert _tables(_raw(db_path)) == {"notes"}


async def test_a_file_that_is_not_sqlite_is_refused_untouched(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    db_path.write_bytes(b"these are my holiday photos, not a database" * 100)
    before = db_path.read_bytes()
    with pytest.raises(NotOurDatabaseError):
        await Storage.open(db_path)
    assert db_path.read_bytes() == before


def test_a_failing_migration_rolls_back_to_the_previous_version(tmp_path: Path) -> None:
    path = tmp_path / "half.db"
    conn = _raw(path)
    first = bundled_migrations()[0]
    migrate(conn, [first], path)
    conn.execute(
        "INSERT INTO players (platform, user_id, display_name, created_at)"
        " VALUES ('discord', '7', 'Seven', 0)"
    )
    broken = Migration(
        2,
        "0002_broken.sql",
        "CREATE TABLE half_done (x INTEGER);\n"
        "ALTER TABLE players ADD COLUMN nickname TEXT;\n"
        "INSERT INTO no_such_table VALUES (1);\n",
    )
    with pytest.raises(MigrationError, match="0002_broken.sql"):
        migrate(conn, [first, broken], path)
    assert schema_version(conn) == 1
    assert "half_done" not in _tables(conn)
    columns = {row[1] for row in conn.execute("PRAGMA table_info(players)")}
    assert "nickname" not in columns
    assert conn.execute("SELECT display_name FROM players").fetchall() == [("Seven",)]
    # The real migrations still apply afterwards.
    assert migrate(conn, bundled_migrations(), path) == len(bundled_migrations())


def test_a_migration_that_breaks_a_foreign_key_is_rolled_back(tmp_path: Path) -> None:
    path = tmp_path / "fk.db"
    conn = _raw(path)
    first = bundled_migrations()[0]
    orphan = Migration(
        2, "0002_orphan.sql",
        "INSERT INTO games (game_id, room_id, community_id, game, options, seed, seats, stake,"
        " mode, started_at) VALUES ('g', 'r', 99, 'tianji', '{}', '1', '[]', 1, 'beans', 0);",
    )
    with pytest.raises(MigrationError, match="foreign key"):
        migrate(conn, [first, orphan], path)
    assert schema_version(conn) == 1
    assert conn.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 0


def test_statements_are_split_with_triggers_kept_whole() -> None:
    script = (
        "-- a comment\nCREATE TABLE a (x);\n"
        "CREATE TRIGGER t AFTER INSERT ON a\nBEGIN\n  SELECT 1;\n  SELECT 2;\nEND;\n"
        "INSERT INTO a VALUES (';');\n-- trailing comment\n"
    )
    statements = split_statements(script)
    assert len(statements) == 3
    assert statements[1].startswith("CREATE TRIGGER") and statements[1].endswith("END;")


def test_an_unfinished_statement_is_an_error() -> None:
    with pytest.raises(MigrationError):
        split_statements("CREATE TABLE a (x INTEGER")
