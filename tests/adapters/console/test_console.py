"""The console table through `python -m bot` as a real process: scripted games to the end,
the leaderboard from the same database, and a game that survives being killed."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

import pytest

from storage import BANK, HOUSE, Storage

ROOT = Path(__file__).resolve().parents[3]


def bot_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PAIJU_", "TELEGRAM_", "DISCORD_"))}
    env.update({"PAIJU_DATABASE": str(tmp_path / "paiju.sqlite3"), "PAIJU_AI_DELAY": "0",
                "USER": "tester", "LOGNAME": "tester", "PYTHONPATH": str(ROOT)})
    env.update(extra)
    return env


def run_bot(tmp_path: Path, *args: str, stdin: str = "", timeout: float = 60,
            **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot", *args], input=stdin, text=True,
                          capture_output=True, cwd=tmp_path, env=bot_env(tmp_path, **env),
                          timeout=timeout)


def test_a_scripted_game_plays_to_the_end_and_the_leaderboard_shows_it(tmp_path: Path) -> None:
    # "bid 3" if asked to bid; then Enter plays each suggestion; then "n": no rematch.
    script = "bid 3\nhint\n" + "\n" * 40 + "n\n"
    game = run_bot(tmp_path, "play", "--game", "doudizhu3", "--seed", "4", stdin=script)
    assert game.returncode == 0, game.stderr
    assert "🏁" in game.stdout and "Play again?" in game.stdout
    assert "Traceback" not in game.stdout + game.stderr
    result = next(line for line in game.stdout.splitlines() if line.startswith("tester: "))
    amount = int(result.split(": ")[1].split()[0])
    board = run_bot(tmp_path, "leaderboard")
    assert board.returncode == 0, board.stderr
    assert f"1. tester — {1000 + amount:,}" in board.stdout or (
        f"tester — {1000 + amount:,}" in board.stdout)


def test_no_subcommand_and_no_token_opens_the_console_table(tmp_path: Path) -> None:
    game = run_bot(tmp_path, stdin="auto\n")
    assert game.returncode == 0, game.stderr
    assert "Dou Dizhu" in game.stdout and "🏁" in game.stdout


def test_typing_nonsense_gets_a_reason_not_a_traceback(tmp_path: Path) -> None:
    script = "bid 3\nxyzzy\n77777\njudge 3334\n" + "\n" * 40 + "n\n"
    game = run_bot(tmp_path, "play", "--game", "doudizhu3", "--seed", "4", "--lang", "zh",
                   stdin=script)
    assert game.returncode == 0 and "✗" in game.stdout and "Traceback" not in game.stdout
    assert "三带一" in game.stdout


@pytest.mark.parametrize("game", ["doudizhu2", "tianji", "tianji-duel"])
def test_auto_plays_one_whole_game_and_exits(tmp_path: Path, game: str) -> None:
    done = run_bot(tmp_path, "play", "--game", game, "--auto")
    assert done.returncode == 0, done.stderr
    assert "🏁" in done.stdout


async def actions_saved(path: Path) -> int:
    """How far the saved console game got (actions recorded in its snapshot)."""
    store = await Storage.open(path)
    try:
        rooms = await store.load_rooms()
        return max((snapshot.get("actions", 0) for _, snapshot in rooms), default=0)
    finally:
        await store.close()


def saved_actions_now(path: Path) -> int:
    """Actions in the saved console game, read without waiting on (or migrating) the
    database a running bot is writing; 0 before it exists."""
    if not path.exists():
        return 0
    try:
        with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=1)) as db:
            rows = db.execute("SELECT snapshot FROM rooms").fetchall()
    except sqlite3.Error:
        return 0  # not created yet, or busy: ask again on the next poll
    return max((json.loads(row[0]).get("actions", 0) for row in rows), default=0)


async def books(path: Path) -> tuple[dict[int, int], list[tuple[object, ...]]]:
    store = await Storage.open(path)
    try:
        games = await store.finished_games()
        balances = await store.balances([BANK, HOUSE, 1])
        return balances, [(g.game_id, g.seed, tuple(g.actions), g.result, g.deltas)
                          for g in games]
    finally:
        await store.close()


@pytest.mark.slow
async def test_a_game_killed_at_random_points_finishes_with_the_same_books(
        tmp_path: Path) -> None:
    args = [sys.executable, "-m", "bot", "play", "--game", "doudizhu3", "--auto", "--seed", "42"]
    steady_dir, killed_dir = tmp_path / "steady", tmp_path / "killed"
    steady_dir.mkdir()
    killed_dir.mkdir()
    slow = {"PAIJU_AI_DELAY": "0.08"}
    steady = subprocess.run(args, capture_output=True, text=True, cwd=steady_dir,
                            env=bot_env(steady_dir, **slow), timeout=60)
    assert steady.returncode == 0, steady.stderr
    expected = await books(steady_dir / "paiju.sqlite3")
    assert len(expected[1]) == 1

    # Killed at random moments, but only once the game has moved on by a random 1-4
    # actions since the last start: with timer-only kills a faster AI finished the game
    # before it had been killed often enough.
    rng = random.Random(2024)
    kills = 0
    killed_at: list[int] = []
    # Enough kills made, the last start plays to the end (on a loaded machine each start
    # is slow, and killing on until a deadline left the game unfinished).
    enough = 8
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        start = saved_actions_now(killed_dir / "paiju.sqlite3")
        wanted = start + rng.randint(1, 4)
        process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                   cwd=killed_dir, env=bot_env(killed_dir, **slow))
        if kills >= enough:
            process.wait(timeout=max(1.0, deadline - time.monotonic()))
        while process.poll() is None and saved_actions_now(
                killed_dir / "paiju.sqlite3") < wanted and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(rng.uniform(0, 0.08))  # anywhere within the next AI delay
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
            process.wait()
            kills += 1
            killed_at.append(await actions_saved(killed_dir / "paiju.sqlite3"))
            if not (await books(killed_dir / "paiju.sqlite3"))[1]:
                continue  # not finished yet: start it again
        else:
            assert process.returncode == 0, process.stderr.read() if process.stderr else ""
        break
    assert kills >= 6, "the game finished before being killed often enough"
    mid_game = [n for n in killed_at if n > 0]
    assert len(mid_game) >= 4 and len(set(mid_game)) >= 4, killed_at
    assert await books(killed_dir / "paiju.sqlite3") == expected


def test_sigkill_test_helpers_read_an_empty_database(tmp_path: Path) -> None:
    balances, games = asyncio.run(books(tmp_path / "empty.sqlite3"))
    assert games == [] and set(balances) == {BANK, HOUSE, 1}


def run_at_a_terminal(tmp_path: Path, lines: list[tuple[float, str]], *args: str,
                      **env: str) -> tuple[int | None, str]:
    """`python -m bot play` with stdin a terminal: each line typed after its pause (s)."""
    import os
    import select

    master, slave = os.openpty()
    process = subprocess.Popen([sys.executable, "-m", "bot", "play", *args], stdin=slave,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path,
                               env=bot_env(tmp_path, **env))
    os.close(slave)
    out = b""

    def pump(seconds: float) -> None:
        nonlocal out
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            ready, _, _ = select.select([process.stdout], [], [], 0.05)
            if ready:
                out += os.read(process.stdout.fileno(), 65536)  # type: ignore[union-attr]
            for fd in select.select([master], [], [], 0)[0]:
                with contextlib.suppress(OSError):  # EIO once the process has gone
                    os.read(fd, 65536)  # the terminal's echo

    try:
        for pause, line in lines:
            pump(pause)
            os.write(master, line.encode() + b"\n")
        pump(2)
        process.wait(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(master)
        if process.stdout is not None:
            out += process.stdout.read()
            process.stdout.close()
        if process.stderr is not None:
            process.stderr.close()
    return process.returncode, out.decode()


def test_at_a_terminal_auto_typed_again_takes_the_seat_back(tmp_path: Path) -> None:
    # Before, input was read only when the game waited for me, and in 托管 it never does:
    # the hand played itself to the end whatever was typed.
    code, out = run_at_a_terminal(tmp_path, [(3, "auto"), (1.5, "auto"), (1.5, "quit"),
                                              (0.5, "y")],
                                  "--seed", "2", PAIJU_AI_DELAY="0.3")
    assert code == 0, out
    assert "Auto-play (托管) is on: the AI plays for you." in out
    after_on = out.split("Auto-play (托管) is on: the AI plays for you.", 1)[1]
    assert "Auto-play (托管) is off." in after_on
    assert "Bye!" in out and "Traceback" not in out


def test_at_a_terminal_play_again_is_asked_once(tmp_path: Path) -> None:
    # Before: the finished table's "Play again?" was printed, then the prompt asked
    # "Play again? (y/n)" right under it.
    code, out = run_at_a_terminal(tmp_path, [(2, "auto"), (6, "n")], "--seed", "4")
    assert code == 0, out
    assert out.count("🏁") == 1 and out.count("Play again?") == 1, out
    assert out.split("🏁", 1)[1].count("Play again? (y/n)") == 1


def test_console_help_lists_console_commands_and_explains_each(tmp_path: Path) -> None:
    script = "help\nhelp settings\nhelp 托管\nhelp nosuch\n" + "\n" * 60 + "n\n"
    game = run_bot(tmp_path, "play", "--game", "doudizhu3", "--seed", "4", stdin=script)
    assert game.returncode == 0, game.stderr
    # The chat help (join, addbot, start...) is not shown: those words do nothing here.
    assert "addbot" not in game.stdout
    assert "help <command> explains one" in game.stdout
    assert "settings stake=50, mode=points" in game.stdout
    assert "take over" in game.stdout  # help 托管
    assert "No command “nosuch”." in game.stdout


def test_settings_change_between_hands_and_stay_for_the_next_run(tmp_path: Path) -> None:
    # Between hands the question "Play again?" takes commands too; the next run reuses the
    # table (before, it opened a new one and the stake went back to 10).
    first = run_bot(tmp_path, "play", "--seed", "4", stdin="auto\nsettings stake=50\nn\n")
    assert first.returncode == 0, first.stderr
    assert "Stake: 50 (beans)" in first.stdout
    second = run_bot(tmp_path, "play", "--seed", "4", "--auto")
    assert second.returncode == 0, second.stderr
    assert "stake 50 beans" in second.stdout and "stake 10 beans" not in second.stdout
    assert "🏁" in second.stdout


def test_bidding_choices_are_shown_and_typed_by_their_label(tmp_path: Path) -> None:
    # A chat shows bid buttons; the console printed "Your bid (叫分):" and nothing else.
    game = run_bot(tmp_path, "play", "--seed", "1", "--lang", "zh", stdin="不叫\n")
    assert game.returncode == 0, game.stderr
    assert "可输入:3 分 · 不叫(直接回车按提示选" in game.stdout
    assert "电脑2 成为地主" in game.stdout and "✗" not in game.stdout


def test_enter_in_auto_play_does_not_play_for_me(tmp_path: Path) -> None:
    # In 托管 the prompt offered "Enter: Pass"; an empty line then passed in my name.
    game = run_bot(tmp_path, "play", "--seed", "1", stdin="3\nauto\n\n\n\n")
    assert game.returncode == 0, game.stderr
    after = game.stdout.split("Auto-play (托管) is on: the AI plays for you.", 1)[1]
    assert "Type one of:" not in after and "(Enter plays" not in after


def test_a_second_console_on_the_same_database_is_refused_while_the_first_plays(
        tmp_path: Path) -> None:
    # Before, the second one resumed the same hand and played it too: two AI players per
    # seat, two different games on two screens, and one settlement refused as booked.
    first = subprocess.Popen([sys.executable, "-m", "bot", "play", "--auto", "--seed", "3"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             cwd=tmp_path, env=bot_env(tmp_path, PAIJU_AI_DELAY="0.2"))
    try:
        deadline = time.monotonic() + 30
        while saved_actions_now(tmp_path / "paiju.sqlite3") < 2:
            assert first.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        second = run_bot(tmp_path, "play", "--seed", "4", stdin="\n" * 5, PAIJU_LANGUAGE="zh")
        assert second.returncode == 1
        assert "已有另一个控制台牌桌或机器人在运行" in second.stderr
        assert "Traceback" not in second.stdout + second.stderr
        out, err = first.communicate(timeout=60)
    finally:
        if first.poll() is None:
            first.kill()
            first.communicate()
    assert first.returncode == 0, err
    assert out.count("🏁") == 1
    # Once the first has finished, the table is free again.
    again = run_bot(tmp_path, "play", "--auto", "--seed", "5")
    assert again.returncode == 0 and "🏁" in again.stdout, again.stderr


def test_a_new_run_after_a_finished_game_does_not_show_the_old_table_first(
        tmp_path: Path) -> None:
    first = run_bot(tmp_path, "play", "--auto", "--seed", "1")
    assert first.returncode == 0, first.stderr
    second = run_bot(tmp_path, "play", "--auto", "--seed", "2")
    assert second.returncode == 0, second.stderr
    # Before: the finished table and an empty hand ("Your cards (0):") came first.
    assert second.stdout.count("Play again?") == 1 and second.stdout.count("🏁") == 1
    assert "Your cards (0)" not in first.stdout + second.stdout


def test_output_closed_mid_game_ends_the_table_quietly_and_the_game_resumes(
        tmp_path: Path) -> None:
    # `python -m bot play --auto | head`: before, the table played on to the end writing
    # into the closed pipe, logging a traceback for every view.
    process = subprocess.Popen([sys.executable, "-m", "bot", "play", "--auto", "--seed", "3"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path,
                               env=bot_env(tmp_path, PAIJU_AI_DELAY="0.2"))
    assert process.stdout is not None and process.stderr is not None
    for _ in range(12):
        process.stdout.readline()
    process.stdout.close()
    try:
        process.wait(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    err = process.stderr.read().decode()
    process.stderr.close()
    assert process.returncode == 1, err
    assert "Traceback" not in err and "Exception ignored" not in err
    log = (tmp_path / "paiju.log").read_text()
    assert "BrokenPipeError" not in log
    # A rule given for this run cannot change the hand in play: said, not silently dropped.
    again = run_bot(tmp_path, "play", "--auto", "--seed", "3", "--option", "mode=laizi")
    assert again.returncode == 0 and "Resuming" in again.stdout and "🏁" in again.stdout
    assert "--option mode=laizi is not applied: this hand keeps the rules" in again.stdout
    assert "癞子" not in again.stdout


def test_ctrl_c_at_a_terminal_says_bye_and_the_game_resumes(tmp_path: Path) -> None:
    # Before: a KeyboardInterrupt traceback, and at a terminal the exit then waited for
    # Enter (the read of the next line held the shutdown).
    import os
    import select

    master, slave = os.openpty()
    process = subprocess.Popen([sys.executable, "-m", "bot", "play", "--seed", "2"],
                               stdin=slave, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               cwd=tmp_path, env=bot_env(tmp_path, PAIJU_AI_DELAY="0.3"))
    os.close(slave)
    try:
        deadline = time.monotonic() + 30
        while saved_actions_now(tmp_path / "paiju.sqlite3") < 1:
            assert time.monotonic() < deadline and process.poll() is None
            time.sleep(0.05)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
        with contextlib.suppress(OSError):
            select.select([master], [], [], 0)
        os.close(master)
    assert process.returncode == 130, err
    assert b"Traceback" not in err and b"Bye!" in out
    again = run_bot(tmp_path, "play", "--seed", "2", stdin="auto\n")
    assert again.returncode == 0 and "Resuming" in again.stdout and "🏁" in again.stdout


def test_play_again_after_auto_play_hands_the_seat_back(tmp_path: Path) -> None:
    # Before: 托管 carried into the next hand, which then played itself and ate the script's
    # lines (here "quit" ended up answering "Play again?").
    game = run_bot(tmp_path, "play", "--seed", "3", stdin="auto\ny\nquit\n")
    assert game.returncode == 0, game.stderr
    second = game.stdout.split("Auto-play (托管) is off.", 1)[1]
    assert "Bye!" in second and second.count("🏁") == 0


def test_enter_after_hints_plays_the_hint_shown_last(tmp_path: Path) -> None:
    # 提示 then 出牌: before, Enter played the first suggestion whatever the hints showed.
    game = run_bot(tmp_path, "play", "--seed", "3", stdin="hint\nhint\n\nquit\n")
    assert game.returncode == 0, game.stderr
    hints = [line for line in game.stdout.splitlines() if line.startswith("Hint ")]
    assert len(hints) == 2 and "(Enter plays this hint" in game.stdout
    second = hints[1].split(": ", 1)[1]
    first = hints[0].split(": ", 1)[1]
    assert second != first
    assert f"tester played {second} (" in game.stdout
    assert f"tester played {first} (" not in game.stdout


def test_the_dealt_table_comes_first_and_a_refused_start_says_why(tmp_path: Path) -> None:
    game = run_bot(tmp_path, "play", "--seed", "3", "--auto")
    assert game.returncode == 0, game.stderr
    # Before: three half-seated tables ("Seated 1 of 3. Join, add AI players…") came first.
    assert "Seated" not in game.stdout and "Join, add AI" not in game.stdout
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    broke = run_bot(fresh, "play", "--seed", "3", PAIJU_STARTING_GRANT="5",
                    PAIJU_DAILY_RELIEF="0")
    assert broke.returncode == 1
    assert "✗ Not enough beans: this table needs 10, you have 5." in broke.stdout


def test_a_run_in_another_language_gets_a_table_in_that_language(tmp_path: Path) -> None:
    first = run_bot(tmp_path, "play", "--auto", "--seed", "1")
    assert first.returncode == 0 and "Dou Dizhu" in first.stdout
    second = run_bot(tmp_path, "play", "--auto", "--seed", "1", "--lang", "zh")
    assert second.returncode == 0, second.stderr
    assert "斗地主 · 牌桌" in second.stdout and "你的手牌" in second.stdout
    assert "Your cards" not in second.stdout and "stake 10 beans" not in second.stdout


def test_a_closed_stdin_is_the_end_of_input_not_a_crash(tmp_path: Path) -> None:
    # `python -m bot play <&-`: before, AttributeError on sys.stdin being None.
    import os

    done = subprocess.run([sys.executable, "-m", "bot", "play", "--seed", "1"],
                          capture_output=True, text=True, cwd=tmp_path, env=bot_env(tmp_path),
                          timeout=60, preexec_fn=lambda: os.close(0))
    assert done.returncode == 0, done.stderr
    assert "End of input: the hand is saved" in done.stdout and "Traceback" not in done.stderr


def test_console_words_for_boards_and_auto_are_the_chat_ones(tmp_path: Path) -> None:
    """The console reads `lb` and `auto` words with the same reader as the Telegram group
    (adapters.common.intents): metric and week in Chinese, a 'global' that names no metric,
    auto off as 关."""
    script = "lb 本周 胜局\nlb global\nauto 关\nquit\n"
    game = run_bot(tmp_path, "play", "--game", "doudizhu3", "--seed", "3", "--lang", "zh",
                   stdin=script)
    assert game.returncode == 0, game.stderr
    assert "🏆 胜局 · 全服 · 本周" in game.stdout
    assert "🏆 欢乐豆 · 全服 · 总榜" in game.stdout and "✗" not in game.stdout
    assert "已取消托管" in game.stdout
