"""`python -m bot`: run the bot from settings, or one of its tools.

- `python -m bot`                      run the configured adapters (console when no token)
- `python -m bot play --game G [--auto]`  a console table against AI players
- `python -m bot judge KIND`           the JSON-lines referee (see bot.referee)
- `python -m bot simulate ...`         load test through the real host and storage
- `python -m bot leaderboard`          print the leaderboard
- `python -m bot picture hand|result`  write a card picture (bot.host.pictures_cli)
- `python -m bot verify <game-id>|--all`  check recorded hands from their revealed seeds
- `python -m bot web [--port N]`       the web pages (replays, live tables, leaderboards)
- `python -m bot doctor`               check the deployment, one line per check
- `python -m bot backup FILE`          copy the database while the bot runs
- `python -m bot restore FILE`         a backup into an empty database, its books checked
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from bot.i18n import LANGUAGES, normalise_language, translate

VENV = Path(__file__).resolve().parents[1] / ".venv"  # where the README makes it


def ours(error: ModuleNotFoundError) -> bool:
    """The missing module is one of the project's (a bug), not an installed package."""
    return (error.name or "").split(".")[0] in ("bot", "adapters", "storage", "tests")


def without_dependencies(error: ModuleNotFoundError) -> int:
    """Run outside the virtual environment: run again inside the project's `.venv` when
    there is one, else say the fix in one line (exit code 2), never a traceback."""
    python = VENV / "bin" / "python"
    if python.exists() and Path(sys.prefix).resolve() != VENV.resolve():
        os.execv(python, [str(python), "-m", "bot", *sys.argv[1:]])
    wanted = os.environ.get("PAIJU_LANGUAGE", "")
    lang = wanted if wanted in LANGUAGES else normalise_language(os.environ.get("LANG"))
    print(translate("setup.no_environment", lang, module=error.name or "?"), file=sys.stderr)
    return 2


try:  # the first imports of installed packages (pydantic, aiosqlite, ...)
    from bot.games import registry
    from bot.referee import KINDS
    from storage.records import PERIODS, PLAYER_METRICS
except ModuleNotFoundError as missing:
    if __name__ == "__main__" and not ours(missing):
        sys.exit(without_dependencies(missing))
    raise


def build_parser() -> argparse.ArgumentParser:
    """The command-line grammar."""
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command")
    judge = sub.add_parser("judge", help="JSON-lines referee on stdin/stdout")
    judge.add_argument("kind", choices=sorted(KINDS))
    play = sub.add_parser("play", help="a console table: you against AI players")
    play.add_argument("--game", default=None, choices=registry.names(),
                      help="default: the hand left unfinished, else the first game")
    play.add_argument("--auto", action="store_true",
                      help="托管: the AI plays your seat too; one whole game, then exit")
    play.add_argument("--seed", type=int, default=None, help="deal from this seed")
    play.add_argument("--lang", choices=("en", "zh"), default=None)
    play.add_argument("--option", action="append", metavar="KEY=VALUE",
                      help="a table setting for this run only (as `settings` takes it), "
                           "e.g. --option match=on (打棒子: a whole match), "
                           "--option bidding=grab, --option mode=laizi (斗地主: the "
                           "wild-card variant, as variant=laizi); may be repeated")
    simulate = sub.add_parser("simulate", help="N rooms of AI players through the real host")
    simulate.add_argument("--game", default=registry.default_game(),
                          choices=registry.names())
    simulate.add_argument("--rooms", type=int, default=100)
    simulate.add_argument("--hands", type=int, default=5)
    simulate.add_argument("--seed", type=int, default=1)
    simulate.add_argument("--database", default=None,
                          help="SQLite file to use (default: a fresh temporary file)")
    # People who think: every seat a person who waits ~THINK s, then presses a suggestion.
    simulate.add_argument("--think", type=float, default=None,
                          help="people who think this many seconds (exponential) per press")
    simulate.add_argument("--duration", type=float, default=30.0,
                          help="seconds of play with --think")
    simulate.add_argument("--seats", type=int, default=None,
                          help="seats per table with --think (田忌赛马: 2-6)")
    # Several host processes on one PostgreSQL database (bot.host.simulate_processes).
    simulate.add_argument("--processes", type=int, default=1,
                          help="host processes sharing the --database postgresql://… URL")
    simulate.add_argument("--first-room", type=int, default=0, help=argparse.SUPPRESS)
    simulate.add_argument("--run", default="", help=argparse.SUPPRESS)
    simulate.add_argument("--linger", type=float, default=0.0, help=argparse.SUPPRESS)
    simulate.add_argument("--ai-delay", type=float, default=None, help=argparse.SUPPRESS)
    simulate.add_argument("--lease-seconds", type=float, default=None, help=argparse.SUPPRESS)
    simulate.add_argument("--barrier", action="store_true", help=argparse.SUPPRESS)
    simulate.add_argument("--samples", default=None, help=argparse.SUPPRESS)
    board = sub.add_parser("leaderboard", help="print the leaderboard")
    board.add_argument("--metric", default="beans",
                       choices=PLAYER_METRICS)
    board.add_argument("--period", default="all", choices=PERIODS)
    board.add_argument("--limit", type=int, default=10)
    from bot.host import pictures_cli  # Pillow, loaded only for the parser that needs it

    pictures_cli.add_parser(sub)
    from bot.host import verify

    verify.add_parser(sub)
    from bot.host import backup

    backup.add_parsers(sub)
    web = sub.add_parser("web", help="the web pages: replays, live tables, leaderboards")
    web.add_argument("--port", type=int, default=None, help="default PAIJU_WEB_PORT or 8080")
    web.add_argument("--host", default=None, help="address to listen on (PAIJU_WEB_HOST)")
    sub.add_parser("doctor", help="check this deployment: one line per check, exit 1 if "
                                  "any fails")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point."""
    args = build_parser().parse_args(argv)
    if args.command == "judge":
        from bot.referee import run

        return run(args.kind)
    # Loaded on demand: `judge` needs neither the host nor any adapter.
    from bot.host import cli

    # Ctrl-C at a table (bare `python -m bot`, `play`, `run`) says the hands are kept.
    tables = args.command in (None, "play", "run")
    return cli.guarded(lambda: _run(args), tables=tables)


def _run(args: argparse.Namespace) -> int:
    """The subcommand (inside cli.guarded: bad settings are said plainly)."""
    from bot import compose  # the adapters' clients (discord.py, python-telegram-bot)
    from bot.host import cli

    if args.command == "play":
        return compose.play(args)
    if args.command == "simulate":
        return cli.simulate(args)
    if args.command == "leaderboard":
        return cli.leaderboard(args)
    if args.command == "picture":
        from bot.host import pictures_cli  # Pillow

        return pictures_cli.run(args)
    if args.command == "web":
        return compose.web(args)
    if args.command in ("backup", "restore"):
        from bot.host import backup

        return backup.backup(args) if args.command == "backup" else backup.restore(args)
    if args.command == "doctor":
        return compose.doctor(args)
    if args.command == "verify":
        from bot.host import verify

        return verify.run(args)
    return compose.run_bot()


if __name__ == "__main__":
    try:
        code = main()
    except ModuleNotFoundError as missing:
        if ours(missing):
            raise
        code = without_dependencies(missing)
    sys.exit(code)
