"""The game the tests keep (tests/games/kept/highcard_kept: docs/adding-a-game.md's example,
a folder and nothing else), which tests/conftest.py has the registry find as it finds the
built-in games. The fixture names it for the tests that play it through each part of the
bot; the tests that run over every game (conformance, bad input, privacy, pages) find it
in the registry themselves."""

from __future__ import annotations

import pytest

from bot.games import registry

KEPT = "tests.games.kept."


def kept_games() -> list[str]:
    """The games the registry found in tests/games/kept/ (by their entries, not their names)."""
    return [name for name in registry.names()
            if str(registry.entry(name)).startswith(KEPT)]


@pytest.fixture
def highcard() -> str:
    """The kept game's name (registered for the whole run)."""
    [game] = kept_games()
    return game
