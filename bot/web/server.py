"""Running the web app: inside the bot (PAIJU_WEB_PORT) or alone (`python -m bot web`).

Alone, it opens the same database read-mostly beside a running bot (SQLite WAL lets one
writer and many readers work at once) and follows live rooms through their saved snapshots.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError

from bot.i18n import translate
from bot.settings import Settings
from bot.web.app import WebStore, create_app
from bot.web.links import Links
from bot.web.live import Limits
from bot.web.ops import Ops, add_routes
from bot.web.play import Play
from storage import Storage

log = logging.getLogger(__name__)


class WebConfigError(Exception):
    """The settings do not allow the web pages to run (no secret)."""


BAD_REQUEST_LOG_SECONDS = 60.0  # at most one line this often for requests aiohttp refuses


class BadRequestLines(logging.Filter):
    """aiohttp logs each request it cannot parse (a request line over 8,190 bytes, a bad
    header) at ERROR with a 9-line traceback, though its answer (400) is right: a client
    could flood the log. Those become one short WARNING line, at most one a minute, with
    how many came since; any other error keeps its traceback."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self._clock = clock
        self._said_at: float | None = None
        self._since = 0

    def filter(self, record: logging.LogRecord) -> bool:
        """False (dropped) for a refused request, said instead in one line now and then."""
        error = record.exc_info[1] if record.exc_info else None
        if not isinstance(error, HttpProcessingError):
            return True
        self._since += 1
        now = self._clock()
        if self._said_at is None or now - self._said_at >= BAD_REQUEST_LOG_SECONDS:
            reason = str(error.message or type(error).__name__).splitlines()[0][:120]
            log.warning("web: refused %d request(s) aiohttp could not read (400), the "
                        "last: %s", self._since, reason)
            self._said_at, self._since = now, 0
        return False


def quiet_bad_requests() -> None:
    """Install BadRequestLines on aiohttp's server log (once)."""
    server_log = logging.getLogger("aiohttp.server")
    if not any(isinstance(f, BadRequestLines) for f in server_log.filters):
        server_log.addFilter(BadRequestLines())


@dataclass(slots=True)
class WebServer:
    """A started web app: its runner and the port it listens on."""

    runner: web.AppRunner
    port: int

    async def stop(self) -> None:
        """Close the listening socket, end live streams, shut the app down."""
        await self.runner.cleanup()


def links_for(settings: Settings) -> Links:
    """The links signed with the settings' secret (WebConfigError without one)."""
    secret = settings.web_secret.get_secret_value() if settings.web_secret else ""
    if len(secret) < 16:
        raise WebConfigError(translate("web.no_secret", settings.language))
    return Links(secret, settings.web_url or "")


async def start_web(settings: Settings, store: WebStore, *, port: int | None = None,
                    poll_interval: float = 0.25, host: object | None = None,
                    ops: Ops | None = None) -> WebServer:
    """Serve the pages of `store` on the settings' address and port (0: any free port);
    with the bot's `host`, the play page too (`bot.web.play`); with `ops`, /metrics,
    /healthz and /readyz (`bot.web.ops`)."""
    limits = Limits(settings.web_max_spectators, settings.web_max_per_client,
                    settings.web_max_per_room)
    links = links_for(settings)
    playing = None
    if host is not None:
        token = settings.telegram_token.get_secret_value() if settings.telegram_token else ""
        playing = Play(host, links, token, settings.play_max_age)
    app = create_app(store, links, poll_interval=poll_interval, limits=limits,
                     playing=playing)
    if ops is not None:
        add_routes(app, ops)
    # shutdown_timeout: live streams never end by themselves; the hub wakes them on stop.
    # handler_cancellation: a client that hangs up ends its handler at once, so a live
    # stream's slot is free again now, not at its next heartbeat.
    quiet_bad_requests()
    runner = web.AppRunner(app, access_log=None, shutdown_timeout=2.0,
                           handler_cancellation=True)
    await runner.setup()
    chosen = settings.web_port if port is None else port
    site = web.TCPSite(runner, settings.web_host, chosen or 0, backlog=1024)
    await site.start()
    sockets = site._server.sockets if site._server is not None else ()  # type: ignore[union-attr]
    bound = sockets[0].getsockname()[1] if sockets else (chosen or 0)
    log.info("web pages on %s:%s", settings.web_host, bound)
    return WebServer(runner, int(bound))


async def serve_web(settings: Settings) -> int:
    """`python -m bot web`: the pages alone, until SIGINT/SIGTERM."""
    try:
        links_for(settings)
    except WebConfigError as error:
        print(error, flush=True)
        return 2
    store = await Storage.open(settings.database, starting_grant=settings.starting_grant,
                               daily_relief=settings.daily_relief,
                               relief_threshold=settings.relief_threshold,
                               season_months=settings.season_months)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(signum, stop.set)
    try:
        server = await start_web(settings, store, port=settings.web_port or 8080,
                                 ops=Ops(settings, store))
        print(translate("web.started", settings.language, address=settings.web_host,
                        port=server.port), flush=True)
        try:
            await stop.wait()
        finally:
            await server.stop()
    finally:
        await store.close()
    return 0
