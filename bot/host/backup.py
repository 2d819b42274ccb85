"""`python -m bot backup FILE` and `python -m bot restore FILE`.

`backup` copies the settings' database while the bot runs (SQLite: its online backup API,
a SQLite file; PostgreSQL: the project's export, one consistent snapshot), never stopping
play. `restore` puts a backup into an empty database (a SQLite file that does not exist yet,
or a PostgreSQL schema without tables) and refuses anything else, then checks the books as
`verify --all` does: every hand replayed to its record, every ledger transaction summing to
zero, every cached balance equal to its entries. One JSON line; exit 1 if a check failed,
2 when the restore was refused (one line on stderr saying why).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from bot.host.verify import check, with_hands_before
from bot.i18n import translate
from bot.settings import Settings
from storage import Storage
from storage.errors import CopyError
from storage.factory import backup_database, restore_database
from storage.urls import redacted


def add_parsers(sub: Any) -> None:
    """The `backup` and `restore` subcommands."""
    backup = sub.add_parser("backup", help="copy the database while the bot runs")
    backup.add_argument("file", help="where to write the backup")
    restore = sub.add_parser("restore", help="put a backup into an empty database, then "
                                             "check its books")
    restore.add_argument("file", help="the backup to restore")


def _where(settings: Settings) -> str:
    return redacted(settings.database) if settings.on_server else str(settings.database)


def backup(args: argparse.Namespace) -> int:
    """Write the backup; one line saying where and what."""
    settings = Settings()
    file = Path(args.file)
    try:
        version = asyncio.run(backup_database(settings.database, file))
    except CopyError as error:
        print(translate(error.key, settings.language, **error.params), file=sys.stderr)
        return 2
    print(translate("backup.done", settings.language, database=_where(settings),
                    file=str(file), size=file.stat().st_size, version=version), flush=True)
    return 0


def restore(args: argparse.Namespace) -> int:
    """Restore into the settings' (empty) database; the checks as one JSON line."""
    settings = Settings()
    file = Path(args.file)
    try:
        version = asyncio.run(restore_database(file, settings.database))
    except CopyError as error:
        print(translate(error.key, settings.language, **error.params), file=sys.stderr)
        return 2
    report = asyncio.run(books(settings))
    print(json.dumps({"restored": str(file), "into": _where(settings),
                      "schema_version": version, **report}, ensure_ascii=False), flush=True)
    return 0 if report["ok"] else 1


async def books(settings: Settings) -> dict[str, Any]:
    """The restored database's checks: hands replayed, transactions and balances."""
    store = await Storage.open(settings.database)  # migrates an older backup forward
    try:
        pairs = await with_hands_before(store, await store.finished_games())
        reports = [check(row, before=before) for row, before in pairs]
        problems = await store.ledger_problems()
    finally:
        await store.close()
    bad = [r["game_id"] for r in reports if not r["ok"]]
    return {"games": len(reports), "mismatches": len(bad), "bad": bad[:20],
            "ledger_problems": problems, "ok": not bad and not problems}
