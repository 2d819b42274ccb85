"""`python -m bot` under systemd's `Type=notify` (issue 57: systemd watchdogs): READY=1 once
the platform is connected, WATCHDOG=1 while its event loop runs when the unit sets
WatchdogSec, STOPPING=1 on SIGTERM; read from a real notify socket, the bot serving the
fake Bot API through the real PTB client."""

from __future__ import annotations

import asyncio
import signal
import socket
import sys
from pathlib import Path

from tests.adapters.telegram.test_health import bot_env
from tests.fakes.telegram import FakeTelegram


async def next_message(sock: socket.socket, timeout: float = 30.0) -> str:
    loop = asyncio.get_running_loop()
    data = await asyncio.wait_for(loop.sock_recv(sock, 256), timeout)
    return data.decode()


async def test_the_bot_tells_systemd_it_is_ready_pings_its_watchdog_and_says_it_stops(
        tmp_path: Path) -> None:
    address = str(tmp_path / "notify")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(address)
        sock.setblocking(False)
        async with FakeTelegram() as fake:
            env = bot_env(tmp_path, fake, NOTIFY_SOCKET=address, WATCHDOG_USEC="600000")
            bot = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", env=env, cwd=tmp_path,
                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
            try:
                assert await next_message(sock) == "READY=1"
                # Ready means connected: the bot had asked Telegram who it is first.
                assert any(call.method == "getMe" for call in fake.calls)
                pings = [await next_message(sock) for _ in range(3)]
                assert pings == ["WATCHDOG=1"] * 3  # every 0.2 s while the loop runs
                bot.send_signal(signal.SIGTERM)
                while (said := await next_message(sock)) == "WATCHDOG=1":
                    pass  # a ping or two may still come before it stops
                assert said == "STOPPING=1"
            finally:
                if bot.returncode is None:
                    bot.send_signal(signal.SIGTERM)
                _, err = await asyncio.wait_for(bot.communicate(), 30)
    assert bot.returncode == 0, err.decode()[-2000:]
