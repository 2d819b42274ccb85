"""Backing up and restoring a PostgreSQL database with the project's own export.

Why not `pg_dump`: the bot's database may be one schema of a shared database (the URL's
`search_path`), which `pg_restore` cannot put back under another name; `pg_dump` must be at
least the server's version, which a bot's machine often is not; and the export restores
with nothing but this bot. What it is: gzip'd JSON lines, a header (the format, the schema
version, the tables), then each table's columns and rows, parents before the tables that
refer to them. It is read inside one REPEATABLE READ READ ONLY transaction: one snapshot of
every table, consistent while the bot plays on.

A restore needs an empty schema (no table at all): it runs the migrations up to the
export's version, replaces what they seeded and loads every table in one transaction (its
triggers off: cached balances come as they were, not counted again), sets each identity
sequence past its table's largest id, and leaves later migrations to the bot's next start.
"""

from __future__ import annotations

import gzip
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import asyncpg

from storage.errors import CopyError
from storage.postgres import INSPECT_TIMEOUT, migrate, postgres_migrations
from storage.urls import redacted, server_url

FORMAT = "paiju-export/1"
BATCH = 500  # rows inserted per statement batch
SCHEMA_TABLE = "paiju_schema"  # made by the migration runner, not by a migration


async def _connect(url: str) -> asyncpg.Connection:
    try:
        return await asyncpg.connect(server_url(url), timeout=INSPECT_TIMEOUT)
    except (OSError, TimeoutError, asyncpg.PostgresError, ValueError) as error:
        raise CopyError("backup.server_unusable", where=redacted(url),
                        reason=type(error).__name__) from None


async def _tables_in_order(conn: asyncpg.Connection) -> list[str]:
    """The schema's tables, each after those its foreign keys refer to."""
    names = [row[0] for row in await conn.fetch(
        "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
        " WHERE n.nspname = current_schema() AND c.relkind = 'r' ORDER BY c.relname")]
    needs: dict[str, set[str]] = {name: set() for name in names}
    for child, parent in await conn.fetch(
            "SELECT c.relname, p.relname FROM pg_constraint k"
            " JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid"
            " JOIN pg_namespace n ON n.oid = c.relnamespace"
            " WHERE k.contype = 'f' AND n.nspname = current_schema()"):
        if child != parent and child in needs:
            needs[child].add(parent)
    ordered: list[str] = []
    while needs:
        ready = sorted(name for name, parents in needs.items() if not parents - set(ordered))
        if not ready:  # a cycle (none in our schema): the rest in name order
            ready = sorted(needs)
        for name in ready:
            ordered.append(name)
            del needs[name]
    return [name for name in ordered if name != SCHEMA_TABLE]


async def export_server(url: str, file: Path) -> int:
    """Write the database's export to `file`; its schema version."""
    conn = await _connect(url)
    partial = file.with_name(f".{file.name}.partial")
    try:
        if not await conn.fetchval(f"SELECT to_regclass('{SCHEMA_TABLE}') IS NOT NULL"):
            raise CopyError("backup.no_database", path=redacted(url))
        async with conn.transaction(isolation="repeatable_read", readonly=True):
            version = int(await conn.fetchval(f"SELECT version FROM {SCHEMA_TABLE}"))
            tables = await _tables_in_order(conn)
            file.parent.mkdir(parents=True, exist_ok=True)
            with gzip.open(partial, "wt", encoding="utf-8") as out:
                _line(out, {"format": FORMAT, "schema_version": version, "tables": tables})
                for table in tables:
                    rows = await conn.fetch(f'SELECT * FROM "{table}"')
                    columns = list(rows[0].keys()) if rows else await _columns(conn, table)
                    _line(out, {"table": table, "columns": columns, "rows": len(rows)})
                    for row in rows:
                        _line(out, list(row.values()))
        os.replace(partial, file)
        return version
    finally:
        partial.unlink(missing_ok=True)
        await conn.close()


async def _columns(conn: asyncpg.Connection, table: str) -> list[str]:
    return [row[0] for row in await conn.fetch(
        "SELECT column_name FROM information_schema.columns WHERE table_schema ="
        " current_schema() AND table_name = $1 ORDER BY ordinal_position", table)]


def _line(out: Any, value: Any) -> None:
    out.write(json.dumps(value, ensure_ascii=False, separators=(",", ":")))
    out.write("\n")


def is_export(file: Path) -> bool:
    """Whether the file is one of these exports (gzip, our header)."""
    try:
        with gzip.open(file, "rt", encoding="utf-8") as handle:
            return bool(json.loads(handle.readline()).get("format") == FORMAT)
    except (OSError, ValueError, AttributeError, EOFError):
        return False


def _read(file: Path) -> Iterator[Any]:
    with gzip.open(file, "rt", encoding="utf-8") as handle:
        for line in handle:
            yield json.loads(line)


async def restore_server(file: Path, url: str) -> int:
    """Load an export into an empty database (schema); its schema version."""
    if not is_export(file):
        raise CopyError("restore.not_a_backup", path=str(file))
    lines = _read(file)
    header = next(lines)
    version = int(header["schema_version"])
    migrations = postgres_migrations()
    if version > len(migrations):
        raise CopyError("restore.too_new", path=str(file), version=version,
                        latest=len(migrations))
    conn = await _connect(url)
    try:
        if await conn.fetchval("SELECT count(*) FROM information_schema.tables"
                               " WHERE table_schema = current_schema()"):
            raise CopyError("restore.not_empty", path=redacted(url))
        await migrate(conn, migrations[:version], redacted(url))
        async with conn.transaction():
            # What the migrations seeded (the bank's and the house's accounts) is in the
            # export too, as the backed-up database had it.
            for table in reversed(header["tables"]):
                await conn.execute(f'DELETE FROM "{table}"')
            # The rows are loaded as they were: the triggers that keep derived rows (cached
            # balances from ledger entries) would count them twice. (The migrations just made
            # these tables, so this role owns them.)
            for table in header["tables"]:
                await conn.execute(f'ALTER TABLE "{table}" DISABLE TRIGGER USER')
            for _ in header["tables"]:
                head = next(lines)
                columns = ", ".join(f'"{c}"' for c in head["columns"])
                marks = ", ".join(f"${i + 1}" for i in range(len(head["columns"])))
                insert = (f'INSERT INTO "{head["table"]}" ({columns}) OVERRIDING SYSTEM VALUE'
                          f" VALUES ({marks})")
                batch: list[list[Any]] = []
                for _row in range(head["rows"]):
                    batch.append(next(lines))
                    if len(batch) >= BATCH:
                        await conn.executemany(insert, batch)
                        batch = []
                if batch:
                    await conn.executemany(insert, batch)
            for table in header["tables"]:
                await conn.execute(f'ALTER TABLE "{table}" ENABLE TRIGGER USER')
            await _advance_sequences(conn)
    finally:
        await conn.close()
    return version


async def _advance_sequences(conn: asyncpg.Connection) -> None:
    """Each identity (or serial) sequence past its column's largest value."""
    for sequence, table, column in await conn.fetch(
            "SELECT s.relname, t.relname, a.attname FROM pg_class s"
            " JOIN pg_depend d ON d.objid = s.oid AND d.classid = 'pg_class'::regclass"
            " JOIN pg_class t ON t.oid = d.refobjid"
            " JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid"
            " JOIN pg_namespace n ON n.oid = s.relnamespace"
            " WHERE s.relkind = 'S' AND n.nspname = current_schema()"):
        await conn.execute(
            f'SELECT setval(\'"{sequence}"\', COALESCE((SELECT max("{column}") FROM'
            f' "{table}"), 0) + 1, false)')
