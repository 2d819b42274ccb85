"""The composition root: the one module that imports adapters. It builds the chat adapters
the settings ask for, or the console table, and the extensions (competitions, the web
pages), and hands them to the platform-neutral runner (`bot.host.cli`). Telegram, Discord
and the web server are imported only when asked for: their libraries are heavy and a
console table or tool needs none of them."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import getpass
import importlib
import logging
import os
import random
import sys
from typing import TYPE_CHECKING, Any

from adapters.console import ConsoleAdapter
from adapters.console import play as play_table
from bot.host.bootstrap import close_host, open_host
from bot.host.cli import check_database, serve, setup_logging, single_host
from bot.host.handlers.lobby import read_settings
from bot.host.host import Host
from bot.i18n import translate
from bot.settings import Settings
from bot.tournament.service import CupService

if TYPE_CHECKING:
    from bot.host.metrics import LagProbe
    from bot.web.ops import Ops, OpsServer
    from bot.web.server import WebServer

log = logging.getLogger("bot")

PLATFORMS = {"telegram": "adapters.telegram", "discord": "adapters.discord"}
"""Platform → the adapter package (each offers `create_adapter(settings)`)."""


def build_adapters(settings: Settings) -> list[Any]:
    """The chat adapters whose tokens are set."""
    tokens = {"telegram": settings.telegram_token, "discord": settings.discord_token}
    return [importlib.import_module(PLATFORMS[name]).create_adapter(settings)
            for name, token in tokens.items() if token is not None]


def run_bot() -> int:
    """No subcommand: the chat adapters from settings, or the console table without tokens."""
    settings = Settings()
    adapters = build_adapters(settings)
    if not adapters:
        setup_logging(settings, to_file=True)
        return asyncio.run(console_table(settings, None, auto=False, seed=None,
                                         lang=settings.language))
    setup_logging(settings, to_file=False)
    code = asyncio.run(serve(settings, adapters,
                             extensions=(CupService, lambda host: WebPages(settings, host))))
    # Everything is closed and saved by now: the interpreter's own teardown (thousands of
    # modules) takes seconds on a busy machine, and a SIGTERM must end in under three.
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


class WebPages:
    """The web pages inside the bot when PAIJU_WEB_PORT is set, and /metrics, /healthz and
    /readyz (with the pages, and on PAIJU_METRICS_PORT when set), run beside the adapters."""

    def __init__(self, settings: Settings, host: Host) -> None:
        self.settings = settings
        self.host = host
        self.site: WebServer | None = None
        self.ops_site: OpsServer | None = None
        self.probe: LagProbe | None = None
        self.ops: Ops | None = None
        if settings.web_port is not None or settings.metrics_port is not None:
            # Loaded only when served: prometheus-client and aiohttp's server (see _start_web)
            from bot.host.metrics import LagProbe, Metrics
            from bot.web.ops import Ops

            metrics = Metrics(host)
            host.meter = metrics  # counted from the first command on
            self.ops = Ops(settings, host.store, host, metrics)
            self.probe = LagProbe(metrics)

    async def start(self) -> None:
        """Serve the pages and the endpoints (or log why not: the bot runs on without)."""
        if self.probe is not None:
            self.probe.start()
        self.site = await _start_web(self.settings, self.host, self.ops)
        if self.settings.metrics_port is not None and self.ops is not None:
            from bot.web.ops import start_ops

            try:
                self.ops_site = await start_ops(self.ops)
            except OSError as error:
                log.error("metrics and health not served: %s", error)

    async def close(self) -> None:
        """Stop serving."""
        if self.site is not None:
            await self.site.stop()
        if self.ops_site is not None:
            await self.ops_site.stop()
        if self.probe is not None:
            await self.probe.stop()


def play(args: argparse.Namespace) -> int:
    """`play --game G [--auto] [--seed S] [--option K=V ...]`: one console table."""
    settings = Settings()
    setup_logging(settings, to_file=True)
    lang = args.lang or settings.language
    options = read_settings(" ".join(args.option or ()))
    if args.option and not options:
        print(translate("console.settings_usage", lang), file=sys.stderr)
        return 2
    try:
        return asyncio.run(console_table(settings, args.game, auto=args.auto, seed=args.seed,
                                         lang=lang, lang_given=args.lang is not None,
                                         options=options or None))
    except KeyboardInterrupt:  # Ctrl-C: the game is saved after every action
        with contextlib.suppress(OSError, ValueError):
            print("\n" + translate("console.bye", lang), flush=True)
        return 130


async def console_table(settings: Settings, game: str | None, *, auto: bool, seed: int | None,
                        lang: str, lang_given: bool = False,
                        options: dict[str, str] | None = None) -> int:
    """Open the host on the settings' database and play at the console (refused while
    another process runs a host on that database)."""
    with single_host(settings.database) as alone:
        if not alone:
            print(translate("console.busy", lang, database=settings.database), file=sys.stderr)
            return 1
        return await _console_table(settings, game, auto=auto, seed=seed, lang=lang,
                                    lang_given=lang_given, options=options)


async def _console_table(settings: Settings, game: str | None, *, auto: bool, seed: int | None,
                         lang: str, lang_given: bool,
                         options: dict[str, str] | None = None) -> int:
    # One table: the AI thinks inline (no worker process to start).
    # A console table has one person, who may take their time: no turn timers unless asked.
    settings = settings.model_copy(update={"ai_processes": 0,
                                           "turn_timers": settings.console_timers})
    host = await open_host(settings, rng=random.Random(seed) if seed is not None else None)
    console = ConsoleAdapter(sys.stdout)
    host.attach(console)
    try:
        await host.load()  # the table decides what to show again (play_table)
        stdin = sys.stdin if sys.stdin is not None else open(os.devnull)
        return await play_table(host, console, game=game, auto=auto, lang=lang,
                                name=_player_name(), stdin=stdin,
                                interactive=stdin.isatty() and not auto,
                                lang_given=lang_given, options=options)
    finally:
        await close_host(host)
        if console.gone:  # stdout was closed: no "Exception ignored" noise at exit
            with contextlib.suppress(OSError):
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, sys.stdout.fileno())


def _player_name() -> str:
    try:
        return getpass.getuser()
    except Exception:  # no login name in some containers
        return "player"


async def _start_web(settings: Settings, host: Any, ops: Ops | None = None) -> Any:
    """The web pages inside the bot when PAIJU_WEB_PORT is set (None otherwise, or when they
    cannot start: the bot runs on without them, the cause logged)."""
    if settings.web_port is None:
        return None
    # Loaded only when asked for: aiohttp's web server would double a console's start-up.
    from bot.web.server import WebConfigError, start_web

    try:
        return await start_web(settings, host.store, host=host, ops=ops)
    except (WebConfigError, OSError) as error:
        log.error("web pages not started: %s", error)
        return None


def web(args: argparse.Namespace) -> int:
    """`web [--port N] [--host H]`: the web pages alone, on the settings' database."""
    from bot.web.server import serve_web  # loaded only when asked for (see _start_web)

    settings = Settings()
    overrides = {k: v for k, v in (("web_port", args.port), ("web_host", args.host))
                 if v is not None}
    settings = settings.model_copy(update=overrides)
    check_database(settings.database)
    setup_logging(settings, to_file=False)
    return asyncio.run(serve_web(settings))


PLATFORM_DOCTORS = {"telegram": "adapters.telegram.doctor", "discord": "adapters.discord.doctor"}
"""Platform → its doctor's checks (each offers `findings(settings)`)."""


def doctor(args: argparse.Namespace) -> int:
    """`doctor`: one line per check of this deployment; 1 if any failed."""
    from pydantic import ValidationError

    from bot.host.cli import setup_language
    from bot.host.doctor import report, settings_findings

    try:
        settings = Settings()
    except ValidationError as error:  # the rest cannot be checked without the settings
        lines, code = report(settings_findings(error), setup_language())
        print("\n".join(lines), flush=True)
        return code
    return asyncio.run(_doctor(settings))


async def _doctor(settings: Settings) -> int:
    from bot.host.doctor import (
        Finding,
        database_findings,
        font_findings,
        report,
        settings_finding,
        web_finding,
    )

    findings = [settings_finding(settings), *await database_findings(settings)]
    tokens = {"telegram": settings.telegram_token, "discord": settings.discord_token}
    for name, token in tokens.items():
        if token is not None:
            checks = importlib.import_module(PLATFORM_DOCTORS[name])
            findings.extend(await checks.findings(settings))
    if not any(tokens.values()):
        findings.append(Finding("platforms", True, "doctor.no_platform"))
    findings.extend([web_finding(settings), *font_findings(settings)])
    lines, code = report(findings, settings.language)
    print("\n".join(lines), flush=True)
    return code
