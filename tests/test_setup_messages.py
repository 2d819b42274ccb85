"""Bad settings said in one or two plain lines naming the setting and the fix: no
traceback, never a token (issue 14), through `python -m bot` as a real process."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.adapters.console.test_console import run_bot


def plain(done) -> str:  # noqa: ANN001 - a CompletedProcess
    said = done.stdout + done.stderr
    assert "Traceback" not in said and "Exception" not in said, said
    return done.stderr.strip()


def test_an_unknown_language_names_the_setting_and_its_choices(tmp_path: Path) -> None:
    done = run_bot(tmp_path, "play", "--auto", PAIJU_LANGUAGE="fr")
    assert done.returncode == 2
    said = plain(done)
    assert len(said.splitlines()) <= 2
    assert "PAIJU_LANGUAGE=fr is not valid" in said and "'en' or 'zh'" in said


@pytest.mark.parametrize("command", [("play", "--auto"), ("leaderboard",)])
def test_a_database_path_that_is_a_folder_says_so(tmp_path: Path,
                                                  command: tuple[str, ...]) -> None:
    (tmp_path / "dbdir").mkdir()
    done = run_bot(tmp_path, *command, PAIJU_DATABASE=str(tmp_path / "dbdir"))
    assert done.returncode == 2
    said = plain(done)
    assert said == (f"PAIJU_DATABASE={tmp_path}/dbdir is a folder, not a file: set it to a "
                    f"file, e.g. PAIJU_DATABASE={tmp_path}/dbdir/paiju.sqlite3.")


def test_a_file_that_is_no_database_says_so_in_the_systems_language(tmp_path: Path) -> None:
    bad = tmp_path / "bad.sqlite3"
    bad.write_text("not a database at all\n" * 100)
    done = run_bot(tmp_path, "play", "--auto", PAIJU_DATABASE=str(bad), LANG="zh_CN.UTF-8")
    assert done.returncode == 2
    said = plain(done)
    assert said.startswith(f"PAIJU_DATABASE={bad} 无法使用:") and "请把该文件移走" in said
    assert bad.read_text().startswith("not a database")  # left untouched


def test_a_bad_token_setting_never_echoes_the_token(tmp_path: Path) -> None:
    secret = "12345:NOT-A-REAL-TOKEN-BUT-SECRET"
    done = run_bot(tmp_path, TELEGRAM_TOKEN=secret, DISCORD_SHARD_COUNT="many")
    assert done.returncode == 2
    said = plain(done)
    assert "DISCORD_SHARD_COUNT=many is not valid" in said and secret not in said
