"""Competitions through the real host and storage: 14 simulated players in 托管, a no-show,
byes, tie-breaks, a restart in the middle of a stage, cup points in the ledger.

Every advancement is checked against a recount from the stored game records (the ledger's
points entries of each table's games), independent of the competition's own bookkeeping.
"""

from __future__ import annotations

from collections import defaultdict

from bot.host import commands as cmd
from bot.host.runtime.clock import ManualClock
from bot.host.views import Phase
from bot.tournament import commands as cup_cmd
from bot.tournament.competition import FINISHED, Competition
from bot.tournament.draw import commitment, draw
from bot.tournament.service import CupService
from bot.tournament.table import DONE, WAITING
from tests.tournament.conftest import PLACE, Factory, ok, person, shut

PLAYERS = 14


async def run_until(service: CupService, clock: ManualClock, done: object,
                    limit: int = 4000) -> None:
    """Move the clock a second at a time (one AI move per room) until `done()`."""
    for _ in range(limit):
        await service.quiesce()
        if done():  # type: ignore[operator]
            return
        clock.advance(1.0)
    raise AssertionError("the competition did not get there")


def the_cup(service: CupService) -> Competition:
    (cup,) = service.cups.values()
    return cup


async def check_in_everyone(host: object, service: CupService, absent: set[int]) -> None:
    cup = the_cup(service)
    for table in cup.live_tables():
        if table.status != WAITING:
            continue
        for number in table.seats:
            if number in absent:
                continue
            who = person(number)  # person n signed up n-th: entrant number n
            # 托管 first (kept across hands), then report: the AI plays every hand.
            await ok(host, cmd.Auto(who, PLACE, room=table.room_id, on=True))  # type: ignore[arg-type]
            await ok(host, cup_cmd.CupCheckIn(who, PLACE))  # type: ignore[arg-type]


async def test_fourteen_players_through_the_host_with_a_restart(
        open_cup_host: Factory, clock: ManualClock) -> None:
    host, service, recorder = await open_cup_host(seed=11)
    organiser = person(0, admin=True)
    await ok(host, cup_cmd.CupCreate(organiser, PLACE, name="Spring",
                                     settings={"hands": "1", "window": "5",
                                               "seed": "spring-2026"}))
    created = recorder.cup_notes("cup.created")[-1].text
    for n in range(1, PLAYERS + 1):
        await ok(host, cup_cmd.CupSignUp(person(n), PLACE))
    refused = await host.handle(cup_cmd.CupClose(person(3), PLACE))
    assert not refused.ok and refused.key == "cup.err.not_organiser"
    await ok(host, cup_cmd.CupClose(organiser, PLACE))
    cup = the_cup(service)

    # The seed is published at the close, its commitment at the creation; the draw is
    # what anyone gets by re-running it.
    assert commitment(cup.seed) in created
    assert cup.seed in recorder.cup_notes("cup.seed")[-1].text
    expected = draw(range(1, PLAYERS + 1), cup.seed, "s1", 3)
    stage = cup.stage
    assert [tuple(t.seats) for t in stage.tables] == list(expected.tables)
    assert tuple(stage.byes) == expected.byes
    assert all(host.rooms[t.room_id].phase is Phase.LOBBY for t in stage.tables)

    # A competition table refuses AI seats, joining and leaving.
    table1 = stage.tables[0]
    sitter = person(table1.seats[0])
    for command, key in ((cmd.AddAI(sitter, room=table1.room_id), "cup.err.table_locked"),
                         (cmd.Leave(sitter, room=table1.room_id), "cup.err.use_withdraw"),
                         (cmd.Join(person(99), room=table1.room_id), None)):
        reply = await host.handle(command)
        assert not reply.ok and (key is None or reply.key == key), reply.key

    # Check-in is at one's own table: a press at another is refused and checks in nobody.
    elsewhere = person(stage.tables[1].seats[0])
    for command in (cmd.Start(elsewhere, room=table1.room_id),
                    cmd.Join(elsewhere, room=table1.room_id)):
        reply = await host.handle(command)
        assert not reply.ok and reply.key == "cup.err.not_your_table", reply.key
        assert "Table 2" in reply.text, reply.text
    assert not stage.tables[0].checked_in and not stage.tables[1].checked_in

    no_show = stage.tables[2].seats[0]
    await check_in_everyone(host, service, {no_show})
    await service.quiesce()
    assert [t.status for t in cup.stage.tables].count(WAITING) == 1

    # Play a little, then restart in the middle of the stage (hands half played).
    for _ in range(5):
        clock.advance(1.0)
        await service.quiesce()
    assert any(host.rooms[t.room_id].phase is Phase.PLAYING for t in cup.stage.tables)
    await shut(host, service)
    host, service, recorder = await open_cup_host(seed=12)
    cup = the_cup(service)
    assert cup.stage.number == 1

    # The no-show's window closes: their table starts with the AI in their seat.
    clock.advance(300.0)
    await service.quiesce()
    table3 = cup.stage.tables[2]
    assert table3.status != WAITING and table3.forfeits == [no_show]
    seat = table3.seat_of(no_show)
    assert host.rooms[table3.room_id].seats[seat].auto
    # They may not take the seat back.
    refused = await host.handle(cmd.Auto(person(no_show), PLACE, room=table3.room_id, on=False))
    assert not refused.ok and refused.key == "cup.err.forfeited"

    # Every later stage: everyone checks in at once.
    def finished() -> bool:
        return cup.phase == FINISHED

    for _ in range(20):
        await check_in_everyone(host, service, set())
        await run_until(service, clock, lambda: finished() or any(
            t.status == WAITING for t in cup.live_tables()))
        if finished():
            break
    assert cup.phase == FINISHED

    await check_against_the_records(host, cup, no_show)
    # Cup points: 3 to first, 2 to second(s), 1 to third, on the cup leaderboard.
    store = host.store
    prizes = cup.prizes()
    for number in {n for _, n in cup.places}:
        player = cup.entrant(number).player_id
        assert (await store.stats(player)).cup == prizes[player]  # type: ignore[attr-defined]
    board = await host.handle(cup_cmd.CupBoard(person(1), PLACE))
    first = cup.entrant(cup.places[0][1]).name
    assert board.ok and first in board.text.splitlines()[1]
    assert await store.books_balanced()  # type: ignore[attr-defined]
    standings = await host.handle(cup_cmd.CupStandings(person(1), PLACE))
    assert standings.ok and first in standings.text
    # Table rooms are closed once done; nobody is left seated.
    for stage in cup.stages:
        for table in stage.all_tables():
            assert host.rooms[table.room_id].phase is Phase.CLOSED
    assert any(t.tie_rounds for s in cup.stages for t in s.all_tables()) \
        or any(s.playoffs for s in cup.stages), "seed 11 is meant to produce a tie"


async def check_against_the_records(host: object, cup: Competition, no_show: int) -> None:
    """Recount every table from the stored games and check who went on."""
    by_room: dict[str, list[tuple[int, dict[int, int]]]] = defaultdict(list)
    for record in await host.store.finished_games():  # type: ignore[attr-defined]
        hand = int(record.game_id.rsplit("-", 1)[1])
        by_room[record.room_id].append((hand, record.deltas))
    player_of = {e.number: e.player_id for e in cup.entrants}
    for stage in cup.stages:
        for table in stage.all_tables():
            games = sorted(by_room[table.room_id])
            regulation = games[:table.played]
            extra = games[table.played:]
            assert len(extra) == table.extra_played
            for seat, number in enumerate(table.seats):
                pid = player_of[number]
                assert table.scores[seat] == sum(d.get(pid, 0) for _, d in regulation)
                assert table.extra[seat] == sum(d.get(pid, 0) for _, d in extra)
            assert table.status == DONE
        if stage.final:
            table = stage.tables[0]
            eligible = [n for n in table.seats if n not in table.forfeits]
            best = max(table.key_of(n) for n in eligible)
            (winner,) = [n for n in eligible if table.key_of(n) == best]
            assert cup.places[0] == (1, winner)
            continue
        # Stage rule (per table, k = 1): each table's best by (score, extra) among those
        # who did not forfeit; plus byes; plus runners-up filling up to three.
        expected = set(stage.byes)
        for table in stage.tables:
            eligible = [n for n in table.seats if n not in table.forfeits]
            if eligible:
                best = max(table.key_of(n) for n in eligible)
                winners = [n for n in eligible if table.key_of(n) == best]
                assert len(winners) == 1, "a tie at a table must be broken by extra hands"
                expected.add(winners[0])
        assert no_show not in expected or stage.number > 1
        expected |= set(stage.filled)
        assert stage.advanced == sorted(expected)
        if len(expected) - len(stage.filled) >= 3:
            assert stage.filled == []
