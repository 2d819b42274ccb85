"""田忌赛马's achievement: 通杀 to the seat that beats every other seat in all three groups,
and to nobody else."""

from __future__ import annotations

import random

from bot.games.tianji.achievements import awarded
from bot.games.tianji.spec import TIANJI


def test_the_table_sweeper_alone_earns_the_sweep() -> None:
    seen = 0
    for seed in range(300):
        state = TIANJI.new_game(3, TIANJI.default_options(), seed, dealer=0)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act()[0]
            state, _ = state.apply(seat, TIANJI.ai_action(state, seat, rng))
        found = awarded(state, TIANJI.outcome(state))
        sweeper = state.settlement.sweeper
        assert found == tuple(("sweep",) if s == sweeper else () for s in range(3))
        seen += sweeper is not None
    assert seen  # some table was swept
