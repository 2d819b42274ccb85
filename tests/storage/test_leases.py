"""Room leases: one owner at a time, renewed by heartbeat, taken over when they expire, and
checked by every save of the room."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from storage import LeaseLostError, Outcome, Settlement, Storage
from tests.storage.conftest import MONDAY, FakeClock
from tests.storage.test_rooms import _start

TTL = 30.0


async def test_a_leased_room_is_refused_to_another_owner_until_the_lease_expires(
    storage: Storage, clock: FakeClock
) -> None:
    assert await storage.acquire_room("room-1", "a", TTL)
    assert await storage.acquire_room("room-1", "a", TTL)  # renewing one's own
    assert not await storage.acquire_room("room-1", "b", TTL)
    clock.now += TTL - 1
    assert not await storage.acquire_room("room-1", "b", TTL)
    clock.now += 2
    assert await storage.acquire_room("room-1", "b", TTL)
    assert await storage.room_leases() == {"room-1": "b"}
    assert not await storage.acquire_room("room-1", "a", TTL)


async def test_the_heartbeat_keeps_the_leases_it_still_holds(
    storage: Storage, clock: FakeClock
) -> None:
    for room in ("r1", "r2", "r3"):
        assert await storage.acquire_room(room, "a", TTL)
    clock.now += TTL / 2
    assert await storage.renew_leases("a", TTL) == {"r1", "r2", "r3"}
    clock.now += TTL - 1  # still held thanks to the renewal
    assert not await storage.acquire_room("r2", "b", TTL)
    clock.now += 2  # the owner stopped beating: another takes a room
    assert await storage.acquire_room("r2", "b", TTL)
    # Late, it keeps what nobody took: nobody else can have written those rooms.
    assert await storage.renew_leases("a", TTL) == {"r1", "r3"}
    await storage.release_rooms(["r1", "r2", "r3"], "a")  # r2 is b's: it stays b's
    assert await storage.room_leases() == {"r2": "b"}
    await storage.release_rooms(["r2"], "b")
    assert await storage.room_leases() == {}
    assert await storage.acquire_room("r2", "c", TTL)  # a parked room is anyone's


async def test_a_lease_let_go_is_an_orphan_at_once_and_no_longer_renewed(
    storage: Storage, clock: FakeClock
) -> None:
    for room in ("r1", "r2"):
        await storage.save_room(room, {"room": room})
        assert await storage.acquire_room(room, "a", TTL)
    await storage.expire_rooms(["r1"], "b")  # not b's: nothing changes
    assert await storage.orphaned_rooms() == []
    await storage.expire_rooms(["r1"], "a")
    assert await storage.orphaned_rooms() == ["r1"]
    assert await storage.room_leases() == {"r2": "a"}
    assert await storage.acquire_room("r1", "b", TTL)  # anyone takes it over
    assert await storage.renew_leases("a", TTL) == {"r2"}


async def test_saved_rooms_without_a_live_lease_are_orphans(
    storage: Storage, clock: FakeClock
) -> None:
    for room in ("r1", "r2", "r3"):
        await storage.save_room(room, {"room": room})
    await storage.acquire_room("r1", "a", TTL)
    await storage.acquire_room("r2", "a", 5)
    assert await storage.orphaned_rooms() == ["r3"]
    clock.now += 10
    assert await storage.orphaned_rooms() == ["r2", "r3"]
    await storage.acquire_room("r3", "b", TTL)
    await storage.release_rooms(["r3"], "b")  # parked: nobody needs to drive it
    clock.now += 2 * TTL
    assert await storage.orphaned_rooms() == ["r1", "r2"]
    assert await storage.load_room("r2") == {"room": "r2"}
    assert await storage.load_room("nowhere") is None


async def test_a_save_by_a_process_that_lost_the_lease_writes_nothing(
    storage: Storage, clock: FakeClock
) -> None:
    seats = [await storage.player("telegram", str(n), f"P{n}") for n in range(3)]
    assert await storage.acquire_room("room-1", "a", TTL)
    await storage.save_room("room-1", {"by": "a"}, game_start=_start("g1", list(seats)),
                            lease="a")
    clock.now += TTL + 1
    assert await storage.acquire_room("room-1", "b", TTL)
    settlement = Settlement("g1", "beans", {seats[0]: 2, seats[1]: -1, seats[2]: -1}, {},
                            [Outcome(seats[0], 0, None, True, 2),
                             Outcome(seats[1], 1, None, False, -1),
                             Outcome(seats[2], 2, None, False, -1)], MONDAY)
    with pytest.raises(LeaseLostError, match="room-1"):
        await storage.save_room("room-1", {"by": "a", "over": True}, settlement=settlement,
                                lease="a")
    assert await storage.load_room("room-1") == {"by": "a"}
    assert await storage.finished_games() == []
    assert await storage.balance(seats[0]) == 1000
    assert await storage.save_room("room-1", {"by": "b"}, settlement=settlement, lease="b")
    assert await storage.balance(seats[0]) == 1002


async def test_owners_racing_for_rooms_on_separate_connections_get_each_room_once(
    database: Path | str,
) -> None:
    first, second = await Storage.open(database), await Storage.open(database)
    try:
        rooms = [f"room-{n}" for n in range(30)]
        won = await asyncio.gather(*(
            storage.acquire_room(room, owner, TTL)
            for room in rooms for storage, owner in ((first, "a"), (second, "b"))))
        assert won.count(True) == len(rooms)
        for index in range(len(rooms)):
            assert won[2 * index] != won[2 * index + 1]
        holders = await first.room_leases()
        assert sorted(holders) == sorted(rooms)
    finally:
        await first.close()
        await second.close()


async def test_a_room_gone_from_the_table_is_not_written_again_without_its_lease(
    storage: Storage, clock: FakeClock
) -> None:
    assert await storage.acquire_room("room-1", "a", TTL)
    await storage.save_room("room-1", {"by": "a"}, lease="a")
    await storage.delete_room("room-1")
    clock.now += TTL + 1
    assert await storage.acquire_room("room-1", "b", TTL)
    with pytest.raises(LeaseLostError, match="room-1"):  # a new row, not only an update
        await storage.save_room("room-1", {"by": "a"}, lease="a")
    assert await storage.load_room("room-1") is None
    await storage.save_room("room-1", {"by": "b"}, lease="b")
    assert await storage.load_room("room-1") == {"by": "b"}
