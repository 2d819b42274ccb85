"""Positions of 打棒子 built by hand for the rules tests."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.games.dabangzi.state import DabangziState


def position(**fields: Any) -> DabangziState:
    """A single-hand state (seed 1, dealt from seat 0) with some fields replaced."""
    return replace(DabangziState.start(1, 0, False), **fields)


def hands(*cards: str) -> tuple[tuple[str, ...], ...]:
    """Four hands from four strings of codes."""
    return tuple(tuple(sorted(text.split())) for text in cards)


def play_out(state: DabangziState) -> DabangziState:
    """Play on with the first legal action until the state is over."""
    while not state.is_over:
        seat = state.to_act()[0]
        state, _ = state.apply(seat, state.legal_actions(seat)[0])
    return state
