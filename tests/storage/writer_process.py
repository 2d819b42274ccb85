"""A process that plays games into a database as fast as it can, for the SIGKILL test.

    python -m tests.storage.writer_process PATH PREFIX

Prints "settled <game id>" after each settlement's save returned (committed).
"""

from __future__ import annotations

import asyncio
import sys

from storage import ActionRecord, GameStart, Outcome, Settlement, Storage

ROOMS = 8
ACTIONS = 5


async def play(storage: Storage, seats: list[int], prefix: str, room: int) -> None:
    """Play games in one room forever: start, actions, settlement."""
    for number in range(10**9):
        game_id = f"{prefix}-{room}-{number}"
        room_id = f"{prefix}-room-{room}"
        start = GameStart(game_id, room_id, None, "doudizhu3", {}, number, list(seats), 5,
                          "beans", 0.0)
        await storage.save_room(room_id, {"game": game_id}, game_start=start)
        for index in range(ACTIONS):
            action = ActionRecord(game_id, index, index % 3, f"act {index}", 0.0)
            await storage.save_room(room_id, {"game": game_id, "at": index}, action=action)
        landlord = seats[number % 3]
        farmers = [p for p in seats if p != landlord]
        deltas = {landlord: 10, farmers[0]: -5, farmers[1]: -5}
        outcomes = [Outcome(p, seats.index(p), None, deltas[p] > 0, deltas[p]) for p in seats]
        settlement = Settlement(game_id, "beans", deltas, {"n": number}, outcomes, 0.0)
        await storage.save_room(room_id, {"game": game_id, "over": True}, settlement=settlement)
        print(f"settled {game_id}", flush=True)


async def main(path: str, prefix: str) -> None:
    """Open, make three players, play in ROOMS rooms until killed."""
    storage = await Storage.open(path)
    seats = [await storage.player("crash", str(n), f"p{n}") for n in range(3)]
    print("ready", flush=True)
    await asyncio.gather(*(play(storage, seats, prefix, room) for room in range(ROOMS)))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
