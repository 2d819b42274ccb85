"""A PostgreSQL server the bot cannot use is said in one plain line that never holds the
password (issue 35, items 2 and 3): the real `python -m bot` as a process, against the real
server with a wrong password, port, database or host, an unencoded `@` in the password, a
port that is no number, a role without the rights it needs, no connection left."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

from storage import Storage
from tests import postgres
from tests.adapters.console.test_console import bot_env
from tests.storage.conftest import as_role as _as

pytestmark = pytest.mark.postgres
ROOT = Path(__file__).resolve().parents[2]
SECRET = "Wr0ng-s3cret-pw"


def _url(password: str | None = None, *, host: str | None = None, port: str | None = None,
         user: str | None = None, database: str | None = None) -> str:
    """The test server's URL with some parts changed (the password written in as given)."""
    parts = urlsplit(postgres.server_url())
    hostname = host or parts.hostname or "127.0.0.1"
    netloc = (f"{user or parts.username}:{parts.password if password is None else password}"
              f"@{hostname}:{port or parts.port}")
    return urlunsplit(parts._replace(netloc=netloc, path=f"/{database or parts.path[1:]}"))


def run(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """`python -m bot ARGS` in a folder of its own (its log file lands there)."""
    variables = bot_env(tmp_path, **env)
    variables["PYTHONPATH"] = str(ROOT)
    return subprocess.run([sys.executable, "-m", "bot", *args], text=True,
                          stdin=subprocess.DEVNULL, capture_output=True, cwd=tmp_path,
                          env=variables, timeout=120)


def one_plain_line(done: subprocess.CompletedProcess[str], tmp_path: Path,
                   *secrets: str) -> str:
    """The one line the process said on stderr, checked to hold no secret, no traceback, no
    SQLite advice, and the same for its log file."""
    said = done.stdout + done.stderr
    logs = "".join(p.read_text() for p in tmp_path.rglob("*.log"))
    assert done.returncode == 2, said
    assert "Traceback" not in said + logs, said + logs
    for secret in secrets:
        assert secret not in said + logs, said + logs
    assert "file aside" not in said and "paiju.sqlite3" not in said, said
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, said
    assert lines[0].startswith("The database server postgresql://"), lines[0]
    return lines[0]


@pytest.mark.parametrize(("change", "reason"), [
    ({"password": SECRET}, "password authentication failed"),
    ({"password": f"p@ss@{SECRET}"}, "password authentication failed"),
    ({"password": SECRET, "port": "1"}, "[Errno 111]"),  # refused (uvloop), failed (asyncio)
    ({"password": SECRET, "port": "abc"}, "not valid"),
    ({"password": SECRET, "host": "nosuchhost.invalid"}, ""),
], ids=["password", "at-sign", "port", "port-text", "host"])
def test_a_wrong_server_setting_is_one_line_without_the_password(
        tmp_path: Path, change: dict[str, str], reason: str) -> None:
    # The URL is made in the test, not at collection: without a server the test is skipped.
    done = run(tmp_path, "leaderboard", PAIJU_DATABASE=_url(**change))
    line = one_plain_line(done, tmp_path, SECRET, "ss@")
    assert reason in line and ":***@" in line


def test_a_database_that_does_not_exist_is_named_without_the_real_password(
        tmp_path: Path) -> None:
    password = urlsplit(postgres.server_url()).password or ""
    done = run(tmp_path, "leaderboard",
               PAIJU_DATABASE=_url(database="no_such_database_here"))
    line = one_plain_line(done, tmp_path, *([password] if len(password) >= 3 else []))
    assert 'database "no_such_database_here" does not exist' in line


@pytest.mark.parametrize("command", [("play", "--auto"), ("web", "--port", "1"), ()],
                         ids=["console", "web", "bot"])
def test_every_entry_says_a_refused_login_in_one_line(
        tmp_path: Path, command: tuple[str, ...]) -> None:
    done = run(tmp_path, *command, PAIJU_DATABASE=_url(f"p@ss@{SECRET}"),
               PAIJU_WEB_SECRET="a-web-secret-long-enough")
    one_plain_line(done, tmp_path, SECRET, "ss@")


def test_simulate_on_a_server_names_the_server_not_a_sqlite_file(tmp_path: Path) -> None:
    for processes in ("1", "2"):
        done = run(tmp_path, "simulate", "--database", _url(SECRET), "--rooms", "2",
                   "--hands", "1", "--processes", processes)
        assert "password authentication failed" in one_plain_line(done, tmp_path, SECRET)


def test_simulate_processes_say_a_failed_child_in_one_line(tmp_path: Path) -> None:
    database = postgres.fresh_database()
    try:
        # The parent reads no settings; each child refuses PAIJU_AI_WORKERS=0 and fails.
        done = run(tmp_path, "simulate", "--database", database, "--rooms", "2",
                   "--hands", "1", "--processes", "2", PAIJU_AI_WORKERS="0")
    finally:
        postgres.drop_database(database)
    said = done.stdout + done.stderr
    assert done.returncode == 2, said
    assert "Traceback" not in said and "IndexError" not in said, said
    assert done.stderr.strip().splitlines()[-1].startswith("Simulate process 1 of 2 ended")


# -- roles without the rights the bot needs -----------------------------------------------


@pytest.fixture
def database() -> Iterator[str]:
    url = postgres.fresh_database()
    yield url
    postgres.drop_database(url)


def _grant_usage(database: str, role: str) -> None:
    """Let `role` see the database's schema (as PUBLIC sees `public`), not create in it."""
    schema = database.rsplit("search_path=", 1)[1]
    asyncio.run(postgres.execute(database, f"GRANT USAGE ON SCHEMA {schema} TO {role}"))


def test_a_role_that_cannot_create_tables_is_one_line(
        tmp_path: Path, role: tuple[str, str], database: str) -> None:
    _grant_usage(database, role[0])
    done = run(tmp_path, "leaderboard", PAIJU_DATABASE=_as(role, database))
    line = one_plain_line(done, tmp_path, role[1])
    assert "permission denied" in line and "rights" in line


def test_a_role_without_rights_on_the_tables_is_one_line(
        tmp_path: Path, role: tuple[str, str], database: str) -> None:
    async def migrated_by_the_owner() -> None:
        store = await Storage.open(database)
        await store.close()

    asyncio.run(migrated_by_the_owner())
    _grant_usage(database, role[0])
    done = run(tmp_path, "leaderboard", PAIJU_DATABASE=_as(role, database))
    assert "permission denied for table" in one_plain_line(done, tmp_path, role[1])


def test_no_connection_left_for_the_role_is_one_line(
        tmp_path: Path, role: tuple[str, str], database: str) -> None:
    asyncio.run(postgres.execute(postgres.server_url(),
                                 f"ALTER ROLE {role[0]} CONNECTION LIMIT 0"))
    done = run(tmp_path, "leaderboard", PAIJU_DATABASE=_as(role, database))
    line = one_plain_line(done, tmp_path, role[1])
    assert "too many connections" in line and "max_connections" in line


def test_the_driver_gets_an_unencoded_at_sign_of_a_password_as_part_of_it(
        role: tuple[str, str], database: str) -> None:
    name, password = role
    at_sign = f"{password}@x"
    asyncio.run(postgres.execute(postgres.server_url(),
                                 f"ALTER ROLE {name} SUPERUSER PASSWORD '{at_sign}'"))

    async def board() -> list[object]:
        store = await Storage.open(_as((name, at_sign), database))
        try:
            return list(await store.leaderboard("beans"))
        finally:
            await store.close()

    assert asyncio.run(board()) == []
