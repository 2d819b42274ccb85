"""打棒子 typed at a console terminal (issue 53 point 9): cards with or without their suits,
and `help play` saying how (it gave 斗地主's ranks-only help)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.i18n import translate
from tests.adapters.console.terminal import Terminal

LANGS = ["en", "zh"]
# Seed 5: AI 1 deals, trumps ♠ (魂儿 ♠A); the first trick is AI 1 ♥K ♥K, and tester holds
# the hearts ♥A ♥Q ♥9 ♥8 ♥4 ♥3: two of them must follow. Then AI 1 leads ♦Q ♦Q and
# tester's ♦4 ♦4 is the pair that must follow it.


@pytest.mark.parametrize("lang", LANGS)
def test_cards_are_typed_with_or_without_their_suits(tmp_path: Path, lang: str) -> None:
    # Before: 3, 3c, c3, AA and "Ah Ah" were all "✗ … is not something you can do now".
    follow = translate("dbz.prompt.follow", lang, cards="♥K ♥K", count=2)
    with Terminal(tmp_path, "--game", "dabangzi", "--seed", "5", "--lang", lang) as screen:
        screen.expect(follow)
        screen.type("help play")
        screen.expect(translate("dbz.help.play", lang).splitlines()[0][:40])
        screen.type("3")  # one card for a lead of two: fits no legal play
        screen.expect("✗ " + translate("dbz.typed_none", lang, cards="3"))
        screen.type("4")
        screen.expect("✗ ")
        screen.type("43")  # the only two hearts that read 4 and 3
        screen.expect("tester ♥4 ♥3")
        screen.expect(translate("dbz.prompt.follow", lang, cards="♦Q ♦Q", count=2))
        screen.type("d4 4d")  # the suit before or after the rank
        screen.expect("tester ♦4 ♦4")
        screen.type("auto")
        screen.expect(translate("console.again", lang), wait=180)
        screen.type("n")
        assert screen.finish() == 0
    assert translate("dbz.bad_action", lang, action="43") not in screen.output
