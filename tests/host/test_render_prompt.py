"""The 斗地主 play prompt says "nothing beats" only when nothing does."""

from __future__ import annotations

from bot.host.presentation.render import renderer
from bot.i18n import translate

PUBLIC = {"phase": "playing", "trick": {"cards": "4"}}


def test_a_seat_in_auto_play_without_hints_is_still_told_it_can_beat() -> None:
    prompt = renderer("doudizhu3").prompt(PUBLIC, {}, ["pass", "play 8", "play 88"], [], "en")
    assert prompt.text == translate("host.ddz.prompt.beat", "en", cards="4")


def test_a_seat_whose_only_action_is_pass_is_told_nothing_beats() -> None:
    prompt = renderer("doudizhu3").prompt(PUBLIC, {}, ["pass"], [], "zh")
    assert prompt.text == translate("host.ddz.prompt.cannot_beat", "zh", cards="4")
