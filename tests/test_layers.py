"""The import contracts of `.importlinter` hold: the project and the host in layers, no
import cycle, no adapter imported by the core (the composition root `bot.compose` aside)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINT = "from importlinter.cli import lint_imports_command; lint_imports_command()"


def test_the_import_contracts_are_kept() -> None:
    pytest.importorskip("importlinter")
    done = subprocess.run([sys.executable, "-c", LINT], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


def test_a_new_game_package_is_closed_by_the_contracts_without_naming_it(tmp_path: Path) -> None:
    """A game added as a folder alone is covered: the project copied with a new game package
    (`bot/games/newgame/`) and one import of it from the host is reported broken; the same
    copy without that import keeps every contract. A game reaching into another is broken."""
    pytest.importorskip("importlinter")
    import shutil

    for part in ("bot", "adapters", "storage"):
        shutil.copytree(ROOT / part, tmp_path / part,
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.c"))
    shutil.copy(ROOT / ".importlinter", tmp_path / ".importlinter")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "__init__.py").write_text("")
    shutil.copy(ROOT / "tests" / "import_contracts.py", tmp_path / "tests")
    game = tmp_path / "bot" / "games" / "newgame"
    game.mkdir()
    (game / "__init__.py").write_text("from bot.games.registry import GameModule\n")
    (game / "spec.py").write_text("from bot.games.base import Event\n")

    def lint() -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-c", LINT], cwd=tmp_path, capture_output=True,
                              text=True, timeout=120)

    kept = lint()
    assert kept.returncode == 0 and "0 broken" in kept.stdout, kept.stdout + kept.stderr
    host = tmp_path / "bot" / "host" / "games.py"
    host.write_text(host.read_text() + "\nimport bot.games.newgame.spec  # noqa\n")
    broken = lint()
    assert broken.returncode != 0 and "1 broken" in broken.stdout, broken.stdout
    assert "bot.host.games imports bot.games.newgame.spec" in broken.stdout
    host.write_text(host.read_text().replace("import bot.games.newgame.spec  # noqa\n", ""))
    other = tmp_path / "bot" / "games" / "tianji" / "state.py"
    other.write_text(other.read_text() + "\nimport bot.games.newgame  # noqa\n")
    crossed = lint()
    assert crossed.returncode != 0
    assert "bot.games.tianji.state imports bot.games.newgame" in crossed.stdout
