"""The 斗地主 play prompt says "nothing beats" only when nothing does (the engine says)."""

from __future__ import annotations

from dataclasses import replace

from bot.games.doudizhu.options import RuleOptions
from bot.games.doudizhu.state import DoudizhuState
from bot.games.doudizhu.views import Trick
from bot.host.presentation.render import renderer
from bot.i18n import translate

STATE = DoudizhuState.new(RuleOptions(), 0)
PUBLIC = replace(STATE.public(), phase="playing", trick=Trick(0, "4", "single"))


def private(*legal: str):
    """Seat 1's private view asked to beat the 4 with these legal actions."""
    return replace(STATE.private(1), prompt="play", legal=legal, can_pass="pass" in legal,
                   can_beat=any(a.startswith("play ") for a in legal))


def test_a_seat_in_auto_play_without_hints_is_still_told_it_can_beat() -> None:
    prompt = renderer("doudizhu3").prompt(PUBLIC, private("pass", "play 8", "play 88"),
                                          [], [], "en")
    assert prompt.text == translate("host.ddz.prompt.beat", "en", cards="4")


def test_a_seat_whose_only_action_is_pass_is_told_nothing_beats() -> None:
    prompt = renderer("doudizhu3").prompt(PUBLIC, private("pass"), [], [], "zh")
    assert prompt.text == translate("host.ddz.prompt.cannot_beat", "zh", cards="4")


def test_the_private_view_says_whether_the_seat_can_pass_and_beat() -> None:
    from tests.games.doudizhu.deals import make, run

    state = run(make("4", "8", None), "bid 3", "play 4")  # seat 1 to beat a 4
    view = state.private(1)
    assert view.prompt == "play" and view.can_pass and view.can_beat
    assert state.private(0).prompt is None  # not seat 0's turn
