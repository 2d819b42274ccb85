"""A new game added as a developer following docs/adding-a-game.md would: a package of its
own (written to a temporary folder, outside the project) and one registry line. The
fixture is imported by the tests that play it through each part of the bot."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.games import registry
from tests.games.contract.highcard_source import SOURCE

PACKAGE = "paiju_contract_highcard"


@pytest.fixture
def highcard(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The game's package on the path and its one registry line; taken away after."""
    folder = tmp_path_factory.mktemp("newgame")
    (folder / PACKAGE).mkdir()
    (folder / PACKAGE / "__init__.py").write_text(SOURCE, encoding="utf-8")
    sys.path.insert(0, str(folder))
    importlib.invalidate_caches()
    registry.register("highcard", f"{PACKAGE}:RECORD")  # the one line a game adds
    try:
        yield "highcard"
    finally:
        registry.unregister("highcard")
        sys.path.remove(str(folder))
        sys.modules.pop(PACKAGE, None)


def package_files(root: Path) -> list[Path]:
    """The files of the project a new game may not need to touch (all but its own)."""
    return sorted(p for p in root.rglob("*.py") if "tests" not in p.parts)
