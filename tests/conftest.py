"""Shared fixtures: the fake platform servers are loaded as plugins; and a guard that a
test run ends — a thread left running (an SQLite connection never closed) kept the
finished run's process alive until CI gave up on it."""

from __future__ import annotations

import os
import sys
import threading

import pytest

from bot.games import registry

# The games the tests keep (tests/games/kept/: docs/adding-a-game.md's example, a folder and
# nothing else) are found as the built-in games are, so every test that runs over every game
# runs over them too.
registry.discover("tests.games.kept")
# Every game's record is loaded (and its catalogue joined) as the bot's start-up does (its
# command line lists every game's referee kinds), so a test of one part alone finds the
# games' words too.
registry.modules()

pytest_plugins = ["tests.fakes.conftest_telegram", "tests.fakes.discord"]

_leaked: list[str] = []


def _running_threads() -> list[threading.Thread]:
    main = threading.main_thread()
    return [t for t in threading.enumerate() if t is not main and not t.daemon and t.is_alive()]


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    threads = _running_threads()
    for thread in threads:
        thread.join(timeout=2)
    _leaked.extend(t.name for t in threads if t.is_alive())
    if _leaked:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _leaked:
        terminalreporter.write_line(
            f"FAILED: threads still running after the last test (something a test opened "
            f"was never closed): {', '.join(_leaked)}", red=True)


def pytest_unconfigure(config: pytest.Config) -> None:
    if _leaked:  # they would keep the process alive for good: end it, as failed
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(pytest.ExitCode.TESTS_FAILED)
