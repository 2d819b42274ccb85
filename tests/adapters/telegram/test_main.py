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
