"""Set-up (issue 36, item 12): the bot run without its virtual environment says the fix in
one line on the terminal, in the terminal's language, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.adapters.console.test_console import bot_env

# `python -m bot play` where an installed package (pydantic) cannot be imported, as outside
# the virtual environment: the entry module run as `-m` runs it.
WITHOUT_PYDANTIC = ("import runpy, sys; sys.modules['pydantic'] = None; "
                    "runpy.run_module('bot', run_name='__main__', alter_sys=True)")


@pytest.mark.parametrize(("locale", "said"), [
    ("C.UTF-8", "Python module pydantic not found: activate the virtual environment first "
                "(. .venv/bin/activate), or install the bot in it (pip install -e .)."),
    ("zh_CN.UTF-8", "找不到 Python 模块 pydantic:请先激活虚拟环境(. .venv/bin/activate),"
                    "或在其中安装(pip install -e .)。")])
def test_outside_the_environment_one_line_names_the_fix(tmp_path: Path, locale: str,
                                                        said: str) -> None:
    # Before: a raw ModuleNotFoundError traceback.
    master, slave = os.openpty()
    process = subprocess.Popen([sys.executable, "-c", WITHOUT_PYDANTIC, "play"], stdin=slave,
                               stdout=slave, stderr=slave, cwd=tmp_path,
                               env=bot_env(tmp_path, LANG=locale))
    os.close(slave)
    shown = b""
    try:
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # EIO: the process has ended and closed its side
                break
            if not chunk:
                break
            shown += chunk
        assert process.wait(timeout=60) == 2
    finally:
        if process.poll() is None:
            process.kill()
        os.close(master)
    lines = shown.decode().replace("\r\n", "\n").strip().splitlines()
    assert lines == [said]
