"""田忌赛马 at a console terminal (issue 36, items 9–11): the suggestions picked by number, a
busting or beaten arrangement asked about, each round's pairings in the result."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.i18n import translate
from tests.adapters.console.terminal import Terminal

LANGS = ["en", "zh"]
# Seed 4 deals tester ♠Q ♣Q ♥J ♠10 ♣7 ♥5; the solver's third split is A ♠Q · B ♥J ♠10 ·
# C ♣Q ♣7 ♥5, and 7|QQ|J105 is beaten in every group by A ♠10 · B ♥J ♣7 · C ♠Q ♣Q ♥5.
THIRD = "A ♠Q · B ♥J ♠10 · C ♣Q ♣7 ♥5"


def _third_then_leave(screen: Terminal, lang: str) -> None:
    """Pick the third suggestion by its number, see it sealed, and leave after the hand."""
    screen.type("3")
    screen.expect(f"tester: {THIRD} (")
    screen.expect(translate("console.again", lang))
    screen.type("n")
    assert screen.finish() == 0


@pytest.mark.parametrize("lang", LANGS)
def test_the_third_suggestion_is_picked_by_its_number(tmp_path: Path, lang: str) -> None:
    # Before: only the first suggestion could be picked (Enter); 3 was refused.
    with Terminal(tmp_path, "--game", "tianji", "--seed", "4", "--lang", lang) as screen:
        screen.expect(f"3. {THIRD}")
        screen.expect(translate("console.pick_suggestion", lang, last=3))
        _third_then_leave(screen, lang)
        assert "✗" not in screen.output


@pytest.mark.parametrize("lang", LANGS)
def test_a_beaten_or_busting_arrangement_is_asked_about_first(tmp_path: Path,
                                                              lang: str) -> None:
    # Before: 7|QQ|J105 (beaten in every group by another split) and 7|J5|Q Q 10 -> no
    # warning; 7 5|... with a bust B sealed at once.
    with Terminal(tmp_path, "--game", "tianji", "--seed", "4", "--lang", lang) as screen:
        screen.expect(translate("console.pick_suggestion", lang, last=3))
        screen.type("7|QQ|J105")
        screen.expect(translate("host.tianji.advice_better", lang,
                                groups="A ♠10 · B ♥J ♣7 · C ♠Q ♣Q ♥5"))
        screen.type("n")
        screen.expect(translate("console.not_kept", lang))
        screen.type("Qs|75|QcJ10")
        screen.expect(translate("host.tianji.advice_bust", lang, cards="♣7 ♥5", points="12"))
        screen.type("y")
        screen.expect("tester: A ♠Q · B ♣7 ♥5 · C ♣Q ♥J ♠10 (")
        screen.expect(translate("console.again", lang))
        screen.type("n")
        assert screen.finish() == 0


@pytest.mark.parametrize("lang", LANGS)
def test_an_unreadable_arrangement_is_answered_with_how_to_write_one(tmp_path: Path,
                                                                    lang: str) -> None:
    # Before: the parse error, then "Type one of: Use suggested", as if no split could be
    # typed.
    with Terminal(tmp_path, "--game", "tianji", "--seed", "4", "--lang", lang) as screen:
        screen.expect(translate("console.pick_suggestion", lang, last=3))
        screen.type("xyz")
        screen.expect("✗ ")
        screen.expect(translate("host.tianji.prompt", lang))
        _third_then_leave(screen, lang)
        choices_head = translate("console.choices", lang, choices="\0", first="").split("\0")[0]
        assert choices_head not in screen.output.split("xyz", 1)[1]


@pytest.mark.parametrize(("lang", "rounds"), [
    ("en", ["① nothing",
            "② A: AI 2 over AI 3 1 · B: tester over AI 1 2 · C: AI 1 over AI 2 3",
            "③ AI 1 beats tester 2 · tester beats AI 2 4 · tester and AI 3 even"]),
    ("zh", ["① 无", "② A 组 电脑2 吃 电脑3 1 · B 组 tester 吃 电脑1 2 · C 组 电脑1 吃 电脑2 3",
            "③ 电脑1 胜 tester 2 · tester 胜 电脑2 4 · tester 与 电脑3 打平"])])
def test_the_result_shows_who_beat_whom_in_each_round(tmp_path: Path, lang: str,
                                                      rounds: list[str]) -> None:
    # Before: only each seat's totals per round (①0 ②+2 ③+2), never the pairings.
    with Terminal(tmp_path, "--game", "tianji", "--seed", "4", "--lang", lang) as screen:
        screen.expect(translate("console.pick_suggestion", lang, last=3))
        screen.type("")
        for line in rounds:
            screen.expect(line)
        screen.expect(translate("console.again", lang))
        screen.type("n")
        assert screen.finish() == 0
