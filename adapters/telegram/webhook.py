"""Webhook mode (optional; polling is the default): a small aiohttp server feeding updates.

PTB's own webhook server needs the `webhooks` extra (tornado); aiohttp is already here.
Telegram POSTs each update to TELEGRAM_WEBHOOK_URL, whose path we serve on
TELEGRAM_WEBHOOK_PORT (put a TLS-terminating proxy in front). A secret derived from the
token is registered with setWebhook, and requests without it are refused.
"""

from __future__ import annotations

import hashlib
import logging
from urllib.parse import urlparse

from aiohttp import web
from telegram import Update
from telegram.ext import Application

from bot.settings import Settings

log = logging.getLogger(__name__)

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"


def webhook_secret(settings: Settings) -> str:
    """A stable secret for setWebhook (allowed characters: A-Z a-z 0-9 _ -)."""
    assert settings.telegram_token is not None
    token = settings.telegram_token.get_secret_value()
    return hashlib.sha256(f"paiju-webhook:{token}".encode()).hexdigest()[:48]


class Webhook:
    """Receives updates over HTTP and hands them to the Application's queue."""

    def __init__(self, app: Application, settings: Settings) -> None:
        assert settings.telegram_webhook_url
        self.app = app
        self.url = settings.telegram_webhook_url
        self.port = settings.telegram_webhook_port
        self.secret = webhook_secret(settings)
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        """Serve the webhook path, then tell Telegram where it is."""
        server = web.Application()
        server.router.add_post(urlparse(self.url).path or "/", self._receive)
        self._runner = web.AppRunner(server, access_log=None)
        await self._runner.setup()
        await web.TCPSite(self._runner, "0.0.0.0", self.port).start()
        await self.app.bot.set_webhook(self.url, secret_token=self.secret,
                                       allowed_updates=["message", "callback_query"])
        log.info("telegram: webhook listening on port %s", self.port)

    async def _receive(self, request: web.Request) -> web.Response:
        if request.headers.get(SECRET_HEADER) != self.secret:
            return web.Response(status=403)
        try:
            update = Update.de_json(await request.json(), self.app.bot)
        except Exception:  # a malformed body: refuse it, keep serving
            log.warning("telegram: unreadable webhook body", exc_info=True)
            return web.Response(status=400)
        await self.app.update_queue.put(update)
        return web.Response()

    async def stop(self) -> None:
        """Stop serving (the webhook stays registered for the next start)."""
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
