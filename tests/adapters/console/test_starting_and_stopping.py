"""Starting and stopping a console table at a terminal (issue 36, items 1–3): the game
named is the game played, a start-up flag lasts one run, Ctrl-D saves and quits."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.host import games
from bot.i18n import translate
from tests.adapters.console.terminal import Terminal
from tests.adapters.console.test_console import run_bot

LANGS = ["en", "zh"]


def leave_a_hand_unfinished(tmp_path: Path, lang: str) -> None:
    """A 斗地主 hand started and quit at its first prompt (kept for next time)."""
    with Terminal(tmp_path, "--seed", "4", "--lang", lang) as screen:
        screen.expect(translate("console.enter_plays", lang, move="5"))
        screen.type("quit" if lang == "en" else "退出")
        screen.expect(translate("console.quit_question", lang))
        screen.type("y")
        screen.expect(translate("console.bye", lang))
        assert screen.finish() == 0


@pytest.mark.parametrize("lang", LANGS)
def test_naming_another_game_asks_and_the_unfinished_hand_is_kept(tmp_path: Path,
                                                                  lang: str) -> None:
    # Before: `play --game doudizhu2` resumed the 斗地主 hand without a word.
    leave_a_hand_unfinished(tmp_path, lang)
    with Terminal(tmp_path, "--game", "doudizhu2", "--seed", "4", "--lang", lang) as screen:
        screen.expect(translate("console.option.resume", lang, number=1,
                                game=games.title("doudizhu3", lang)))
        screen.expect(translate("console.option.new", lang, number=2,
                                game=games.title("doudizhu2", lang)))
        screen.type("3")
        screen.expect(translate("console.pick_again", lang, last=2))
        screen.type("2")
        screen.expect(games.title("doudizhu2", lang) + " · ")
        screen.ctrl_d()
        screen.expect(translate("console.end_of_input", lang))
        assert screen.finish() == 0
    with Terminal(tmp_path, "--game", "doudizhu3", "--lang", lang) as screen:
        screen.expect(translate("console.resumed", lang, game=games.title("doudizhu3", lang)))
        screen.expect(games.title("doudizhu3", lang) + " · ")
        screen.ctrl_d()
        assert screen.finish() == 0
        assert games.title("doudizhu2", lang) not in screen.output


@pytest.mark.parametrize("lang", LANGS)
def test_ctrl_d_saves_and_quits_and_the_hand_is_there_next_time(tmp_path: Path,
                                                                lang: str) -> None:
    # Before: Ctrl-D turned 托管 on and the AI played the hand out.
    with Terminal(tmp_path, "--seed", "4", "--lang", lang) as screen:
        screen.expect(translate("console.enter_plays", lang, move="5"))
        screen.ctrl_d()
        screen.expect(translate("console.end_of_input", lang))
        assert screen.finish() == 0
        assert "托管" not in screen.output and "🏁" not in screen.output
    with Terminal(tmp_path, "--lang", lang) as screen:
        screen.expect(translate("console.resumed", lang, game=games.title("doudizhu3", lang)))
        screen.expect(translate("console.enter_plays", lang, move="5"))
        screen.ctrl_d()
        assert screen.finish() == 0


@pytest.mark.parametrize("lang", LANGS)
def test_auto_lasts_for_its_own_run_only(tmp_path: Path, lang: str) -> None:
    # Before: after one `play --auto`, the next plain `play` started in 托管.
    done = run_bot(tmp_path, "play", "--auto", "--seed", "4", "--lang", lang)
    assert done.returncode == 0 and "🏁" in done.stdout, done.stderr
    with Terminal(tmp_path, "--seed", "5", "--lang", lang) as screen:
        mine = translate("console.choices", lang, choices="", first="").split("{")[0][:4]
        enter = translate("console.enter_plays", lang, move="").split("{")[0][:6]
        shown = screen.expect(mine, enter, translate("console.again", lang))
        assert not shown.endswith(translate("console.again", lang)), shown
        assert translate("host.auto_on", lang) not in screen.output
        screen.ctrl_d()
        assert screen.finish() == 0


@pytest.mark.parametrize(("lang", "stake_50"), [("en", "stake 50 beans"), ("zh", "底注 50 欢乐豆")])
def test_settings_are_listed_kept_per_player_and_set_at_any_time(tmp_path: Path, lang: str,
                                                                 stake_50: str) -> None:
    # Before: `settings` alone was refused, `settings stake=50` refused mid-hand, and the
    # settings were the room's only: another game's table started at stake 10 again.
    with Terminal(tmp_path, "--seed", "4", "--lang", lang) as screen:
        screen.expect(translate("console.enter_plays", lang, move="5"))
        screen.type("settings")
        screen.expect(translate("host.settings.text", lang, game=games.title("doudizhu3", lang),
                                stake=10, mode=translate("host.mode.beans", lang),
                                language=translate(f"host.language.{lang}", lang),
                                options="").split("\n")[0])
        screen.type("settings stake=abc")
        screen.expect("✗ ")
        screen.type("settings stake=50")
        screen.expect(translate("console.settings_kept", lang))
        screen.type("auto")
        screen.expect(translate("console.again", lang))
        screen.type("y")
        screen.expect(stake_50)
        screen.ctrl_d()
        assert screen.finish() == 0
    with Terminal(tmp_path, "--game", "tianji", "--seed", "4", "--lang", lang) as screen:
        screen.expect(translate("console.option.new", lang, number=2,
                                game=games.title("tianji", lang)))
        screen.type("2")
        screen.expect(stake_50)
        screen.ctrl_d()
        assert screen.finish() == 0


@pytest.mark.parametrize("lang", LANGS)
def test_an_option_given_when_a_hand_is_resumed_is_said_to_be_unused(tmp_path: Path,
                                                                     lang: str) -> None:
    # Before: `play --option variant=laizi` resumed the classic hand without a word.
    leave_a_hand_unfinished(tmp_path, lang)
    with Terminal(tmp_path, "--lang", lang, "--option", "variant=laizi") as screen:
        screen.expect(translate("console.resumed", lang, game=games.title("doudizhu3", lang)))
        screen.expect(translate("console.options_later", lang, options="variant=laizi"))
        screen.expect(translate("console.enter_plays", lang, move="5"))
        screen.ctrl_d()
        assert screen.finish() == 0


def test_an_option_lasts_for_its_run_only(tmp_path: Path) -> None:
    # Before: `--option mode=laizi` stayed on the table, so the next run (no option) was
    # 癞子 again, silently; issue 53 point 13.
    first = run_bot(tmp_path, "play", "--auto", "--seed", "4", "--lang", "en",
                    "--option", "mode=laizi", timeout=120)
    assert first.returncode == 0, first.stderr
    assert "癞子" in first.stdout and "🏁" in first.stdout
    second = run_bot(tmp_path, "play", "--auto", "--seed", "5", "--lang", "en", timeout=120)
    assert second.returncode == 0, second.stderr
    assert "🏁" in second.stdout and "癞子" not in second.stdout
    # a setting the player keeps (typed at the table) is still kept from run to run
    kept = run_bot(tmp_path, "play", "--seed", "6", "--lang", "en",
                   stdin="settings stake=20\nauto\n", timeout=120)
    assert kept.returncode == 0, kept.stderr
    again = run_bot(tmp_path, "play", "--auto", "--seed", "7", "--lang", "en", timeout=120)
    assert "stake 20 beans" in again.stdout
