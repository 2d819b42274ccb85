"""Settling a finished game through the ledger: scores × stake, the bean floor, AI seats
against the house, and the escape penalty (RULES §1.5).

The settlement is saved in the same transaction as the last action and the room's snapshot,
keyed by the game id, so it is booked exactly once whatever happens to the process.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.games.doudizhu.settlement import floor_losses
from bot.host.views import Phase
from storage.records import BANK, HOUSE, Outcome, Settlement

if TYPE_CHECKING:
    from bot.host.host import Change, Host
    from bot.host.room import Room

UNLIMITED = 10**15  # the house's "balance": AI seats never run out of beans


def game_scores(room_spec: object, state: object) -> list[int]:
    """A finished game's per-seat result in stake units, penalties of the hand included.

    斗地主 reports `no_bid_penalty` scores of all-pass redeals in `penalties` for the room to
    apply; they are settled with the hand.
    """
    scores = list(room_spec.scores(state))  # type: ignore[attr-defined]
    penalties = getattr(state, "penalties", ())
    if penalties and len(penalties) == len(scores):
        scores = [s + p for s, p in zip(scores, penalties, strict=True)]
    return scores


def role_of(room: Room, seat: int) -> str | None:
    """The seat's role in the game's words ("landlord"/"farmer"), if the game has roles."""
    landlord = getattr(room.state, "landlord", None)
    if landlord is None:
        return None
    return "landlord" if seat == landlord else "farmer"


def game_result(room: Room) -> dict[str, Any]:
    """The engine's own result of a finished game (for the record and the replay check)."""
    result = getattr(room.state, "result", None)
    if callable(result):
        return dict(result())
    return {"public": room.state.public_view()} if room.state is not None else {}


async def floored(host: Host, room: Room, amounts: list[int]) -> tuple[list[int], list[int]]:
    """Amounts cut by the bean floor (beans rooms), and the balances it used."""
    if room.mode != "beans":
        return list(amounts), []
    people = [s.player_id for s in room.seats if s.player_id is not None]
    balances = await host.store.balances(people, "beans") if people else {}
    held = [UNLIMITED if seat.player_id is None else balances.get(seat.player_id, 0)
            for seat in room.seats]
    return floor_losses(amounts, held), [b if b != UNLIMITED else -1 for b in held]


def settlement_of(room: Room, scores: list[int], final: list[int], result: dict[str, Any],
                  at: float) -> Settlement:
    """The ledger transaction and per-person outcomes of a game."""
    deltas: dict[int, int] = {}
    outcomes: list[Outcome] = []
    for seat, (score, amount) in enumerate(zip(scores, final, strict=True)):
        person = room.seats[seat]
        account = HOUSE if person.player_id is None else person.player_id
        if amount:
            deltas[account] = deltas.get(account, 0) + amount
        if person.player_id is not None:
            outcomes.append(Outcome(person.player_id, seat, role_of(room, seat), score > 0,
                                    amount))
    reclaimed = bank_share(final)
    if reclaimed:
        deltas[BANK] = reclaimed
    kind = "beans" if room.mode == "beans" else "points"
    return Settlement(room.game_id or "", kind, deltas, result, outcomes, at)


def bank_share(final: list[int]) -> int:
    """What the bank takes: an escape penalty reclaimed by the system (RULES §1.5,
    中途逃跑的用户所扣的分系统收回) is the only settlement that does not sum to zero."""
    return -sum(final)


async def finish_game(host: Host, room: Room, change: Change,
                      scores: list[int] | None = None, ended_by: str | None = None) -> None:
    """Close the game in `room` (already the changed copy): settle, and end the hand."""
    assert room.state is not None
    if scores is None:
        scores = game_scores(room.spec, room.state)
    amounts = [score * room.stake for score in scores]
    final, balances = await floored(host, room, amounts)
    result: dict[str, Any] = {"scores": scores, "stake": room.stake, "final": final,
                              "balances": balances,
                              "dealer": getattr(room.state, "dealer", None)}
    if ended_by is None:
        result["game"] = game_result(room)
    else:
        result["ended_by"] = ended_by
    change.settlement = settlement_of(room, scores, final, result, host.clock.now())
    room.last_result = {
        "ended_by": ended_by, "mode": room.mode, "game": result.get("game"),
        "stake": room.stake,
        "seats": [{"name": seat.name, "is_ai": seat.is_ai, "score": score, "final": amount,
                   "role": role_of(room, index)}
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
