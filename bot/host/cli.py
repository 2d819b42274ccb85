"""What `python -m bot` runs, platform-neutral: the bot serving the adapters and extensions
it is given, the leaderboard, the load simulation, and the one-host-per-database lock.
Thin: settings → bootstrap → one coroutine. The adapters, the competitions and the web
pages are built by the composition root (`bot.compose`), the only module importing them."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from bot.errors import SetupError
from bot.host import games
from bot.host.bootstrap import close_host, open_host
from bot.host.handlers.info import board_lines
from bot.host.host import Host
from bot.host.ports import Extension
from bot.host.runtime.memory import Tending, tend_heap
from bot.host.runtime.systemd import Notifier
from bot.host.simulate import run_simulation, run_thinking
from bot.host.simulate_processes import GO, SEATED, run_processes, run_thinking_processes
from bot.i18n import LANGUAGES, normalise_language, translate
from bot.settings import Settings
from storage import Storage
from storage.errors import ServerUnusableError, StorageError
from storage.factory import is_postgres_url

log = logging.getLogger("bot")


def setup_language() -> str:
    """The language of start-up messages: PAIJU_LANGUAGE if usable, else the system's."""
    wanted = os.environ.get("PAIJU_LANGUAGE", "")
    return wanted if wanted in LANGUAGES else normalise_language(os.environ.get("LANG"))


def guarded(run: Any, tables: bool = False) -> int:
    """Run a command; a bad setting, an unusable database or Ctrl-C is said in one or two
    plain lines on stderr (no traceback, never a token), with exit code 2 (130 for Ctrl-C)."""
    lang = setup_language()
    try:
        return int(run())
    except ValidationError as error:
        for problem in error.errors():
            name = ".".join(str(part) for part in problem.get("loc", ())) or "?"
            reason = str(problem.get("msg", "invalid"))
            if "TOKEN" in name.upper() or "SECRET" in name.upper():
                print(translate("setup.bad_secret", lang, name=name, reason=reason),
                      file=sys.stderr)
            else:
                value = str(problem.get("input", ""))[:80]
                print(translate("setup.bad_setting", lang, name=name, value=value,
                                reason=reason), file=sys.stderr)
        return 2
    except SetupError as error:
        print(translate(error.key, lang, **error.params), file=sys.stderr)
        return 2
    except StorageError as error:
        if error.server is not None:  # a PostgreSQL server: its URL shown without password
            reason = (error.reason if isinstance(error, ServerUnusableError)
                      else str(error).splitlines()[0][:300])
            line = translate("setup.db_server_unusable", lang, where=error.server,
                             reason=reason)
        else:
            path = (os.environ.get("PAIJU_DATABASE")
                    or str(Settings.model_fields["database"].default))
            reason = str(error.__cause__ or error).splitlines()[0][:160]
            line = translate("setup.db_unusable", lang, path=path, reason=reason)
        if not _logs_to_stderr():  # the log file says it too; stderr says it once
            log.error("%s", line)
        print(line, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        with contextlib.suppress(OSError, ValueError):
            key = "setup.interrupted_kept" if tables else "setup.interrupted"
            print("\n" + translate(key, lang), file=sys.stderr, flush=True)
        return 130


def _logs_to_stderr() -> bool:
    """Whether a log line would reach stderr (then an error printed there is not logged)."""
    handlers = logging.getLogger().handlers
    return not handlers or any(
        isinstance(h, logging.StreamHandler) and getattr(h, "stream", None) is sys.stderr
        for h in handlers)


def check_database(database: Path) -> None:
    """Refuse a database path that cannot be a file before anything opens it."""
    if Path(database).is_dir():
        raise SetupError("setup.db_folder", path=str(database).rstrip("/"))


@contextlib.contextmanager
def single_host(database: Path | str) -> Iterator[bool]:
    """Hold the database's host lock (`<database>.lock`) while the block runs; yields False
    when another process already runs a host (console table or bot) on that database.

    Two hosts on one SQLite file would both load its rooms and play them: two AI players on
    the same seat, two different games shown, one settlement refused as already booked. On a
    PostgreSQL server (a URL) several hosts may run: each room is leased to one of them.
    """
    if isinstance(database, str):
        yield True
        return
    try:
        import fcntl
    except ImportError:  # no advisory locks on this platform: trust the operator
        yield True
        return
    check_database(database)
    path = Path(f"{database}.lock")
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a+") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def setup_logging(settings: Settings, to_file: bool) -> None:
    """Logs to stderr, or (console tables) to paiju.log beside the database."""
    level = logging.getLevelNamesMapping().get(settings.log_level.upper(), logging.INFO)
    fmt = "%(asctime)s %(levelname)s %(name)s: %(message)s"
    if to_file:
        path = settings.data_folder / "paiju.log"
        path.parent.mkdir(parents=True, exist_ok=True)
        logging.basicConfig(level=level, format=fmt, filename=str(path))
    else:
        logging.basicConfig(level=level, format=fmt, stream=sys.stderr)


FLUSH_SECONDS = 0.5  # at SIGTERM: how long announcements on their way may still take


async def serve(settings: Settings, adapters: list[Any],
                extensions: Sequence[Callable[[Host], Extension]] = ()) -> int:
    """Run the adapters (and the extensions built on the host: competitions, the web pages)
    until SIGINT/SIGTERM."""
    with single_host(settings.database) as alone:
        if not alone:
            log.error("another bot or console table runs on %s; not starting a second",
                      settings.database)
            return 1
        return await _serve(settings, adapters, extensions)


async def _serve(settings: Settings, adapters: list[Any],
                 extensions: Sequence[Callable[[Host], Extension]]) -> int:
    host = await open_host(settings)
    running = [build(host) for build in extensions]  # through the same host
    for adapter in adapters:
        host.attach(adapter)
    await host.load()
    games.warm_up()
    stop = asyncio.Event()
    interrupted: list[int] = []
    loop = asyncio.get_running_loop()

    def stopping(signum: int) -> None:
        interrupted.append(signum)
        stop.set()

    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(signum, stopping, signum)
    started: list[Any] = []
    tending: Tending | None = None
    systemd = Notifier()  # Type=notify units: READY=1, the watchdog, STOPPING=1

    async def start_all() -> None:
        for adapter in adapters:
            await adapter.start(host)
            started.append(adapter)
            log.info("adapter %s started", adapter.platform)

    try:
        # A platform out of reach is retried by its adapter: Ctrl-C or SIGTERM meanwhile
        # stops the start-up too, instead of waiting for it to get through.
        starting = asyncio.ensure_future(start_all())
        waiting = asyncio.ensure_future(stop.wait())
        await asyncio.wait({starting, waiting}, return_when=asyncio.FIRST_COMPLETED)
        if not starting.done():
            starting.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await starting
            half = adapters[len(started)] if len(started) < len(adapters) else None
            if half is not None:
                started.append(half)  # stopped below: what it opened is closed
        else:
            starting.result()  # a platform that refused (a rejected token) says why
            await host.resume()
            for extension in running:
                await extension.start()
            tending = tend_heap()  # what start-up loaded lives as long as the process
            systemd.ready()
            await waiting
        waiting.cancel()
    finally:
        await systemd.stopping()
        if tending is not None:
            tending.stop()
        for extension in reversed(running):
            with contextlib.suppress(Exception):
                await extension.close()
        # Results still on their way get a moment; what is not out by then stays kept in
        # storage and is sent after the restart (SIGTERM stays well under 3 s).
        with contextlib.suppress(Exception):
            await host.flush_kept(FLUSH_SECONDS)
        for adapter in reversed(started):
            with contextlib.suppress(Exception):
                await adapter.stop()
        await close_host(host)
    if signal.SIGINT in interrupted:  # Ctrl-C: one plain line, the rooms saved
        with contextlib.suppress(OSError, ValueError):
            print(translate("setup.interrupted_kept", setup_language()), file=sys.stderr,
                  flush=True)
        return 130
    return 0


def leaderboard(args: argparse.Namespace) -> int:
    """`leaderboard`: the overall board from the settings' database."""
    settings = Settings()
    check_database(settings.database)
    setup_logging(settings, to_file=True)
    return asyncio.run(_print_board(settings, args.metric, args.period, args.limit))


async def _print_board(settings: Settings, metric: str, period: str, limit: int) -> int:
    store = await Storage.open(settings.database, starting_grant=settings.starting_grant,
                               daily_relief=settings.daily_relief,
                               relief_threshold=settings.relief_threshold,
                               season_months=settings.season_months)
    try:
        rows = await store.leaderboard(metric, period=period, limit=limit)
        print("\n".join(board_lines(rows, metric, period, None, settings.language)))
    finally:
        await store.close()
    return 0


async def _thinking(args: argparse.Namespace) -> dict[str, Any]:
    """One `simulate --think` process; with `--barrier` (one of several, see
    bot.host.simulate_processes) it says when its people sit and waits for the word to
    play, and with `--samples FILE` it writes its answer times and loop lags there."""
    tending: list[Tending] = []

    async def seated() -> None:
        tending.append(tend_heap())  # as the bot does once it has started
        if not args.barrier:
            return
        sys.stdout.buffer.write(SEATED)
        sys.stdout.flush()
        word = await asyncio.get_running_loop().run_in_executor(None, sys.stdin.buffer.readline)
        if word != GO:
            raise SystemExit(2)  # the parent is gone: nothing was played

    samples: dict[str, list[float]] = {}
    try:
        figures = await run_thinking(args.game, args.rooms, args.think, args.duration,
                                     seats=args.seats, seed=args.seed, database=args.database,
                                     first_room=args.first_room, run=args.run,
                                     ai_delay=args.ai_delay,
                                     seated=seated, samples=samples)
    finally:
        for each in tending:
            each.stop()
    if args.samples:
        Path(args.samples).write_text(json.dumps(samples))
    return figures


def simulate_database(args: argparse.Namespace) -> str | None:
    """The database of a simulation: `--database`, else for several processes (and the
    processes a parent starts, `--run`) PAIJU_DATABASE: a server URL with its password
    stays in the environment, never on a command line that `ps` shows every local user.
    A single plain run without `--database` plays on a scratch SQLite file."""
    if args.database:
        return str(args.database)
    if args.processes > 1 or args.run:
        return os.environ.get("PAIJU_DATABASE") or None
    return None


def simulate(args: argparse.Namespace) -> int:
    """`simulate --game G --rooms N --hands K`: one JSON line of figures."""
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    args.database = simulate_database(args)
    if args.processes > 1 and not is_postgres_url(args.database):
        print(translate("setup.simulate_needs_server", setup_language()), file=sys.stderr)
        return 2
    if getattr(args, "think", None) is not None:
        if args.processes > 1:
            figures = asyncio.run(run_thinking_processes(
                args.game, args.rooms, args.think, args.duration, seats=args.seats,
                seed=args.seed, database=args.database, processes=args.processes,
                ai_delay=args.ai_delay))
        else:
            figures = asyncio.run(_thinking(args))
        print(json.dumps(figures, separators=(",", ":")))
        return 0 if figures["books_balanced"] else 1
    if args.processes > 1:
        figures = asyncio.run(run_processes(args.game, args.rooms, args.hands, seed=args.seed,
                                            database=args.database, processes=args.processes,
                                            ai_delay=args.ai_delay))
    else:
        figures = asyncio.run(run_simulation(
            args.game, args.rooms, args.hands, seed=args.seed, database=args.database,
            first_room=args.first_room, run=args.run, linger=args.linger,
            ai_delay=args.ai_delay or 0.0, lease_seconds=args.lease_seconds))
    print(json.dumps(figures, separators=(",", ":")))
    return 0 if figures["ledger_balanced"] and figures["ledger_matches_replay"] else 1
