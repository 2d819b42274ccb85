"""Settling a finished game through the ledger: scores × stake, the bean floor, AI seats
against the house, and the escape penalty (RULES §1.5).

The settlement is saved in the same transaction as the last action and the room's snapshot,
keyed by the game id, so it is booked exactly once whatever happens to the process.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot import fairness
from bot.games import registry
from bot.games.stakes import floor_losses
from bot.host.views import Phase
from storage.records import BANK, HOUSE, RatedSeat, Settlement
from storage.records import Outcome as PersonOutcome

if TYPE_CHECKING:
    from bot.games.base import Outcome
    from bot.host.change import Change
    from bot.host.context import HandlerContext
    from bot.host.room import Room

UNLIMITED = 10**15  # the house's "balance": AI seats never run out of beans


async def floored(host: HandlerContext, room: Room,
                  amounts: list[int]) -> tuple[list[int], list[int]]:
    """Amounts cut by the bean floor (beans rooms), and the balances it used."""
    if room.mode != "beans":
        return list(amounts), []
    people = [s.player_id for s in room.seats if s.player_id is not None]
    balances = await host.store.balances(people, "beans") if people else {}
    held = [UNLIMITED if seat.player_id is None else balances.get(seat.player_id, 0)
            for seat in room.seats]
    return floor_losses(amounts, held), [b if b != UNLIMITED else -1 for b in held]


def settlement_of(room: Room, outcome: Outcome, final: list[int], result: dict[str, Any],
                  at: float) -> Settlement:
    """The ledger transaction and per-person outcomes of a game."""
    deltas: dict[int, int] = {}
    outcomes: list[PersonOutcome] = []
    # What the game awards (春天, 通杀 ...): a hand played out, each seat's own (not 托管's).
    played = outcome.ended_by is None and room.state is not None
    awarded = registry.achievements(room.game, room.state, outcome) if played \
        else tuple(() for _ in outcome.scores)
    streaks = registry.module(room.game).streaks
    for seat, (score, amount) in enumerate(zip(outcome.scores, final, strict=True)):
        person = room.seats[seat]
        account = HOUSE if person.player_id is None else person.player_id
        if amount:
            deltas[account] = deltas.get(account, 0) + amount
        if person.player_id is not None:
            own = played and not person.carried
            role = outcome.roles[seat]
            outcomes.append(PersonOutcome(
                person.player_id, seat, role, score > 0, amount, carried=person.carried,
                alone=bool(role) and role == registry.module(room.game).alone_role,
                achievements=tuple(awarded[seat]) if own else (),
                streak=streaks.get(role or "") if own else None))
    reclaimed = bank_share(final)
    if reclaimed:
        deltas[BANK] = reclaimed
    kind = "beans" if room.mode == "beans" else "points"
    return Settlement(room.game_id or "", kind, deltas, result, outcomes, at,
                      seats=rated_seats(room, outcome))


def rated_seats(room: Room, outcome: Outcome) -> tuple[RatedSeat, ...]:
    """Every seat as the ratings see it, on the side its game declares; none for a hand
    ended by an escape (a penalty, not a result of play)."""
    sides = sides_of(room.game, tuple(outcome.scores))
    if outcome.ended_by is not None:
        return ()
    return tuple(RatedSeat(seat.player_id, outcome.roles[index], outcome.scores[index],
                           rated=seat.player_id is not None and not seat.carried,
                           side=sides[index])
                 for index, seat in enumerate(room.seats))


def sides_of(game: str, scores: tuple[int, ...]) -> list[int]:
    """Each seat's side as the game declares them (GameModule.sides): everyone for
    themselves, or partnerships and one against the rest (a side's seats score alike)."""
    if registry.module(game).sides == "free_for_all":
        return list(range(len(scores)))
    distinct = sorted(set(scores), reverse=True)
    return [distinct.index(score) for score in scores]


def bank_share(final: list[int]) -> int:
    """What the bank takes: an escape penalty reclaimed by the system (RULES §1.5,
    中途逃跑的用户所扣的分系统收回) is the only settlement that does not sum to zero."""
    return -sum(final)


async def finish_game(host: HandlerContext, room: Room, change: Change, outcome: Outcome) -> None:
    """Close the game in `room` (already the changed copy) with the engine's outcome:
    settle, and end the hand."""
    assert room.state is not None
    scores = list(outcome.scores)
    amounts = [score * room.stake for score in scores]
    final, balances = await floored(host, room, amounts)
    result: dict[str, Any] = {"scores": scores, "stake": room.stake, "final": final,
                              "balances": balances, "dealer": outcome.dealer}
    if outcome.dealt_with:  # what the game before carried into this one (a replay needs it)
        result["dealt_with"] = dict(outcome.dealt_with)
    if room.game_id and room.seed is not None:  # the commitment kept, the seeds revealed
        result["fairness"] = fairness.record(room.game_id, room.seed, room.hand_seeds)
    # The actions people chose themselves (the rest: AI seats, 托管, time-outs, 要不起)
    result["own"] = sorted(index for seat in room.seats for index in seat.own_actions)
    if outcome.ended_by is None:
        result["game"] = dict(outcome.record)
    else:
        result["ended_by"] = outcome.ended_by
    change.settlement = settlement_of(room, outcome, final, result, host.clock.now())
    # Everything a result shows, kept while the seats are still the game's: people who
    # leave lose their seat below, and the notices name them from here.
    room.last_result = {
        "ended_by": outcome.ended_by, "mode": room.mode, "game": result.get("game"),
        "stake": room.stake, "outcome": outcome.to_dict(),
        "public": room.state.public_view(),
        "seats": [{"name": seat.name, "is_ai": seat.is_ai, "score": score, "final": amount,
                   "role": outcome.roles[index]}
                  for index, (seat, score, amount) in enumerate(zip(room.seats, scores, final,
                                                                    strict=True))],
    }
    room.phase = Phase.OVER
    room.deadline = None
    change.privates |= set(room.people())
    change.notes.append(("host.result", {}))
    # People who left during the hand lose their seat now that it is over.
    kept = [seat for seat in room.seats if not seat.leaving]
    if len(kept) != len(room.seats):
        # Seat numbers shift, so the finished hand is put away (nobody may read another's).
        room.seats = kept
        room.prompt_since = [room.counter] * len(kept)
        room.phase = Phase.LOBBY if room.people() else Phase.CLOSED
        room.state = None
        change.privates = set(room.people())
