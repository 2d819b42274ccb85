"""`python -m bot`: run the bot from settings, or one of its tools.

- `python -m bot`                      run the configured adapters (console when no token)
- `python -m bot play --game G [--auto]`  a console table against AI players
- `python -m bot judge KIND`           the JSON-lines referee (see bot.referee)
- `python -m bot simulate ...`         load test through the real host and storage
- `python -m bot leaderboard`          print the leaderboard
"""

from __future__ import annotations

import argparse
import sys

from bot.referee import KINDS


def build_parser() -> argparse.ArgumentParser:
    """The command-line grammar."""
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command")
    judge = sub.add_parser("judge", help="JSON-lines referee on stdin/stdout")
    judge.add_argument("kind", choices=sorted(KINDS))
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point."""
    args = build_parser().parse_args(argv)
    if args.command == "judge":
        from bot.referee import run

        return run(args.kind)
    build_parser().print_help()
    return 0


if __name__ == "__main__":
    sys.exit(main())
