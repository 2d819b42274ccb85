"""Starting the bot on Discord as a server admin would (`python -m bot`, a real process): a
token Discord refuses is said in plain lines naming DISCORD_TOKEN and the fix — no traceback,
no "Unclosed client session", the token never shown; an API that cannot be reached is tried
again with backoff and a short note each time, and SIGTERM still stops the bot at once."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys
from pathlib import Path

from tests.fakes.discord import FakeDiscord

ROOT = Path(__file__).resolve().parents[3]
BAD_TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GbAdTk.not-the-token-discord-knows-0123456789"


def bot_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PAIJU_", "TELEGRAM_", "DISCORD_"))}
    env.update(PYTHONPATH=str(ROOT), PAIJU_DATABASE=str(tmp_path / "paiju.sqlite3"),
               PAIJU_LANGUAGE="en", **extra)
    return env


async def run_bot(env: dict[str, str]) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", env=env, cwd=str(ROOT),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)


async def test_a_token_discord_refuses_is_two_plain_lines_at_most(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    process = await run_bot(bot_env(tmp_path, DISCORD_TOKEN=BAD_TOKEN,
                                    DISCORD_API_BASE=fake_discord.api_base))
    out, err = await asyncio.wait_for(process.communicate(), 60)
    said = (out + err).decode()
    assert process.returncode == 2, said
    assert "DISCORD_TOKEN" in said and "Reset Token" in said
    for wrong in ("Traceback", "Unclosed", BAD_TOKEN, BAD_TOKEN.split(".")[-1]):
        assert wrong not in said, said
    lines = [line for line in said.splitlines() if line.strip()]
    assert len(lines) <= 2, said
    assert any(r.route == "GET /users/@me" and r.status == 401 for r in fake_discord.requests)


async def test_an_unreachable_discord_is_tried_again_with_short_notes(tmp_path: Path) -> None:
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = await run_bot(bot_env(tmp_path, DISCORD_TOKEN=BAD_TOKEN, PAIJU_LOG_LEVEL="INFO",
                                    DISCORD_API_BASE=f"http://127.0.0.1:{port}/api/v10"))
    assert process.stderr is not None
    notes: list[str] = []
    async with asyncio.timeout(30):
        while sum("trying again" in note for note in notes) < 2:
            line = (await process.stderr.readline()).decode()
            assert line, "".join(notes)
            notes.append(line)
    process.send_signal(signal.SIGTERM)
    out, err = await asyncio.wait_for(process.communicate(), 10)
    said = "".join(notes) + (out + err).decode()
    assert process.returncode == 0, said
    tries = [note for note in notes if "trying again" in note]
    assert "in 1 s" in tries[0] and "in 2 s" in tries[1]  # backoff
    assert all(len(note) < 240 and "unreachable" in note for note in tries), tries
    assert "Traceback" not in said and "Unclosed" not in said and BAD_TOKEN not in said
