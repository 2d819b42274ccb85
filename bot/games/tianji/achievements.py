"""田忌赛马's achievement: 通杀, beating every other seat in all three groups."""

from __future__ import annotations

from bot.games.base import GameState, Outcome
from bot.games.tianji.state import TableState


def awarded(state: GameState, outcome: Outcome) -> tuple[tuple[str, ...], ...]:
    """Per seat, what the finished table awards it: 通杀 ("sweep") to its sweeper."""
    assert isinstance(state, TableState)
    sweeper = state.settlement.sweeper if state.settlement is not None else None
    return tuple(("sweep",) if seat == sweeper else () for seat in range(state.players))
