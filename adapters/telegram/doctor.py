"""The doctor's Telegram checks (`python -m bot doctor`): the token (getMe) and how updates
arrive (polling, or a webhook Telegram can call). Reads only; the token never shown."""

from __future__ import annotations

from urllib.parse import urlsplit

import aiohttp

from adapters.telegram.adapter import _without_token, api_url
from bot.host.doctor import Finding
from bot.settings import Settings

WAIT = 10.0  # s for the Bot API's answer
WEBHOOK_PORTS = (443, 80, 88, 8443)  # the ports Telegram delivers webhooks to


async def findings(settings: Settings) -> list[Finding]:
    """The token and the update mode, checked against TELEGRAM_BASE_URL."""
    assert settings.telegram_token is not None
    return [await token_finding(settings), updates_finding(settings)]


async def token_finding(settings: Settings) -> Finding:
    """getMe: the token accepted (the bot's @username), refused, or the API out of reach."""
    assert settings.telegram_token is not None
    token = settings.telegram_token.get_secret_value()
    shown = _without_token(settings.telegram_base_url)
    try:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=WAIT)) as session, \
                session.get(f"{api_url(settings.telegram_base_url)}{token}/getMe") as response:
            status = response.status
            body = await response.json(content_type=None) if status < 500 else {}
    except (aiohttp.ClientError, TimeoutError, OSError, ValueError) as error:
        reason = (str(error) or type(error).__name__).replace(token, "…")[:120]
        return Finding("telegram.token", False, "doctor.unreachable",
                       {"url": shown, "reason": reason, "setting": "TELEGRAM_BASE_URL"})
    if status in (401, 404):  # the Bot API answers 404 to a token it does not know
        return Finding("telegram.token", False, "doctor.telegram_rejected", {"status": status})
    if status != 200 or not isinstance(body, dict) or not body.get("ok"):
        return Finding("telegram.token", False, "doctor.unreachable",
                       {"url": shown, "reason": f"HTTP {status}", "setting": "TELEGRAM_BASE_URL"})
    username = str((body.get("result") or {}).get("username") or "?")
    return Finding("telegram.token", True, "doctor.telegram_ok", {"username": username})


def updates_finding(settings: Settings) -> Finding:
    """Polling, or a webhook URL Telegram will call (https, on a port it delivers to)."""
    url = settings.telegram_webhook_url
    if not url:
        return Finding("telegram.updates", True, "doctor.polling")
    parts = urlsplit(url)
    if parts.scheme != "https" or not parts.hostname:
        return Finding("telegram.updates", False, "doctor.webhook_not_https", {"url": url})
    port = parts.port or 443
    if port not in WEBHOOK_PORTS:
        return Finding("telegram.updates", False, "doctor.webhook_port",
                       {"port": port, "ports": ", ".join(map(str, WEBHOOK_PORTS))})
    return Finding("telegram.updates", True, "doctor.webhook_ok",
                   {"url": url, "port": settings.telegram_webhook_port})
