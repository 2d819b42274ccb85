"""`TELEGRAM_TOKEN=... python -m bot` runs the Telegram adapter (here against the fake)."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from tests.fakes.telegram import FakeTelegram

ROOT = Path(__file__).resolve().parents[3]


async def test_python_m_bot_serves_a_group_and_never_logs_the_token(tmp_path: Path) -> None:
    async with FakeTelegram() as fake:
        env = dict(os.environ, TELEGRAM_TOKEN=fake.token, TELEGRAM_BASE_URL=fake.base_url,
                   PAIJU_DATABASE=str(tmp_path / "paiju.sqlite3"), PYTHONPATH=str(ROOT))
        env.pop("DISCORD_TOKEN", None)
        bot = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", env=env, cwd=tmp_path,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        try:
            await fake.wait_for(method="getUpdates", since=0, timeout=30)
            group, ann = fake.new_group("Main"), fake.new_user("Ann")
            fake.command(ann, "new", "ddz", chat=group)
            table = await fake.wait_for(method="sendMessage", chat_id=group, timeout=10)
            assert "!join" in str(table.params["reply_markup"])
            # Competitions are served by the same process: /cup reaches the cup service.
            fake.set_member_status(group, ann, "administrator")
            fake.command(ann, "cup", "new", "Evening", "cup", chat=group)
            created = await fake.wait_for(method="sendMessage", chat_id=group,
                                          contains="Evening", timeout=10)
            assert "went wrong" not in str(created.params["text"])
        finally:
            bot.send_signal(signal.SIGTERM)
            out, err = await asyncio.wait_for(bot.communicate(), 30)
    assert bot.returncode == 0, err.decode()[-2000:]
    secret = fake.token.split(":", 1)[1]
    assert secret not in out.decode() + err.decode()


def _bot_env(tmp_path: Path, token: str, base_url: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PAIJU_", "TELEGRAM_", "DISCORD_"))}
    env.update(TELEGRAM_TOKEN=token, TELEGRAM_BASE_URL=base_url, PYTHONPATH=str(ROOT),
               PAIJU_DATABASE=str(tmp_path / "paiju.sqlite3"), LANG="C.UTF-8")
    return env


async def _line_with(stream: asyncio.StreamReader, text: str, seen: list[str]) -> str:
    while True:
        line = (await asyncio.wait_for(stream.readline(), 20)).decode()
        assert line, f"stream ended before {text!r}: {seen}"
        seen.append(line)
        if text in line:
            return line


async def test_an_unreachable_bot_api_is_tried_again_and_ctrl_c_stops_in_one_line(
        tmp_path: Path) -> None:
    # Before: one NetworkError traceback (40 lines) at start; Ctrl-C printed nothing or two
    # KeyboardInterrupt tracebacks.
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    fake = FakeTelegram(port=port)
    bot = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", env=_bot_env(tmp_path, fake.token,
                                                  f"http://127.0.0.1:{port}/bot"),
        cwd=tmp_path, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    assert bot.stderr is not None
    seen: list[str] = []
    try:
        first = await _line_with(bot.stderr, "cannot reach the Bot API", seen)
        assert f"http://127.0.0.1:{port} " in first and "trying again in 1 s" in first
        second = await _line_with(bot.stderr, "cannot reach the Bot API", seen)
        assert "trying again in 2 s" in second  # the pause grows
        async with fake:  # Telegram is back: the bot gets through by itself
            await fake.wait_for(method="getUpdates", since=0, timeout=20)
            group, ann = fake.new_group("Main"), fake.new_user("Ann")
            fake.command(ann, "new", "ddz", chat=group)
            await fake.wait_for(method="sendMessage", chat_id=group, timeout=10)
            bot.send_signal(signal.SIGINT)
            out, err = await asyncio.wait_for(bot.communicate(), 30)
    finally:
        if bot.returncode is None:
            bot.kill()
            await bot.wait()
    said = "".join(seen) + err.decode()
    assert bot.returncode == 130, said[-2000:]
    assert "Traceback" not in said and fake.token.split(":", 1)[1] not in said + out.decode()
    assert said.rstrip().splitlines()[-1] == ("Stopped (Ctrl-C). Every hand in play is saved: "
                                              "run the same command to continue.")
    assert all(len(line) < 200 for line in seen)  # short notes


async def test_a_rejected_token_says_which_setting_and_the_fix_never_the_token(
        tmp_path: Path) -> None:
    # Before: an InvalidToken traceback, with the token in it, on stderr.
    async with FakeTelegram() as fake:
        wrong = fake.token.split(":", 1)[0] + ":WRONG-secret-never-shown"
        bot = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", env=_bot_env(tmp_path, wrong, fake.base_url),
            cwd=tmp_path, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        out, err = await asyncio.wait_for(bot.communicate(), 30)
    said = out.decode() + err.decode()
    assert bot.returncode == 2, said
    assert "WRONG-secret" not in said and "Traceback" not in said
    problem = [line for line in said.splitlines() if "TELEGRAM_TOKEN" in line]
    assert problem == [said.strip().splitlines()[-1]] and "@BotFather" in problem[0]
    assert len(err.decode().strip().splitlines()) <= 2, said
    log = (tmp_path / "paiju.log")
    assert not log.exists() or "WRONG-secret" not in log.read_text()
