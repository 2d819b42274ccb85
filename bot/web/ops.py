"""What an operator's tools read over HTTP: `/metrics` (Prometheus text format), `/healthz`
(the process answers) and `/readyz` (database reachable, each configured platform
connected, the event loop not lagging).

Served beside the web pages (`bot.web.server`), and on a port of their own when
PAIJU_METRICS_PORT is set (a bot with no web side, or metrics kept off the public port).
`/metrics` is never public by default: it answers a bearer token (PAIJU_METRICS_TOKEN) or
a client address in PAIJU_METRICS_ALLOW; with neither set it is off (404). A request that
came through a proxy (it carries Forwarded or X-Forwarded-For) is never taken for its
proxy's address: behind a proxy on the same machine, only the token lets it in.
`/healthz` and `/readyz` say nothing secret (a check's name and "ok" or why not), so
probes need no token.
"""

from __future__ import annotations

import asyncio
import hmac
import ipaddress
import json
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aiohttp import web

from bot.host.metrics import CONTENT_TYPE, Metrics
from bot.host.ports import Watched
from bot.settings import Settings

if TYPE_CHECKING:
    from bot.host.host import Host

log = logging.getLogger(__name__)

DATABASE_WAIT = 2.0  # s a readiness probe waits for the database's answer
PROXY_HEADERS = ("Forwarded", "X-Forwarded-For", "X-Real-IP")


@dataclass(slots=True)
class Ops:
    """What the endpoints read: the settings, the storage, and the bot's host and metrics
    (None in `python -m bot web`, which runs no bot)."""

    settings: Settings
    store: Any
    host: Host | None = None
    metrics: Metrics | None = None


OPS: web.AppKey[Ops] = web.AppKey("ops", Ops)


def add_routes(app: web.Application, ops: Ops) -> None:
    """Put /healthz, /readyz and (with a bot's metrics) /metrics on `app`."""
    app[OPS] = ops
    app.router.add_get("/healthz", healthz)
    app.router.add_get("/readyz", readyz)
    if ops.metrics is not None:
        app.router.add_get("/metrics", metrics)


def _text(text: str, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    return web.Response(text=text, status=status, headers={"Cache-Control": "no-store",
                                                           **(headers or {})})


async def healthz(request: web.Request) -> web.Response:
    """The process is alive and its event loop answers."""
    return _text("ok\n")


async def readyz(request: web.Request) -> web.Response:
    """200 when every check passes, 503 when one fails; JSON naming each check's outcome."""
    checks = await readiness(request.app[OPS])
    ready = all(outcome == "ok" for outcome in checks.values())
    body = json.dumps({"ready": ready, "checks": checks}, separators=(",", ":")) + "\n"
    return web.Response(text=body, status=200 if ready else 503, content_type="application/json",
                        headers={"Cache-Control": "no-store"})


async def readiness(ops: Ops) -> dict[str, str]:
    """Each check by name: "ok", or a short reason it fails."""
    checks = {"database": await _database(ops)}
    host = ops.host
    if host is not None:
        for name, outlet in sorted(host.outlets.items()):
            if isinstance(outlet, Watched):
                checks[f"platform:{name}"] = "ok" if outlet.connected() else "disconnected"
        lag = host.meter.lag
        checks["loop_lag"] = "ok" if lag <= ops.settings.ready_max_lag else \
            f"lagging {lag:.3f} s (bound {ops.settings.ready_max_lag:g} s)"
    return checks


async def _database(ops: Ops) -> str:
    database = ops.settings.database
    if isinstance(database, Path) and not database.exists():
        # The open connection still writes, to a file no one will find at the next start.
        return "file missing"
    try:
        async with asyncio.timeout(DATABASE_WAIT):
            await ops.store.ping()
    except TimeoutError:
        return "no answer"
    except Exception as error:  # noqa: BLE001 - any failure is "not ready", said briefly
        log.warning("readyz: database check failed: %s", type(error).__name__)
        return "unreachable"
    return "ok"


async def metrics(request: web.Request) -> web.Response:
    """The metrics, to a reader the settings name (see the module's docstring)."""
    ops = request.app[OPS]
    refusal = refused(request, ops.settings)
    if refusal is not None:
        return refusal
    assert ops.metrics is not None
    return web.Response(body=ops.metrics.exposition(),
                        headers={"Content-Type": CONTENT_TYPE, "Cache-Control": "no-store"})


def refused(request: web.Request, settings: Settings) -> web.Response | None:
    """None if the request may read the metrics; else the answer refusing it."""
    token = settings.metrics_token.get_secret_value() if settings.metrics_token else ""
    allowed = settings.metrics_allow
    if not token and not allowed:
        return _text("not found\n", 404)  # off: as if there were no such page
    if token:
        scheme, _, given = request.headers.get("Authorization", "").partition(" ")
        if scheme.lower() == "bearer" and hmac.compare_digest(given.strip().encode(),
                                                               token.encode()):
            return None
    if allowed and _address_allowed(request, allowed):
        return None
    if token:
        return _text("unauthorized\n", 401, {"WWW-Authenticate": 'Bearer realm="metrics"'})
    return _text("forbidden\n", 403)


def _address_allowed(request: web.Request, allowed: list[str]) -> bool:
    if any(header in request.headers for header in PROXY_HEADERS):
        return False
    try:
        address = ipaddress.ip_address((request.remote or "").split("%")[0])
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return any(address in ipaddress.ip_network(network, strict=False) for network in allowed)


@dataclass(slots=True)
class OpsServer:
    """The endpoints on a port of their own (PAIJU_METRICS_PORT)."""

    runner: web.AppRunner
    port: int

    async def stop(self) -> None:
        """Close the listening socket."""
        await self.runner.cleanup()


async def start_ops(ops: Ops, port: int | None = None) -> OpsServer:
    """Serve the endpoints on PAIJU_METRICS_HOST:PAIJU_METRICS_PORT (`port` 0: any free)."""
    app = web.Application()
    add_routes(app, ops)
    runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
    await runner.setup()
    chosen = ops.settings.metrics_port if port is None else port
    site = web.TCPSite(runner, ops.settings.metrics_host, chosen or 0)
    await site.start()
    bound = runner.addresses[0][1] if runner.addresses else (chosen or 0)
    log.info("metrics and health on %s:%s", ops.settings.metrics_host, bound)
    return OpsServer(runner, int(bound))
