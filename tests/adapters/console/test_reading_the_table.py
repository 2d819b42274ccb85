"""Reading a console table at a terminal (issue 36, items 5–8): every action shown, every
line in the table's language, cards as players write them, letters that may not mean cards
asked about first, a word that is no play refused with an example."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.i18n import translate
from tests.adapters.console.terminal import Terminal

LANGS = ["en", "zh"]
WORDS = {"en": {"pass": "pass", "auto": "auto", "quit": "quit"},
         "zh": {"pass": "不出", "auto": "托管", "quit": "退出"}}


def english_in(text: str) -> set[str]:
    """Words of English in a Chinese screen (the player's name, the table's id and the
    deal's hex commitment aside)."""
    table_id = re.search(r"牌桌 (\w+)", text)
    if table_id:
        text = text.replace(table_id.group(1), "")
    text = re.sub(r"\b[0-9a-f]{16,64}\b", "", text)
    return set(re.findall(r"[A-Za-z]{3,}", text)) - {"tester"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_pass_that_ends_a_trick_is_shown_before_the_new_lead(tmp_path: Path,
                                                                 lang: str) -> None:
    # Before: the table went from "tester passed · Turn: AI 1" to "New trick: free lead",
    # and nobody saw AI 1 pass.
    with Terminal(tmp_path, "--seed", "4", "--lang", lang) as screen:
        screen.expect(translate("console.enter_plays", lang, move="5"))
        screen.type(WORDS[lang]["pass"])
        screen.type(WORDS[lang]["auto"])
        screen.expect(translate("console.again", lang))
        screen.type("n")
        assert screen.finish() == 0
    passed = translate("host.ddz.passed", lang, players="").strip()
    new_trick = translate("host.ddz.new_trick", lang)
    blocks = [block for block in screen.output.split("─" * 48) if new_trick in block]
    assert len(blocks) >= 3
    for block in blocks:
        before = block.split(new_trick, 1)[0].rstrip().splitlines()
        assert before[-1].endswith(passed), block


def test_a_chinese_table_speaks_chinese_to_the_end_and_takes_chinese_words(
        tmp_path: Path) -> None:
    # Before: "现在不能 pass,可选:bid 1 …", and a run without --lang answered a Chinese
    # table with "Resuming …", "Quit? (y/n)" and "Play again?".
    with Terminal(tmp_path, "--seed", "1", "--lang", "zh") as screen:
        screen.expect("可输入:3 分 · 不叫")
        screen.type("1 分")
        refused = screen.expect("✗ 现在不能 1 分,可选:3 分、不叫")
        screen.type("退出")
        screen.expect("退出?(y/n)")
        screen.type("y")
        assert screen.finish() == 0
    with Terminal(tmp_path) as screen:  # the run's language unsaid: the table's is spoken
        screen.expect("继续上次未完成的斗地主")
        screen.expect("可输入:3 分 · 不叫")
        screen.type("不叫")
        screen.expect("直接回车出建议的牌")
        screen.type("提示")
        screen.expect("直接回车出这个提示")
        screen.type("要不起")
        screen.expect("tester 不出")
        screen.type("托管")
        screen.expect("再来一局?(y/n)")
        screen.type("n")
        assert screen.finish() == 0
        assert not english_in(screen.output), english_in(screen.output)
    assert "bid" not in refused and "pass" not in refused


@pytest.mark.parametrize(("lang", "jokers", "rocket"), [
    ("en", "Small\u00a0Joker Big\u00a0Joker", "Small\u00a0Joker Big\u00a0Joker: rocket"),
    ("zh", "小王 大王", "小王 大王:王炸")])
def test_jokers_and_tens_are_written_as_players_write_them(tmp_path: Path, lang: str,
                                                           jokers: str, rocket: str) -> None:
    # Before: 🃏B 🃏R in the hand and "BR: rocket" from judge.
    with Terminal(tmp_path, "--seed", "1", "--lang", lang) as screen:
        screen.expect(f"10 10 10 Q 2 {jokers}")
        screen.type("judge BR")
        screen.expect(rocket)
        screen.type("judge TT > 99")
        screen.expect("1010 ")
        screen.type(WORDS[lang]["quit"])
        screen.type("y")
        assert screen.finish() == 0
    assert "🃏B" not in screen.output and "🃏R" not in screen.output
    assert "BR:" not in screen.output
    assert "TT " not in screen.output.split("judge TT", 1)[1]


@pytest.mark.parametrize("lang", LANGS)
def test_letters_that_may_mean_a_command_are_asked_about_and_a_word_is_refused(
        tmp_path: Path, lang: str) -> None:
    # Before: `q` played a queen and `t` a ten; `banana` was read as cards.
    with Terminal(tmp_path, "--seed", "4", "--lang", lang) as screen:
        screen.expect(translate("console.enter_plays", lang, move="5"))
        screen.type("q")
        screen.expect(translate("console.play_question", lang, cards="Q"))
        screen.type("n")
        screen.expect(translate("console.not_played", lang))
        screen.type("t")
        screen.expect(translate("console.play_question", lang, cards="10"))
        screen.type("n")
        screen.expect(translate("console.not_played", lang))
        screen.type("banana")
        screen.expect(translate("console.not_a_play", lang, word="banana", reason=""))
        screen.expect(translate("console.example_play", lang))
        screen.type("5")
        screen.expect(played("5", lang))
        screen.type(WORDS[lang]["quit"])
        screen.expect(translate("console.quit_question", lang))
        screen.type("y")
        assert screen.finish() == 0
    out = screen.output
    assert "✗" not in out.split("banana", 1)[0]  # nothing was refused (nor played) before
    assert played("Q", lang) not in out and played("10", lang) not in out


def played(cards: str, lang: str) -> str:
    """The table's line for tester's single card."""
    return translate("host.ddz.to_beat", lang, player="tester", cards=cards,
                     type=translate("host.ddz.type.single", lang))


def test_seed_at_the_console_sets_my_own_seed_after_showing_the_commitment(
        tmp_path: Path) -> None:
    with Terminal(tmp_path, "--seed", "4", "--lang", "en") as screen:
        screen.expect(translate("console.enter_plays", "en", move="5"))
        screen.type("seed")
        screen.expect("server seed committed as sha256")
        screen.type("seed my lucky day")
        screen.expect("Your seed is “my lucky day”")
        screen.type("quit")
        screen.type("y")
        assert screen.finish() == 0
    shown = re.search(r"Next hand (\S+): server seed committed as sha256 ([0-9a-f]{64})",
                      screen.output)
    told = re.search(r"from hand (\S+) on\. That hand's server seed is committed already: "
                     r"sha256 ([0-9a-f]{64})", screen.output)
    assert shown and told and shown.groups() == told.groups()
