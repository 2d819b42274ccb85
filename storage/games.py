"""Game records (header, actions, result) and their settlement into ledger and standings.

These functions run on the database thread inside the transaction of one `save_room`.
Options, seats and results are stored as JSON; storage never looks inside them.
"""

from __future__ import annotations

import json
import sqlite3
from collections import defaultdict
from datetime import tzinfo
from typing import Any

import orjson

from storage import achievements, ledger, ratings, standings
from storage.errors import ActionConflictError, LedgerError, UnknownRecordError
from storage.records import ActionRecord, GameRecordRow, GameStart, Settlement


def to_json(value: Any) -> str:
    """Compact JSON that keeps Chinese text readable in the file. orjson writes a room's
    snapshot (every accepted action saves one, on the event loop) in a quarter of the time
    the standard encoder takes; the standard one, which reads the same, writes what orjson
    refuses (an integer beyond 64 bits, say)."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return _ENCODER.encode(value)


# Plain data, never a cycle: not checking for one makes a save a third cheaper.
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False)


def settlement_key(game_id: str) -> str:
    """The ledger key of a game's settlement (with the settlement's kind: once per kind)."""
    return f"game:{game_id}"


def start_game(conn: sqlite3.Connection, start: GameStart) -> None:
    """Write the header of a game record; a second start of the same game id is ignored."""
    try:
        conn.execute(
            "INSERT INTO games (game_id, room_id, community_id, game, options, seed, seats,"
            " stake, mode, started_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (game_id) DO NOTHING",
            (
                start.game_id, start.room_id, start.community_id, start.game,
                to_json(start.options), str(start.seed), to_json(list(start.seats)),
                start.stake, start.mode, start.at,
            ),
        )
    except sqlite3.IntegrityError as error:
        raise UnknownRecordError(f"no community with id {start.community_id}") from error


def append_action(conn: sqlite3.Connection, action: ActionRecord) -> None:
    """Append an action; the same action twice is a no-op, a different one at its index fails."""
    try:
        cursor = conn.execute(
            "INSERT INTO game_actions (game_id, idx, seat, action, at) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (game_id, idx) DO NOTHING",
            (action.game_id, action.index, action.seat, action.action, action.at),
        )
    except sqlite3.IntegrityError as error:
        raise UnknownRecordError(f"no game record {action.game_id!r} (start it first)") from error
    if cursor.rowcount == 0:
        seat, text = conn.execute(
            "SELECT seat, action FROM game_actions WHERE game_id = ? AND idx = ?",
            (action.game_id, action.index),
        ).fetchone()
        refuse_unless_same(action, seat, text)


def refuse_unless_same(action: ActionRecord, seat: int, text: str) -> None:
    """ActionConflictError unless the action recorded at its index (seat, text) is it."""
    if (seat, text) != (action.seat, action.action):
        raise ActionConflictError(
            f"game {action.game_id!r} action {action.index} is already seat {seat} "
            f"{text!r}, not seat {action.seat} {action.action!r}"
        )


def _check_outcomes(settlement: Settlement) -> None:
    ledger.check_zero_sum(settlement.kind, settlement.deltas)
    per_player: dict[int, int] = defaultdict(int)
    seats = [outcome.seat for outcome in settlement.outcomes]
    if len(seats) != len(set(seats)):
        raise LedgerError(f"game {settlement.game_id!r}: two outcomes for one seat {seats}")
    for outcome in settlement.outcomes:
        if outcome.player_id <= 0:
            raise LedgerError(f"outcome for a non-player account {outcome.player_id}")
        per_player[outcome.player_id] += outcome.delta
    for player_id, delta in per_player.items():
        if settlement.deltas.get(player_id, 0) != delta:
            raise LedgerError(
                f"game {settlement.game_id!r}: outcome delta {delta} of player {player_id} "
                f"disagrees with the ledger delta {settlement.deltas.get(player_id, 0)}"
            )


def settle(conn: sqlite3.Connection, settlement: Settlement, tz: tzinfo,
           season_months: int = 1) -> bool:
    """Book a finished game: ledger, result, outcomes, standings (all-time, the week and the
    season of `settlement.at`), the ratings of its seats. False if already settled."""
    _check_outcomes(settlement)
    row = conn.execute(
        "SELECT community_id, game FROM games WHERE game_id = ?", (settlement.game_id,)
    ).fetchone()
    if row is None:
        raise UnknownRecordError(f"no game record {settlement.game_id!r} to settle")
    community_id, game = row[0], str(row[1])
    roles: list[tuple[int, str, bool, bool]] = []
    earned: list[tuple[int, str]] = []  # (player, achievement)
    streaks: list[tuple[int, str, str, int]] = []  # (player, role, achievement, wins in a row)
    first = False  # outcomes recorded now: the game's first settlement (once per game)
    booked = ledger.book(
        conn, settlement_key(settlement.game_id), settlement.kind, settlement.deltas,
        at=settlement.at, on_boards=True, community_id=community_id,
        memo=f"settlement of {settlement.game_id}",
    )
    if not booked:
        return False
    # The first settlement of a game (one per kind is allowed) records its result.
    conn.execute(
        "UPDATE games SET result = ?, finished_at = ? WHERE game_id = ? AND result IS NULL",
        (to_json(settlement.result), settlement.at, settlement.game_id),
    )
    increments: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for account, amount in settlement.deltas.items():
        if account > 0 and amount:
            increments[account][settlement.kind] += amount
    for outcome in settlement.outcomes:
        try:
            cursor = conn.execute(
                "INSERT INTO outcomes (game_id, seat, player_id, role, won, delta)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, seat) DO NOTHING",
                (settlement.game_id, outcome.seat, outcome.player_id, outcome.role,
                 int(outcome.won), outcome.delta),
            )
        except sqlite3.IntegrityError as error:
            raise UnknownRecordError(f"no player with id {outcome.player_id}") from error
        if cursor.rowcount:  # a game counts once even when settled in two kinds
            first = True
            counters = increments[outcome.player_id]
            counters["games"] += 1
            counters["wins"] += int(outcome.won)
            counters["carried"] += int(outcome.carried)
            if outcome.role:
                roles.append((outcome.player_id, outcome.role, outcome.won, outcome.carried))
            earned += [(outcome.player_id, found) for found in outcome.achievements]
            if outcome.streak is not None and outcome.role and outcome.won:
                streaks.append((outcome.player_id, outcome.role, *outcome.streak))
            if outcome.alone:
                counters["landlord_games"] += 1
                counters["landlord_wins"] += int(outcome.won)
    standings.add(conn, community_id, standings.iso_week(settlement.at, tz), increments,
                  season=standings.season_of(settlement.at, tz, season_months))
    standings.add_roles(conn, community_id, game, roles)
    earned += [(player_id, found) for player_id, role, found, wins in streaks
               if standings.streak(conn, player_id, game, role) == wins]
    achievements.award(conn, settlement.game_id, game, earned)
    if first:
        ratings.update(conn, settlement.game_id, game, settlement.seats, settlement.at,
                       community_id)
    return True


_RECORD_COLUMNS = (
    "g.game_id, g.game, g.options, g.seed, g.seats, g.stake, g.mode, g.result,"
    " g.room_id, g.community_id"
)


def _records(conn: sqlite3.Connection, where: str, params: tuple[Any, ...]) -> list[GameRecordRow]:
    headers = conn.execute(
        f"SELECT {_RECORD_COLUMNS} FROM games g WHERE {where}"
        " ORDER BY g.finished_at, g.game_id",
        params,
    ).fetchall()
    actions: dict[str, list[tuple[int, str]]] = defaultdict(list)
    for game_id, seat, action in conn.execute(
        f"SELECT a.game_id, a.seat, a.action FROM game_actions a JOIN games g USING (game_id)"
        f" WHERE {where} ORDER BY a.game_id, a.idx",
        params,
    ):
        actions[game_id].append((seat, action))
    deltas: dict[str, dict[int, int]] = defaultdict(dict)
    for game_id, account, amount in conn.execute(
        "SELECT g.game_id, e.account_id, e.amount FROM games g"
        " JOIN ledger_txns t ON t.key = 'game:' || g.game_id AND t.kind = g.mode"
        f" JOIN ledger_entries e ON e.txn_id = t.id WHERE {where}",
        params,
    ):
        deltas[game_id][account] = amount
    return [
        GameRecordRow(
            game_id=game_id, game=game, options=json.loads(options), seed=int(seed),
            seats=json.loads(seats), stake=stake, mode=mode, actions=actions[game_id],
            result=json.loads(result) if result is not None else None,
            deltas=deltas[game_id], room_id=room_id, community_id=community_id,
        )
        for game_id, game, options, seed, seats, stake, mode, result, room_id, community_id
        in headers
    ]


def finished_games(conn: sqlite3.Connection) -> list[GameRecordRow]:
    """Every settled game with its actions and ledger deltas, oldest first."""
    return _records(conn, "g.finished_at IS NOT NULL", ())


def unfinished_games(conn: sqlite3.Connection) -> list[str]:
    """The ids of games started and not settled, oldest first."""
    rows = conn.execute(
        "SELECT game_id FROM games WHERE finished_at IS NULL ORDER BY started_at, game_id"
    ).fetchall()
    return [game_id for (game_id,) in rows]


def game_record(conn: sqlite3.Connection, game_id: str) -> GameRecordRow | None:
    """One game record, finished or not."""
    found = _records(conn, "g.game_id = ?", (game_id,))
    return found[0] if found else None


def hands_recorded(conn: sqlite3.Connection, room_id: str) -> int:
    """The highest hand number among the room's game records (`<room_id>-<n>`), 0 if none."""
    rows = conn.execute("SELECT game_id FROM games WHERE room_id = ?", (room_id,)).fetchall()
    numbers = (game_id.rpartition("-")[2] for (game_id,) in rows)
    return max((int(n) for n in numbers if n.isdigit()), default=0)
