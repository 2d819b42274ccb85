"""`python -m bot doctor` against the fakes, a real SQLite file and the real PostgreSQL server,
with each fault (issue 57 point 5): one line per check naming what is wrong and the fix,
exit 1 if any fails, never a token or a password."""

from __future__ import annotations

import asyncio
import os
import socket
import sqlite3
import sys
from pathlib import Path

import asyncpg
import pytest

from bot.host import doctor
from bot.pictures import faces
from storage import Storage
from tests.fakes.discord import FakeDiscord
from tests.fakes.telegram import FakeTelegram
from tests.postgres import drop_database, execute, fresh_database

ROOT = Path(__file__).resolve().parents[1]


def clean_env(tmp_path: Path, **settings: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PAIJU_", "TELEGRAM_", "DISCORD_"))}
    env.update({"PYTHONPATH": str(ROOT), "LANG": "C.UTF-8",
                "PAIJU_DATABASE": str(tmp_path / "paiju.sqlite3"), **settings})
    return env


async def run_doctor(tmp_path: Path, **settings: str) -> tuple[int, list[str]]:
    """Exit code and lines of `python -m bot doctor` (in `tmp_path`: no .env of ours)."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "doctor", env=clean_env(tmp_path, **settings),
        cwd=tmp_path, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(process.communicate(), 60)
    assert not err.decode().strip(), err.decode()
    assert process.returncode is not None
    return process.returncode, out.decode().splitlines()


def line_of(lines: list[str], check: str) -> str:
    [found] = [line for line in lines if line.split(":")[0].split()[-1] == check]
    return found


def failed(lines: list[str]) -> set[str]:
    return {line.split(":")[0].split()[1] for line in lines if line.startswith("FAIL")}


async def migrated(path: Path) -> None:
    store = await Storage.open(path)
    await store.close()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_a_healthy_telegram_deployment_passes_every_check(tmp_path: Path) -> None:
    await migrated(tmp_path / "paiju.sqlite3")
    async with FakeTelegram() as fake:
        code, lines = await run_doctor(
            tmp_path, TELEGRAM_TOKEN=fake.token, TELEGRAM_BASE_URL=fake.base_url,
            PAIJU_WEB_PORT="8080", PAIJU_WEB_URL="https://cards.example.org",
            PAIJU_WEB_SECRET="s" * 32)
    assert code == 0, lines
    assert failed(lines) == set()
    for check in ("settings", "database", "telegram.token", "telegram.updates", "web.url"):
        assert line_of(lines, check).startswith("ok")
    assert "@paiju_bot" in line_of(lines, "telegram.token")
    assert "every migration applied" in line_of(lines, "database")
    assert lines[-1].startswith("All ")
    assert fake.token.split(":", 1)[1] not in "\n".join(lines)


async def test_a_rejected_telegram_token_and_a_webhook_telegram_cannot_call_fail(
        tmp_path: Path) -> None:
    async with FakeTelegram() as fake:
        wrong = fake.token.split(":", 1)[0] + ":WRONG-secret-never-shown"
        code, lines = await run_doctor(
            tmp_path, TELEGRAM_TOKEN=wrong, TELEGRAM_BASE_URL=fake.base_url,
            TELEGRAM_WEBHOOK_URL="http://bot.example.org/hook")
    assert code == 1
    assert failed(lines) == {"telegram.token", "telegram.updates"}
    assert "@BotFather" in line_of(lines, "telegram.token")
    assert "https://" in line_of(lines, "telegram.updates")
    assert "WRONG-secret" not in "\n".join(lines)
    assert lines[-1] == "2 of 7 checks failed."
    code, lines = await run_doctor(
        tmp_path, TELEGRAM_TOKEN=wrong, TELEGRAM_BASE_URL=fake.base_url,
        TELEGRAM_WEBHOOK_URL="https://bot.example.org:9000/hook")
    assert "9000" in line_of(lines, "telegram.updates") and "8443" in line_of(
        lines, "telegram.updates")


async def test_an_unreachable_bot_api_is_named_without_the_token(tmp_path: Path) -> None:
    port = free_port()  # nothing listens there
    code, lines = await run_doctor(
        tmp_path, TELEGRAM_TOKEN="123:SECRET-part", TELEGRAM_BASE_URL=f"http://127.0.0.1:{port}/bot")
    assert code == 1 and failed(lines) == {"telegram.token"}
    line = line_of(lines, "telegram.token")
    assert f"http://127.0.0.1:{port}" in line and "TELEGRAM_BASE_URL" in line
    assert "SECRET-part" not in "\n".join(lines)


async def test_discord_token_and_gateway_against_the_fake(tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        code, lines = await run_doctor(tmp_path, DISCORD_TOKEN=fake.token,
                                       DISCORD_API_BASE=fake.api_base)
        assert code == 0, lines
        assert line_of(lines, "discord.gateway").startswith("ok")
        fake.shard_count = 3  # a big bot: Discord asks for three shards
        code, lines = await run_doctor(tmp_path, DISCORD_TOKEN=fake.token,
                                       DISCORD_API_BASE=fake.api_base)
        assert code == 1 and failed(lines) == {"discord.gateway"}
        assert "DISCORD_SHARD_COUNT=3" in line_of(lines, "discord.gateway")
        code, lines = await run_doctor(tmp_path, DISCORD_TOKEN="Nope.wrong.token-xyz",
                                       DISCORD_API_BASE=fake.api_base)
    assert code == 1 and failed(lines) == {"discord.token"}
    assert "Reset Token" in line_of(lines, "discord.token")
    assert "wrong.token-xyz" not in "\n".join(lines)


async def test_an_http_web_url_fails_for_the_mini_app_and_a_short_secret_fails(
        tmp_path: Path) -> None:
    async with FakeTelegram() as fake:
        code, lines = await run_doctor(
            tmp_path, TELEGRAM_TOKEN=fake.token, TELEGRAM_BASE_URL=fake.base_url,
            PAIJU_WEB_PORT="8080", PAIJU_WEB_URL="http://cards.example.org",
            PAIJU_WEB_SECRET="tiny-secret")
    assert code == 1 and failed(lines) == {"web.url", "settings"}
    assert "Mini App" in line_of(lines, "web.url")
    assert "PAIJU_WEB_SECRET" in line_of(lines, "settings")
    assert "tiny-secret" not in "\n".join(lines)


async def test_a_foreign_or_too_new_database_fails_and_a_bad_setting_is_named(
        tmp_path: Path) -> None:
    database = tmp_path / "paiju.sqlite3"
    await migrated(database)
    with sqlite3.connect(database) as conn:
        conn.execute("PRAGMA user_version = 999")  # left by a newer bot (a rollback)
    code, lines = await run_doctor(tmp_path)
    assert code == 1 and failed(lines) == {"database"}
    assert "999" in line_of(lines, "database")
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as conn:
        conn.execute("PRAGMA application_id = 42")
    code, lines = await run_doctor(tmp_path, PAIJU_DATABASE=str(other))
    assert failed(lines) == {"database"} and "another application" in line_of(lines,
                                                                                "database")
    code, lines = await run_doctor(tmp_path, PAIJU_STAKE="lots")
    assert code == 1 and lines[0].startswith("FAIL settings: PAIJU_STAKE=lots")


def test_missing_fonts_for_chinese_and_emoji_fail_with_the_package_to_install(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
        ) -> None:
    from bot.__main__ import main

    for name in list(os.environ):
        if name.startswith(("PAIJU_", "TELEGRAM_", "DISCORD_")):
            monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(faces, "CJK_FONTS", (tmp_path / "no-wqy.ttc",))
    monkeypatch.setattr(doctor, "EMOJI_FONTS", (tmp_path / "no-emoji.ttf",))
    assert main(["doctor"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert failed(lines) == {"fonts.chinese", "fonts.emoji"}
    assert "fonts-wqy-zenhei" in line_of(lines, "fonts.chinese")
    assert "fonts-noto-color-emoji" in line_of(lines, "fonts.emoji")
    monkeypatch.setenv("PAIJU_PICTURES", "off")  # no pictures: no fonts needed
    assert main(["doctor"]) == 0


@pytest.mark.postgres
async def test_a_postgresql_role_without_the_rights_to_write_fails_without_its_password(
        tmp_path: Path) -> None:
    url = fresh_database()
    role = f"doctor_{os.getpid()}"
    password = "pw-never-printed-8d1"
    try:
        await migrated_server(url)
        schema = url.rsplit("search_path=", 1)[1]
        await execute(url, f"DROP ROLE IF EXISTS {role}")
        await execute(url, f"CREATE ROLE {role} LOGIN PASSWORD '{password}'")
        await execute(url, f"GRANT USAGE ON SCHEMA {schema} TO {role}")
        await execute(url, f"GRANT SELECT ON ALL TABLES IN SCHEMA {schema} TO {role}")
        server = url.split("://", 1)[1].split("@", 1)[1]
        reader = f"postgresql://{role}:{password}@{server}"
        code, lines = await run_doctor(tmp_path, PAIJU_DATABASE=reader)
        assert code == 1 and failed(lines) == {"database.rights"}, "\n".join(lines)
        rights = [line for line in lines if line.startswith("FAIL database.rights")]
        assert any("lacks DELETE, INSERT, UPDATE on " in line and "GRANT SELECT, INSERT, "
                   "UPDATE, DELETE ON ALL TABLES IN SCHEMA" in line for line in rights)
        assert password not in "\n".join(lines) and "***" in rights[0]
        code, lines = await run_doctor(tmp_path, PAIJU_DATABASE=url)  # the owner: fine
        assert code == 0, lines
        assert line_of(lines, "database.rights").startswith("ok")
    finally:
        await execute(url, f"DROP OWNED BY {role}") if await _role_exists(url, role) else None
        await execute(url, f"DROP ROLE IF EXISTS {role}")
        drop_database(url)


async def migrated_server(url: str) -> None:
    store = await Storage.open(url)
    await store.close()


async def _role_exists(url: str, role: str) -> bool:
    conn = await asyncpg.connect(url)
    try:
        return bool(await conn.fetchval("SELECT 1 FROM pg_roles WHERE rolname = $1", role))
    finally:
        await conn.close()
