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
