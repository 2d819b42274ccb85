"""AI decisions in a worker process are the decisions made inline (engines are pure)."""

from __future__ import annotations

import pytest

from bot.host import games
from bot.host.runtime.thinking import Thinker


@pytest.mark.parametrize("game", ["doudizhu3", "tianji", "tianji-duel"])
async def test_a_worker_process_decides_exactly_as_inline(game: str) -> None:
    spec = games.spec(game)
    players = 3 if game == "doudizhu3" else 2
    state = spec.new_game(players, spec.default_options(), 12345)
    seat = state.to_act()[0]
    inline, pooled = Thinker(0), Thinker(1)
    try:
        for seed in ("a", "b", "c"):
            assert await pooled.decide(game, state, seat, seed) == await inline.decide(
                game, state, seat, seed)
    finally:
        pooled.close()


@pytest.mark.parametrize("game", ["doudizhu3", "tianji"])
async def test_a_worker_process_suggests_exactly_as_inline(game: str) -> None:
    spec = games.spec(game)
    state = spec.new_game(3, spec.default_options(), 777)
    seat = state.to_act()[0]
    pooled = Thinker(1)
    try:
        assert await pooled.hints(game, state, seat) == spec.hints(state, seat)
    finally:
        pooled.close()
