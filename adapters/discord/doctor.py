"""The doctor's Discord checks (`python -m bot doctor`): the token (the bot's user) and the
gateway (its address, the shards Discord asks for, sessions left today). Reads only; the
token never shown."""

from __future__ import annotations

from typing import Any

import aiohttp

from bot.host.doctor import Finding
from bot.settings import Settings

WAIT = 10.0  # s for Discord's answer


async def findings(settings: Settings) -> list[Finding]:
    """The token, then (if it was accepted) the gateway, against DISCORD_API_BASE."""
    assert settings.discord_token is not None
    base = settings.discord_api_base.rstrip("/")
    headers = {"Authorization": f"Bot {settings.discord_token.get_secret_value()}"}
    try:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=WAIT),
                                         headers=headers) as session:
            status, me = await _get(session, f"{base}/users/@me")
            if status == 401:
                return [Finding("discord.token", False, "doctor.discord_rejected")]
            if status != 200:
                return [_unreachable("discord.token", base, f"HTTP {status}")]
            name = str(me.get("username") or "?")
            found = [Finding("discord.token", True, "doctor.discord_ok", {"name": name})]
            status, gateway = await _get(session, f"{base}/gateway/bot")
    except (aiohttp.ClientError, TimeoutError, OSError, ValueError) as error:
        return [_unreachable("discord.token", base, str(error) or type(error).__name__)]
    if status != 200:
        return [*found, _unreachable("discord.gateway", base, f"HTTP {status}")]
    return [*found, gateway_finding(settings, gateway)]


async def _get(session: aiohttp.ClientSession, url: str) -> tuple[int, dict[str, Any]]:
    async with session.get(url) as response:
        body = await response.json(content_type=None) if response.status < 500 else {}
        return response.status, body if isinstance(body, dict) else {}


def _unreachable(check: str, base: str, reason: str) -> Finding:
    return Finding(check, False, "doctor.unreachable",
                   {"url": base, "reason": reason[:120], "setting": "DISCORD_API_BASE"})


def gateway_finding(settings: Settings, gateway: dict[str, Any]) -> Finding:
    """Enough shards for what Discord asks, and a session left to connect with today."""
    shards = int(gateway.get("shards") or 1)
    limit = gateway.get("session_start_limit") or {}
    if int(limit.get("remaining", 1)) <= 0:
        hours = round(float(limit.get("reset_after", 0)) / 3_600_000, 1)
        return Finding("discord.gateway", False, "doctor.gateway_sessions", {"hours": hours})
    count = settings.discord_shard_count or 1
    if count < shards:
        return Finding("discord.gateway", False, "doctor.gateway_shards",
                       {"count": count, "shards": shards})
    return Finding("discord.gateway", True, "doctor.gateway_ok", {"shards": shards})
