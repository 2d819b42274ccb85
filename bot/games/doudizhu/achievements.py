"""斗地主's achievements, in its own words: 春天 (spring: the landlord won and no farmer
played a card), 反春 (anti-spring: the farmers won and the landlord played one move alone),
连炸 (a bomb run: two bombs or rockets of one seat in a hand), and the landlord's winning
streak (its record's `streaks`: storage counts the run)."""

from __future__ import annotations

from bot.cards import Rank, parse_ranks
from bot.games.base import GameState, Outcome
from bot.games.doudizhu.state import DoudizhuState

BOMB_RUN = 2  # bombs and rockets by one seat in one hand



def _is_bomb(read: str) -> bool:
    """A play's cards as the table read them make a bomb: four or more of one rank (a soft
    bomb's wild cards standing in, 天地癞子's longer bombs) or the rocket."""
    ranks = sorted(parse_ranks(read))
    return (len(ranks) >= 4 and len(set(ranks)) == 1) \
        or ranks == [Rank.BLACK_JOKER, Rank.RED_JOKER]


def _read(action: str) -> str:
    """What a play's canonical action was read as: `play 666T=6666` → 6666 (a wild card
    standing in), `play 9999` → 9999."""
    return action.removeprefix("play ").rpartition("=")[2]


def awarded(state: GameState, outcome: Outcome) -> tuple[tuple[str, ...], ...]:
    """Per seat, what the finished hand awards it."""
    assert isinstance(state, DoudizhuState)
    won = [score > 0 for score in outcome.scores]
    out: list[list[str]] = [[] for _ in outcome.scores]
    for seat, role in enumerate(outcome.roles):
        if "spring" in outcome.causes and role == "landlord" and won[seat]:
            out[seat].append("spring")
        if "anti_spring" in outcome.causes and role == "farmer" and won[seat]:
            out[seat].append("anti_spring")
    bombs = [0] * len(outcome.scores)
    # The play phase's actions are the record's last ones, one for each play or pass.
    plays = state.actions[len(state.actions) - len(state.history):]
    for (seat, shown), action in zip(state.history, plays, strict=True):
        if shown and _is_bomb(_read(action)):
            bombs[seat] += 1
    for seat, count in enumerate(bombs):
        if count >= BOMB_RUN:
            out[seat].append("bomb_run")
    return tuple(tuple(found) for found in out)
