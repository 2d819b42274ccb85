"""打棒子 typed at a console terminal (issue 53 point 9): cards with or without their suits,
and `help play` saying how (it gave 斗地主's ranks-only help)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.i18n import translate
from tests.adapters.console.terminal import Terminal

LANGS = ["en", "zh"]
# Seed 5: AI 1 deals, trumps ♠ (魂儿 ♠A); the first trick is AI 1 ♣A ♣A, and tester holds
# the clubs ♣J ♣9 ♣8 ♣5 ♣4: two of them must follow. Then AI 1 leads its 魂儿 pair ♠A ♠A
# and two of tester's trumps (no pair among them) follow it.


@pytest.mark.parametrize("lang", LANGS)
def test_cards_are_typed_with_or_without_their_suits(tmp_path: Path, lang: str) -> None:
    # Before: 3, 3c, c3, AA and "Ah Ah" were all "✗ … is not something you can do now".
    follow = translate("dbz.prompt.follow", lang, cards="♣A ♣A", count=2)
    with Terminal(tmp_path, "--game", "dabangzi", "--seed", "5", "--lang", lang) as screen:
        screen.expect(follow)
        screen.type("help play")
        screen.expect(translate("dbz.help.play", lang).splitlines()[0][:40])
        screen.type("3")  # one card for a lead of two: fits no legal play
        screen.expect("✗ " + translate("dbz.typed_none", lang, cards="3"))
        screen.type("4")
        screen.expect("✗ ")
        screen.type("54")  # the only two clubs that read 5 and 4
        screen.expect("tester ♣5 ♣4")
        screen.expect(translate("dbz.prompt.follow", lang, cards="♠A ♠A", count=2))
        screen.type("s6 8s")  # the suit before or after the rank
        screen.expect("tester ♠8 ♠6")
        screen.type("auto")
        screen.expect(translate("console.again", lang), wait=180)
        screen.type("n")
        assert screen.finish() == 0
    assert translate("dbz.bad_action", lang, action="54") not in screen.output
