"""Chinese as players type it at a 斗地主 table: 对A, 三个K, 王 (the one joker held), 3分,
and the referee's `judge 33344 66677` (issue 14)."""

from __future__ import annotations

import pytest

from bot.errors import IllegalAction
from bot.games.doudizhu.actions import Phase, canonical

from .deals import make, run


@pytest.mark.parametrize(("typed", "read"), [
    ("对A", "play AA"), ("一对3", "play 33"), ("三个K", "play KKK"), ("四张9", "play 9999"),
    ("对10", "play TT"), ("出 对A", None),
])
def test_sets_spelt_out_in_chinese_are_read(typed: str, read: str | None) -> None:
    if read is None:
        with pytest.raises(IllegalAction):
            canonical(typed, Phase.PLAYING)
        return
    assert canonical(typed, Phase.PLAYING) == read


def test_3分_is_a_bid() -> None:
    assert canonical("3分", Phase.BIDDING) == "bid 3"


def test_王_plays_the_one_joker_held_and_asks_which_when_both() -> None:
    state = run(make("3456789TJQKA2222R", bottom="444"), "bid 3")
    after, _ = state.apply(0, "王")
    assert after.history[-1] == (0, "R")
    both = run(make("3456789TJQKA222BR", bottom="444"), "bid 3")
    with pytest.raises(IllegalAction) as info:
        both.apply(0, "王")
    assert info.value.key == "ddz.err.which_joker"
    none = run(make("3456789TJQKA2222", "BR", bottom="444"), "bid 3")
    with pytest.raises(IllegalAction) as info:
        none.apply(0, "王")
    assert info.value.key == "ddz.err.no_joker"

