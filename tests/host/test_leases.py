"""Two hosts (as two bot processes would) on one PostgreSQL database: a room is acted on by
the one holding its lease; an idle room goes to whoever hears of it next; a dead host's game
is taken over, finished and booked once; a host that lost a lease cannot write."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from bot.errors import SetupError
from bot.host import commands as cmd
from bot.host import simulate
from bot.host.runtime.clock import ManualClock
from bot.host.views import Phase
from bot.i18n import translate
from tests import postgres
from tests.host.conftest import PLACE, HostFactory, actor, ok, open_table, play_out, room_id

pytestmark = pytest.mark.postgres
LEASE = 1000.0  # seconds of the test's clock; the real heartbeat never fires in a test


@pytest.fixture
def database() -> Iterator[str]:
    url = postgres.fresh_database()
    yield url
    postgres.drop_database(url)


async def _two(make_host: HostFactory, database: str):  # type: ignore[no-untyped-def]
    first = await make_host(database=database, lease_seconds=LEASE, lease_owner="first")
    second = await make_host(database=database, lease_seconds=LEASE, lease_owner="second")
    return first, second


async def test_a_command_for_a_room_another_process_holds_is_refused_and_changes_nothing(
    make_host: HostFactory, database: str
) -> None:
    (first, _), (second, _) = await _two(make_host, database)
    before = await open_table(first, "doudizhu3", people=2, ais=1)
    reply = await second.handle(cmd.Act(actor(0), PLACE, text="3"))
    assert not reply.ok and reply.key == "host.room_elsewhere"
    reply = await second.handle(cmd.NewRoom(actor(5), PLACE, game="tianji"))
    assert not reply.ok and reply.key == "host.room_elsewhere"
    assert room_id() not in second.rooms
    saved = await first.store.load_room(room_id())
    assert saved == before.to_snapshot() and first.rooms[room_id()].counter == before.counter
    assert await first.store.room_leases() == {room_id(): "first"}


async def test_an_idle_room_is_let_go_and_taken_by_the_next_process_that_hears_of_it(
    make_host: HostFactory, database: str, clock: ManualClock
) -> None:
    (first, _), (second, _) = await _two(make_host, database)
    await ok(first, cmd.NewRoom(actor(0), PLACE, game="doudizhu3"))
    clock.advance(LEASE * 0.6)
    await first.leases.beat()  # type: ignore[union-attr]
    assert room_id() in first.rooms  # not idle long enough yet
    clock.advance(LEASE * 0.6)
    await first.leases.beat()  # type: ignore[union-attr]
    assert room_id() not in first.rooms and await first.store.room_leases() == {}
    await ok(second, cmd.Join(actor(1), PLACE))  # loads the lobby the first one saved
    seated = [seat.user_id for seat in second.rooms[room_id()].seats]
    assert seated == ["u0", "u1"]
    assert await second.store.room_leases() == {room_id(): "second"}


async def test_a_dead_process_s_game_is_taken_over_finished_and_booked_once(
    make_host: HostFactory, database: str, clock: ManualClock
) -> None:
    (first, _), (second, seen) = await _two(make_host, database)
    dealt = await open_table(first, "doudizhu3", people=2, ais=1)
    assert dealt.phase is Phase.PLAYING
    await first.driver.stop()  # the first process hangs: no timers, no heartbeat
    await second.leases.beat()  # type: ignore[union-attr]
    assert room_id() not in second.rooms  # its lease is still good: nothing to take
    clock.advance(LEASE + 1)
    await second.leases.beat()  # type: ignore[union-attr]
    taken = second.rooms[room_id()]
    assert taken.counter == dealt.counter and taken.state == dealt.state
    assert seen.tables, "the table was shown again by the new owner"
    over = await play_out(second)
    assert over.phase is Phase.OVER
    # The first process wakes up and acts on its stale copy: refused, nothing written.
    stale_reply = await first.handle(cmd.Act(actor(0), PLACE, text="pass"))
    assert not stale_reply.ok and stale_reply.key == "host.room_elsewhere"
    assert room_id() not in first.rooms
    [record] = await second.store.finished_games()
    assert await second.store.books_balanced()
    assert sum(record.deltas.values()) == 0 and len(record.deltas) == 3


async def test_a_room_claimed_while_the_heartbeat_renews_is_not_taken_for_lost(
    make_host: HostFactory, database: str
) -> None:
    (first, _), _ = await _two(make_host, database)
    leases = first.leases
    assert leases is not None
    await ok(first, cmd.NewRoom(actor(0), PLACE, game="doudizhu3"))
    renew = first.store.renew_leases

    async def renew_then_claim(owner: str, ttl: float) -> set[str]:
        kept = await renew(owner, ttl)
        assert await leases.claim("room-claimed-meanwhile")  # committed after the renewal
        return kept

    first.store.renew_leases = renew_then_claim  # type: ignore[method-assign]
    await leases.beat()
    assert {room_id(), "room-claimed-meanwhile"} <= leases.held
    assert room_id() in first.rooms


# -- a database stall longer than a lease: the other process finishes the hand ------------


async def test_a_hand_taken_over_after_a_stall_shows_its_result_and_play_again_works_anywhere(
    make_host: HostFactory, database: str, clock: ManualClock
) -> None:
    first, _ = await make_host(database=database, lease_seconds=LEASE, lease_owner="first",
                               ai_delay=5)
    second, seen = await make_host(database=database, lease_seconds=LEASE,
                                   lease_owner="second", ai_delay=5)
    await open_table(first, "doudizhu3", people=2, ais=1, start=False)
    for n in range(2):  # every seat plays itself, as the simulation's do
        await ok(first, cmd.Auto(actor(n), PLACE, on=True))
    await ok(first, cmd.Start(actor(0), PLACE))
    clock.advance(LEASE + 1)  # the stall: the first renewed nothing meanwhile
    await second.leases.beat()  # type: ignore[union-attr]
    assert second.rooms[room_id()].phase is Phase.PLAYING  # taken over
    await first.leases.beat()  # type: ignore[union-attr]  # the stall is over: lost
    assert room_id() not in first.rooms
    for _ in range(200):  # the second plays the hand out
        clock.advance(5)
        await second.quiesce()
        taken = second.rooms.get(room_id())
        if taken is None or taken.phase is not Phase.PLAYING:
            break
    await second.leases.handed_back()  # type: ignore[union-attr]
    results = [note for note in seen.notes if note.kind == "host.result"]
    assert len(results) == 1, "its result was posted by the process that finished it"
    # Its hand is over: the room is let go at once, and "Play again" pressed where the
    # chat's events arrive (the first process) deals the next hand there.
    assert room_id() not in second.rooms and await second.store.room_leases() == {}
    await ok(first, cmd.Rematch(actor(0), PLACE))
    assert first.rooms[room_id()].phase is Phase.PLAYING and first.rooms[room_id()].hands == 2
    assert await first.store.room_leases() == {room_id(): "first"}


async def test_a_lobby_left_by_a_stall_is_parked_for_whoever_hears_of_it_next(
    make_host: HostFactory, database: str, clock: ManualClock
) -> None:
    (first, _), (second, _) = await _two(make_host, database)
    await ok(first, cmd.NewRoom(actor(0), PLACE, game="doudizhu3"))
    clock.advance(LEASE + 1)  # a stall while people are still sitting down
    await second.leases.beat()  # type: ignore[union-attr]
    assert room_id() not in second.rooms  # nothing runs there: not held
    await first.leases.beat()  # type: ignore[union-attr]
    await ok(first, cmd.Join(actor(1), PLACE))
    assert [seat.user_id for seat in first.rooms[room_id()].seats] == ["u0", "u1"]


async def test_a_hand_of_a_platform_not_served_here_is_left_to_a_process_that_serves_it(
    make_host: HostFactory, database: str, clock: ManualClock
) -> None:
    (first, _), (second, _) = await _two(make_host, database)
    del second.outlets[PLACE.platform]  # e.g. a process without the Telegram token
    await open_table(first, "doudizhu3", people=2, ais=1)
    clock.advance(LEASE + 1)
    await second.leases.beat()  # type: ignore[union-attr]
    assert room_id() not in second.rooms  # finished there, nobody would see it
    await first.leases.beat()  # type: ignore[union-attr]
    assert room_id() in first.rooms
    assert await first.store.room_leases() == {room_id(): "first"}


async def test_a_simulated_person_told_to_try_again_presses_again_until_the_table_is_free(
    make_host: HostFactory, database: str
) -> None:
    (first, _), (second, _) = await _two(make_host, database)
    await ok(second, cmd.NewRoom(actor(0), PLACE, game="doudizhu3"))  # held by the second
    joining = asyncio.create_task(simulate._ok(first, cmd.Join(actor(1), PLACE)))
    await asyncio.sleep(simulate.RETRY_AFTER * 1.5)  # refused at least once meanwhile
    assert not joining.done()
    async with second.lock(room_id()):
        await second.leases.park([room_id()])  # type: ignore[union-attr]
    await asyncio.wait_for(joining, 10)
    assert [seat.user_id for seat in first.rooms[room_id()].seats] == ["u0", "u1"]


async def test_a_simulated_person_refused_for_good_ends_the_run_in_one_line(
    make_host: HostFactory, database: str
) -> None:
    (first, _), _ = await _two(make_host, database)
    with pytest.raises(SetupError) as refused:
        await simulate._ok(first, cmd.Join(actor(1), PLACE))  # no table here
    assert refused.value.key == "setup.simulate_refused"
    assert "\n" not in translate(refused.value.key, "en", **refused.value.params)


async def test_a_room_taken_over_that_left_memory_before_it_was_shown_again_is_no_error(
    make_host: HostFactory, database: str
) -> None:
    (first, _), _ = await _two(make_host, database)
    # The heartbeat shows each room it took over again; one whose hand ended at once (and
    # was handed back) is gone from memory by then: the heartbeat goes on.
    await first.reshow("a-room-handed-back-meanwhile")
