"""`/healthz` and `/readyz` of `python -m bot` over real HTTP, the bot serving the fake Bot API
through the real PTB client (issue 57 point 2): ready while the database and Telegram
answer, not ready once the database file is gone or Telegram cannot be reached; and
`/metrics` on the bot's own metrics port and beside its web pages."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp

from tests.fakes.telegram import FakeTelegram

ROOT = Path(__file__).resolve().parents[3]
TOKEN = "ops-token-0123456789abcdef"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def bot_env(tmp_path: Path, fake: FakeTelegram, **more: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PAIJU_", "TELEGRAM_", "DISCORD_"))}
    env.update(TELEGRAM_TOKEN=fake.token, TELEGRAM_BASE_URL=fake.base_url, PYTHONPATH=str(ROOT),
               PAIJU_DATABASE=str(tmp_path / "paiju.sqlite3"), LANG="C.UTF-8", **more)
    return env


@asynccontextmanager
async def running_bot(env: dict[str, str], cwd: Path) -> AsyncIterator[Any]:
    bot = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", env=env, cwd=cwd,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    try:
        yield bot
    finally:
        if bot.returncode is None:
            bot.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(bot.communicate(), 30)
            except TimeoutError:
                bot.kill()
                await bot.wait()


async def get(port: int, path: str, **headers: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.get(
            f"http://127.0.0.1:{port}{path}", headers=headers) as response:
        return response.status, await response.text()


async def until_served(port: int, path: str, timeout: float = 30.0) -> tuple[int, str]:
    """The first answer on `path` once the bot listens (it starts after the platforms)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        try:
            return await get(port, path)
        except aiohttp.ClientConnectionError:
            assert loop.time() < end, f"nothing listened on {port}"
            await asyncio.sleep(0.1)


async def until_ready(port: int, wanted: bool, timeout: float = 30.0) -> dict[str, Any]:
    """/readyz's answer once it says `wanted` (the failure shows within a poll or two)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        status, text = await get(port, "/readyz")
        answer: dict[str, Any] = json.loads(text)
        assert status == (200 if answer["ready"] else 503)
        if answer["ready"] is wanted:
            return answer
        assert loop.time() < end, f"/readyz never said ready={wanted}: {answer}"
        await asyncio.sleep(0.1)


async def test_ready_while_the_database_and_telegram_answer_and_not_once_the_file_is_gone(
        tmp_path: Path) -> None:
    port = free_port()
    async with FakeTelegram() as fake:
        env = bot_env(tmp_path, fake, PAIJU_METRICS_PORT=str(port), PAIJU_METRICS_TOKEN=TOKEN)
        async with running_bot(env, tmp_path):
            assert await until_served(port, "/healthz") == (200, "ok\n")
            ready = await until_ready(port, True)
            assert ready["checks"] == {"database": "ok", "platform:telegram": "ok",
                                       "loop_lag": "ok"}
            # No web side: the metrics on their own port, to the token's bearer only.
            assert (await get(port, "/metrics"))[0] == 401
            status, text = await get(port, "/metrics", Authorization=f"Bearer {TOKEN}")
            assert status == 200 and 'paiju_platform_connected{platform="telegram"} 1.0' in text
            (tmp_path / "paiju.sqlite3").unlink()  # someone cleared the data folder
            gone = await until_ready(port, False)
            assert gone["checks"]["database"] == "file missing"
            assert gone["checks"]["platform:telegram"] == "ok"
            assert await get(port, "/healthz") == (200, "ok\n")  # alive all the same


async def test_not_ready_while_telegram_cannot_be_reached_and_ready_again_when_it_is_back(
        tmp_path: Path) -> None:
    port, api = free_port(), free_port()
    fake = FakeTelegram(port=api)
    async with fake:
        env = bot_env(tmp_path, fake, PAIJU_METRICS_PORT=str(port))
        async with running_bot(env, tmp_path):
            await until_served(port, "/healthz")
            await until_ready(port, True)
            await fake.close()  # the Bot API goes away: the next long poll fails
            down = await until_ready(port, False, timeout=60)
            assert down["checks"]["platform:telegram"] == "disconnected"
            assert down["checks"]["database"] == "ok"
            await fake.start()  # back on the same port: polling gets through again
            await until_ready(port, True, timeout=60)


async def test_the_endpoints_are_served_beside_the_web_pages_in_the_bot(
        tmp_path: Path) -> None:
    web = free_port()
    async with FakeTelegram() as fake:
        env = bot_env(tmp_path, fake, PAIJU_WEB_PORT=str(web), PAIJU_WEB_SECRET="s" * 32,
                      PAIJU_METRICS_ALLOW="127.0.0.1")
        async with running_bot(env, tmp_path):
            assert await until_served(web, "/healthz") == (200, "ok\n")
            assert (await until_ready(web, True))["checks"]["platform:telegram"] == "ok"
            status, text = await get(web, "/metrics")
            assert status == 200 and "paiju_rooms" in text
            # Through a proxy (a forwarded request) the address does not let it in.
            assert (await get(web, "/metrics", **{"X-Forwarded-For": "198.51.100.7"}))[0] \
                == 403
