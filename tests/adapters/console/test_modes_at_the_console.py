"""斗地主's modes (癞子 / 天地癞子, 不洗牌, 超级加倍; RULES §2.1) at the console, both languages:
whole hands to the result, the wild rank on the table and starred in the hand, a play with
two readings asked about and then named."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.adapters.console.test_console import run_bot


@pytest.mark.parametrize(("lang", "options", "marks"), [
    ("en", ("variant=laizi", "doubling=super"), ("Wild card (癞子):", "★")),
    ("zh", ("玩法=天地癞子", "洗牌=关", "加倍=超级加倍"), ("天癞子:", "地癞子:", "★")),
    ("en", ("variant=tiandi_laizi",), ("Sky wild card (天癞子):", "earth (地癞子)")),
    ("zh", ("玩法=癞子", "洗牌=关"), ("癞子:", "★")),
])
def test_a_whole_hand_in_each_mode_plays_to_its_result(
        tmp_path: Path, lang: str, options: tuple[str, ...], marks: tuple[str, ...]) -> None:
    args = [part for option in options for part in ("--option", option)]
    game = run_bot(tmp_path, "play", "--game", "doudizhu3", "--seed", "8", "--lang", lang,
                   "--auto", *args, timeout=180)
    assert game.returncode == 0, game.stderr
    out = game.stdout
    assert "Traceback" not in out + game.stderr
    assert out.count("🏁") == 1
    for mark in marks:
        assert mark in out, mark


def test_two_readings_are_asked_about_and_a_named_one_is_played(tmp_path: Path) -> None:
    # Seed 5 with 癞子: Q is wild. The tester bids 3, leads the suggested straight, and
    # at the next lead types 3 3 3 Q: three 3s with a Q, or a 软炸 of 3s?
    game = run_bot(tmp_path, "play", "--game", "doudizhu3", "--seed", "5", "--lang", "en",
                   "--option", "variant=laizi", stdin="bid 3\n\n333Q\n333Q=3333\n",
                   timeout=120)
    assert game.returncode == 0, game.stderr
    out = game.stdout
    assert "✗ 3 3 3 Q can be read more than one way — say which: 333Q=333Q, 333Q=3333" in out
    assert "root played 3 3 3 Q★ (as 3 3 3 3) (bomb)" in out.replace("tester", "root")
    assert "Multiplier ×2 (soft bomb)" in out


def test_the_same_in_chinese(tmp_path: Path) -> None:
    game = run_bot(tmp_path, "play", "--game", "doudizhu3", "--seed", "5", "--lang", "zh",
                   "--option", "玩法=癞子", stdin="叫3\n\n333Q\n333Q当3333\n", timeout=120)
    assert game.returncode == 0, game.stderr
    out = game.stdout
    assert "✗ 3 3 3 Q 有多种出法,请选一种:333Q=333Q, 333Q=3333" in out
    assert "3 3 3 Q★(当 3 3 3 3)(炸弹)" in out
    assert "倍数 ×2(软炸)" in out
