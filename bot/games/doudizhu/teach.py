"""Replays that teach: the strong AI rates each decision a person made in a finished hand.

For every play a person chose themselves (not an AI seat's, not one 托管 or a time-out made
for them, not a pass with nothing else open), the strong AI (`search.choose`, the table's
`ai_budget`) looks at the position as that seat saw it: its own hand, the cards played,
the bidding and the passes (`levels.knowledge_from_state`), never the other hands. It says
the move it would have played, and both moves are weighed on the same random deals of the
unseen cards (`search.rollout`: every seat then plays on as the planner does, the search's
own evaluation). A move's value is its mean result for the seat's side, +1 a win and -1 a
loss, so half the difference of the two values is the change in the chance of winning:

    loss = (value(AI's move) - value(played move)) / 2

0.12 reads "the AI's move won 12 more deals in 100 than the one played". Decisions where the
AI agrees, or the loss is under `MISTAKE`, are not mistakes. The numbers are estimates over
`DEALS` deals (their noise is a few points); the hand's biggest mistakes are the largest
losses. The random generator is seeded from the position, so an analysis is reproducible.

A bid (叫分/抢地主) or 加倍 a person chose is set beside the strong AI's (`appraise.action`,
the planner checked against play-outs) without a number ("loss": None): those play-outs
weigh the side's chances, not each call, so only the call the AI would make is said.
In the 癞子 modes (no strong level there yet) each play a person chose is set beside the
modes' planner's (`wild_ai`), without a number unless they agree (loss 0).
Each decision carries its moves in the players' words in both languages (`words`), as the
table says them (in the auction "pass" is 不叫).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from bot.games import registry
from bot.games.doudizhu import appraise, search, wild_ai
from bot.games.doudizhu import moves as mv
from bot.games.doudizhu.actions import PASS, Phase
from bot.games.doudizhu.levels import knowledge_from_state
from bot.games.doudizhu.position import from_state
from bot.games.doudizhu.spec import DOUDIZHU2, DOUDIZHU3
from bot.games.doudizhu.state import DoudizhuState, play_text
from bot.games.doudizhu.text import DoudizhuText

DEALS = 32  # deals each of the two moves is played out on (the same deals for both)
MISTAKE = 0.05  # a loss of this much win chance or more is a mistake
TOP = 3  # the biggest mistakes listed at the top of the replay
SPECS = {2: DOUDIZHU2, 3: DOUDIZHU3}
LANGS = ("en", "zh")
CALLS = (Phase.BIDDING, Phase.DOUBLING)  # rated by the call the AI would make, no number


def _move_of(state: DoudizhuState, seat: int, action: str) -> mv.Move | None:
    """The move an action played (None: the pass)."""
    if action == PASS:
        return None
    for move in state.legal_moves(seat):
        if play_text(move) == action:
            return move
    raise ValueError(f"{action!r} is not a legal play of seat {seat}")


def _action_of(move: mv.Move | None) -> str:
    return PASS if move is None else play_text(move)


def rate(state: DoudizhuState, seat: int, action: str, budget: int,
         deals: int = DEALS) -> dict[str, Any]:
    """One decision rated: the AI's move, and the loss of win chance (see the docstring)."""
    pos = from_state(state, seat)
    know = knowledge_from_state(state, seat, pos)
    played = _move_of(state, seat, action)
    best = search.choose(pos, know, budget).move
    rated: dict[str, Any] = {"played": action, "best": _action_of(best), "loss": 0.0}
    if best == played:
        return rated
    rng = random.Random(search.position_seed(pos))
    memo: dict[tuple, mv.Move | None] = {}
    total = 0.0
    rounds = 1 if know.known else deals
    for _ in range(rounds):
        hidden = know.sample(rng)
        ours, _ = search.rollout(pos, know, hidden, best, memo, search.PLAY_SCORE_WEIGHT)
        theirs, _ = search.rollout(pos, know, hidden, played, memo, search.PLAY_SCORE_WEIGHT)
        total += ours - theirs
    rated["loss"] = round(total / rounds / 2, 3)
    return rated


def analyse(game: str, options: Mapping[str, Any], seed: int, result: Mapping[str, Any],
            actions: Sequence[tuple[int, str]], people: Sequence[bool],
            own: Sequence[int] | None, budget: int | None = None) -> dict[str, Any]:
    """Rate every decision of the people in a finished hand.

    `people[seat]`: the seat is a person's; `own`: the indexes (in `actions`, from 0) of the
    actions people chose themselves, or None when the record does not say (an older one:
    every person's action counts as theirs). Returns `{"decisions": [...], "mistakes":
    [...]}`: each decision `{"index": step number (1 = the first action), "seat", "played",
    "best", "loss", "words"}`, the mistakes the `TOP` biggest losses of at least `MISTAKE`."""
    spec = SPECS[len(people)]
    registry.module(game)  # its catalogue, for the words
    text = DoudizhuText(options)
    state = spec.new_game(len(people), dict(options), seed, dealer=result.get("dealer") or 0)
    assert isinstance(state, DoudizhuState)
    chosen = None if own is None else set(own)
    spend = budget if budget is not None else state.options.ai_budget
    decisions = []
    for index, (seat, action) in enumerate(actions):
        mine = people[seat] and (chosen is None or index in chosen)
        if mine and len(state.legal_actions(seat)) > 1 and (
                state.phase is Phase.PLAYING or state.phase in CALLS):
            if state.phase is Phase.PLAYING and state.options.wild_mode:
                best = wild_ai.choose_action(state, seat)
                rated = {"played": action, "best": best, "loss": None if best != action
                         else 0.0}
            elif state.phase is Phase.PLAYING:
                rated = rate(state, seat, action, spend)
            else:
                rated = {"played": action, "best": appraise.action(state, seat, spend),
                         "loss": None}
            public = state.public()
            rated["words"] = {part: {lang: text.hint_text(public, rated[part], lang)
                                     for lang in LANGS} for part in ("played", "best")}
            decisions.append({"index": index + 1, "seat": seat, **rated})
        state = spec.step(state, seat, action).state
    mistakes = sorted((d for d in decisions if (d["loss"] or 0) >= MISTAKE),
                      key=lambda d: (-d["loss"], d["index"]))[:TOP]
    return {"decisions": decisions, "mistakes": [d["index"] for d in mistakes],
            "deals": DEALS, "threshold": MISTAKE}
