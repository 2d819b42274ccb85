"""Re-judging stored games: replay each record through its engine and compare the books."""

from __future__ import annotations

import logging

from bot.games.stakes import floor_losses
from bot.host import games
from bot.host.handlers.settle import UNLIMITED, bank_share
from storage.records import BANK, HOUSE, GameRecordRow

log = logging.getLogger(__name__)


def replay_matches(row: GameRecordRow) -> bool:
    """True when replaying the record gives its stored scores, amounts and ledger deltas."""
    try:
        spec = games.spec(row.game)
        result = row.result or {}
        state = games.redeal(row.game, len(row.seats), row.options, row.seed, result)
        for seat, action in row.actions:
            state = spec.step(state, seat, action).state
        ended = result.get("ended_by") or ""
        if ended.startswith("escape:"):
            outcome = spec.leave(state, int(ended.split(":")[1]))
            if outcome is None:
                return False
        else:
            if not state.is_over:
                return False
            outcome = spec.outcome(state)
        scores = list(outcome.scores)
        if scores != result.get("scores"):
            return False
        amounts = [s * row.stake for s in scores]
        if row.mode == "beans":
            held = [UNLIMITED if b < 0 else b for b in result.get("balances", [])]
            amounts = floor_losses(amounts, held)
        if amounts != result.get("final"):
            return False
        deltas: dict[int, int] = {}
        for player, amount in zip(row.seats, amounts, strict=True):
            account = HOUSE if player is None else player
            if amount:
                deltas[account] = deltas.get(account, 0) + amount
        if bank_share(amounts):
            deltas[BANK] = bank_share(amounts)
        return {k: v for k, v in deltas.items() if v} == {
            k: v for k, v in row.deltas.items() if v}
    except Exception:
        log.exception("game %s does not replay", row.game_id)
        return False
