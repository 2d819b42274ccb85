"""`python -m bot backup FILE` while games are played, `python -m bot restore FILE` into an
empty database (issue 57 point 3), on a real SQLite file and the real PostgreSQL server: the
restored books identical to the backup's and checked (`verify --all`, every transaction
summing to zero, balances equal to entries), a game in progress kept; a restore into a
database that is not empty refused."""

from __future__ import annotations

import asyncio
import gzip
import json
import os
import sqlite3
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import asyncpg
import pytest

from storage import Storage
from tests.postgres import drop_database, fresh_database

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.xdist_group("cores")  # a load run: one at a time
ENTRIES = "SELECT * FROM ledger_entries ORDER BY txn_id, account_id"


def env_for(database: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PAIJU_", "TELEGRAM_", "DISCORD_"))}
    env.update(PYTHONPATH=str(ROOT), LANG="C.UTF-8", PAIJU_DATABASE=database)
    return env


async def bot(database: str, *args: str, cwd: Path) -> tuple[int, str, str]:
    """`python -m bot ARGS` on `database`: exit code, stdout, stderr."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", *args, env=env_for(database), cwd=cwd,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(process.communicate(), 120)
    assert process.returncode is not None
    return process.returncode, out.decode(), err.decode()


async def playing(database: str, cwd: Path) -> asyncio.subprocess.Process:
    """Ten tables of people who press quickly, for a while, on `database` (a real host)."""
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "simulate", "--game", "doudizhu3", "--rooms", "10",
        "--think", "0.02", "--ai-delay", "0", "--duration", "20", "--database", database,
        env=env_for(database), cwd=cwd, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE)


async def finished_games(database: str) -> int:
    """Hands finished so far (0 while the database is not there yet)."""
    if database.startswith("postgresql://"):
        try:
            conn = await asyncpg.connect(database)
        except (OSError, asyncpg.PostgresError):
            return 0
        try:
            if not await conn.fetchval("SELECT to_regclass('games') IS NOT NULL"):
                return 0
            return int(await conn.fetchval("SELECT count(*) FROM games WHERE result IS NOT NULL"))
        finally:
            await conn.close()
    if not Path(database).exists():
        return 0
    try:
        with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as conn:
            return int(conn.execute("SELECT count(*) FROM games WHERE result IS NOT NULL")
                       .fetchone()[0])
    except sqlite3.OperationalError:  # the schema is still being made
        return 0


async def backup_during_play(live: str, file: Path, cwd: Path) -> dict[str, Any]:
    """Back `live` up while games are played on it; the load run's figures after."""
    load = await playing(live, cwd)
    try:
        while await finished_games(live) < 3:
            assert load.returncode is None, (await load.communicate())[1].decode()[-2000:]
            await asyncio.sleep(0.1)
        code, out, err = await bot(live, "backup", str(file), cwd=cwd)
        assert code == 0, err
        assert "Backed up" in out and str(file) in out
        assert load.returncode is None  # play went on meanwhile
        stdout, stderr = await asyncio.wait_for(load.communicate(), 120)
    finally:
        if load.returncode is None:
            load.kill()
            await load.wait()
    assert load.returncode == 0, stderr.decode()[-2000:]
    figures: dict[str, Any] = json.loads(stdout.decode().splitlines()[-1])
    return figures


async def restored_books(database: str) -> tuple[list[tuple[Any, ...]], list[str]]:
    """The restored ledger's entries, and the unfinished games (hands in play)."""
    store = await Storage.open(database)
    try:
        assert await store.books_balanced()
        unfinished = await store.unfinished_games()
    finally:
        await store.close()
    if database.startswith("postgresql://"):
        conn = await asyncpg.connect(database)
        try:
            rows = await conn.fetch(ENTRIES)
        finally:
            await conn.close()
        return [tuple(r.values()) for r in rows], unfinished
    with sqlite3.connect(database) as lite:
        return lite.execute(ENTRIES).fetchall(), unfinished


def check_report(out: str) -> dict[str, Any]:
    report: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    assert report["ok"] is True, report
    assert report["games"] >= 3 and report["mismatches"] == 0
    assert report["ledger_problems"] == []
    return report


async def test_a_sqlite_backup_during_play_restores_with_the_same_books(tmp_path: Path) -> None:
    live, file = str(tmp_path / "live.sqlite3"), tmp_path / "backup.sqlite3"
    figures = await backup_during_play(live, file, tmp_path)
    assert figures["books_balanced"] and figures["games_finished"] >= 3
    target = str(tmp_path / "restored" / "paiju.sqlite3")
    code, out, err = await bot(target, "restore", str(file), cwd=tmp_path)
    assert code == 0, err
    check_report(out)
    entries, in_play = await restored_books(target)
    assert in_play, "the backup was taken with hands in play: they are restored too"
    with sqlite3.connect(file) as backup:
        assert backup.execute(ENTRIES).fetchall() == entries
    # A second restore onto it is refused and changes nothing.
    code, out, err = await bot(target, "restore", str(file), cwd=tmp_path)
    assert code == 2 and "is not empty" in err and not out
    assert (await restored_books(target))[0] == entries
    # The live database, still in use, is refused too.
    code, _, err = await bot(live, "restore", str(file), cwd=tmp_path)
    assert code == 2 and "is not empty" in err


async def test_a_restore_refuses_what_is_not_a_backup_of_its_kind(tmp_path: Path) -> None:
    bogus = tmp_path / "notes.txt"
    bogus.write_text("not a backup")
    target = str(tmp_path / "new.sqlite3")
    code, _, err = await bot(target, "restore", str(bogus), cwd=tmp_path)
    assert code == 2 and "is not a backup" in err
    export = tmp_path / "server.paiju.gz"
    with gzip.open(export, "wt") as handle:
        handle.write(json.dumps({"format": "paiju-export/1", "schema_version": 1,
                                 "tables": []}) + "\n")
    code, _, err = await bot(target, "restore", str(export), cwd=tmp_path)
    assert code == 2 and "PostgreSQL backup" in err and not Path(target).exists()
    code, _, err = await bot(str(tmp_path / "none.sqlite3"), "backup", str(tmp_path / "b"),
                             cwd=tmp_path)
    assert code == 2 and "no bot database" in err


@pytest.mark.postgres
async def test_a_postgresql_backup_during_play_restores_with_the_same_books(
        tmp_path: Path) -> None:
    live, target = fresh_database(), fresh_database()
    file = tmp_path / "backup.paiju.gz"
    try:
        figures = await backup_during_play(live, file, tmp_path)
        assert figures["books_balanced"]
        code, out, err = await bot(target, "restore", str(file), cwd=tmp_path)
        assert code == 0, out + err
        check_report(out)
        entries, in_play = await restored_books(target)
        assert in_play, "hands in play at the backup are restored"
        with gzip.open(file, "rt") as handle:
            lines = [json.loads(line) for line in handle]
        head = next(i for i, line in enumerate(lines)
                    if isinstance(line, dict) and line.get("table") == "ledger_entries")
        exported = [tuple(row) for row in lines[head + 1: head + 1 + lines[head]["rows"]]]
        assert sorted(exported) == sorted(entries) and entries
        # New rows after the restore get fresh ids (the sequences were moved past them).
        store = await Storage.open(target)
        try:
            player = await store.player("telegram", "after-restore", "New")
            assert player > max(row[0] for row in await _players(target) if row[0] != player)
            assert await store.books_balanced()
        finally:
            await store.close()
        code, _, err = await bot(target, "restore", str(file), cwd=tmp_path)
        assert code == 2 and "is not empty" in err
        password = urlsplit(target).password
        assert password and password not in err
        code, _, err = await bot(target, "restore", str(tmp_path / "nothing"), cwd=tmp_path)
        assert code == 2 and "is not a backup" in err
    finally:
        drop_database(live)
        drop_database(target)


async def _players(url: str) -> list[tuple[Any, ...]]:
    conn = await asyncpg.connect(url)
    try:
        return [tuple(r.values()) for r in await conn.fetch("SELECT id FROM players")]
    finally:
        await conn.close()
