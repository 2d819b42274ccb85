"""What one seat knows of the hidden hands, read from the record of a deal (the bidding
and the plays), the same whether the record comes from a game state (`levels`) or from a
`doudizhu-ai` request (`ai_service`): so the strong AI decides alike in both."""

from __future__ import annotations

from bot.games.doudizhu import ai
from bot.games.doudizhu import moves as mv
from bot.games.doudizhu.actions import CALL, GRAB, NO_GRAB, PASS
from bot.games.doudizhu.inference import Bid, Knowledge, Read, knowledge
from bot.games.doudizhu.position import Counts, Position

ZERO: Counts = (0,) * 15


def bid_ranges(players: int, grab: bool, auction: list[tuple[int, str]]) -> tuple[Bid, ...]:
    """What each seat's bidding says of its dealt hand, read as the planner bids
    (`ai.bid_decision`): the strength range each action fits."""
    one, two, three = ai.BID_STRENGTH[players]
    needs = (one, two, three, float("inf"))
    top = float("inf")
    out: list[Bid] = []
    if grab:
        called = False
        for seat, act in auction:
            if act == CALL:
                out.append(Bid(seat, one, top))
                called = True
            elif act == PASS and not called:
                out.append(Bid(seat, -top, one))
            elif act == GRAB:
                out.append(Bid(seat, two, top))
            elif act == NO_GRAB:
                out.append(Bid(seat, -top, two))
        return tuple(out)
    high = 0
    for seat, act in auction:
        if act.startswith("bid "):
            bid = int(act[4])
            out.append(Bid(seat, needs[bid - 1], needs[bid]))
            high = max(high, bid)
        elif act == PASS and high < 3:
            out.append(Bid(seat, -top, needs[high]))
    return tuple(out)


def history_moves(players: int, history: list[tuple[int, Counts]]) -> list[Read]:
    """How each play of the history was made (`inference.Read`): the reading it was played
    as — the one that beats the trick, the longest chain and then the highest rank
    (`play.choose_reading`); None for a pass — and the move and seat it answered."""
    out: list[Read] = []
    table: mv.Move | None = None
    table_seat: int | None = None
    passes = 0
    for seat, counts in history:
        if not any(counts):
            out.append(Read(None, table, table_seat))
            passes += 1
            if passes >= players - 1:
                table, table_seat, passes = None, None, 0
            continue
        readings = _readings(counts)
        if table is not None:
            readings = [m for m in readings if m.beats(table)]
        move = max(readings, key=lambda m: (m.length, m.rank))
        out.append(Read(move, table, table_seat))
        table, table_seat, passes = move, seat, 0
    return out


def _readings(counts: Counts) -> list[mv.Move]:
    known = _reading_memo.get(counts)
    if known is None:
        if len(_reading_memo) >= 50_000:
            _reading_memo.clear()
        known = _reading_memo[counts] = mv.classify_counts(list(counts))
    return known


_reading_memo: dict[Counts, list[mv.Move]] = {}


def is_bomb(counts: Counts) -> bool:
    """True for the cards of a bomb or the rocket."""
    size = sum(counts)
    return (size == 4 and max(counts) == 4) or (size == 2 and counts[13] == counts[14] == 1)


def knowledge_of(pos: Position, history: list[tuple[int, Counts]], bottom: Counts,
                 hidden_dummy: int = 0, shown_landlord: bool = False,
                 bomb_cap: int | None = None, bids: tuple[Bid, ...] = ()) -> Knowledge:
    """The knowledge of the seat of `pos` after `history` (seat, cards played; no cards for
    a pass); `hidden_dummy`: the size of a hidden two-player dummy (0 if none or shown)."""
    played = [list(ZERO) for _ in range(pos.players)]
    plays = [0] * pos.players
    bombs = 0
    for who, counts in history:
        if any(counts):
            plays[who] += 1
            bombs += is_bomb(counts)
        for i, n in enumerate(counts):
            played[who][i] += n
    moves = history_moves(pos.players, history) if pos.players == 3 else None
    bomb_room = 99 if bomb_cap is None else max(0, bomb_cap - bombs)
    return knowledge(pos, [tuple(p) for p in played], bottom, tuple(plays), history,
                     hidden_dummy=hidden_dummy, shown_landlord=shown_landlord,
                     bomb_room=bomb_room, bids=bids, moves=moves)
