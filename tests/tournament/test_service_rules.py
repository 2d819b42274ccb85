"""The cup service's rules through the real host: who may organise, sign-up windows,
check-in by button, withdrawals, guards on competition tables, two-player and bean cups."""

from __future__ import annotations

from bot.host import commands as cmd
from bot.host.payload import encode_payload
from bot.host.runtime.clock import ManualClock
from bot.host.views import Phase
from bot.tournament import commands as cup_cmd
from bot.tournament.competition import CANCELLED, FINISHED, RUNNING, Competition
from bot.tournament.config import CupConfig, checked
from bot.tournament.service import CupService
from bot.tournament.table import DONE, PLAYING, WAITING, Table
from tests.tournament.conftest import PLACE, Factory, ok, person
from tests.tournament.test_service import run_until


def the_cup(service: CupService) -> Competition:
    return max(service.cups.values(), key=lambda c: c.cup_id)


async def new_cup(host: object, players: int, **settings: str) -> None:
    await ok(host, cup_cmd.CupCreate(person(0, admin=True), PLACE, name="Test",  # type: ignore[arg-type]
                                     settings={"seed": "fixed", **settings}))
    for n in range(1, players + 1):
        await ok(host, cup_cmd.CupSignUp(person(n), PLACE))  # type: ignore[arg-type]


async def timed_bean_table(host: object, service: CupService, minutes: str) -> Table:
    """A closed three-player bean cup with a time limit: its one table, every seat in 托管."""
    await new_cup(host, 3, scoring="beans", time=minutes, window="0")
    await ok(host, cup_cmd.CupClose(person(0, admin=True), PLACE))  # type: ignore[arg-type]
    table = the_cup(service).stage.tables[0]
    for n in table.seats:
        await ok(host, cmd.Auto(person(n), room=table.room_id, on=True))  # type: ignore[arg-type]
    return table


async def test_only_organisers_create_and_close(open_cup_host: Factory) -> None:
    host, service, _ = await open_cup_host()
    refused = await host.handle(cup_cmd.CupCreate(person(1), PLACE, name="Mine"))
    assert not refused.ok and refused.key == "cup.err.not_organiser"
    # An admin names a role; its members may organise.
    refused = await host.handle(cup_cmd.CupOrganiserRole(person(1), PLACE, role="r1"))
    assert refused.key == "cup.err.not_admin"
    await ok(host, cup_cmd.CupOrganiserRole(person(0, admin=True), PLACE, role="r1"))
    await ok(host, cup_cmd.CupCreate(person(1), PLACE, roles=("r1",), name="Mine"))
    again = await host.handle(cup_cmd.CupCreate(person(0, admin=True), PLACE, name="Two"))
    assert not again.ok and again.key == "cup.err.cup_here"
    # The creator manages their own competition; others may not.
    refused = await host.handle(cup_cmd.CupClose(person(2), PLACE))
    assert refused.key == "cup.err.not_organiser"
    await ok(host, cup_cmd.CupCancel(person(1), PLACE))
    assert the_cup(service).phase == CANCELLED
    await ok(host, cup_cmd.CupCreate(person(0, admin=True), PLACE, name="Two"))


async def test_bad_settings_and_options_are_refused(open_cup_host: Factory) -> None:
    host, _, _ = await open_cup_host()
    admin = person(0, admin=True)
    for settings, key in (({"advance": "3"}, "cup.err.bad_setting"),
                          ({"hands": "many"}, "cup.err.bad_setting"),
                          ({"bidding": "auction"}, None)):
        reply = await host.handle(cup_cmd.CupCreate(admin, PLACE, settings=settings))
        assert not reply.ok and (key is None or reply.key == key), reply.key


async def test_the_sign_up_window_closes_by_itself(open_cup_host: Factory,
                                                   clock: ManualClock) -> None:
    host, service, recorder = await open_cup_host()
    await new_cup(host, 4, signup="10")
    await ok(host, cup_cmd.CupWithdraw(person(4), PLACE))
    text = await ok(host, cup_cmd.CupStandings(person(1), PLACE))
    assert "Player1" in text and "Player4" not in text and "SHA-256" in text
    clock.advance(600)
    await service.quiesce()
    cup = the_cup(service)
    assert cup.phase == RUNNING and len(cup.stage.tables) == 1 and cup.stage.final
    assert recorder.cup_notes("cup.seed") and recorder.cup_notes("cup.drawn")
    late = await host.handle(cup_cmd.CupSignUp(person(9), PLACE))
    assert not late.ok and late.key == "cup.err.signup_closed"


async def test_check_in_by_the_tables_start_button(open_cup_host: Factory) -> None:
    host, service, _ = await open_cup_host()
    await new_cup(host, 3)
    await ok(host, cup_cmd.CupClose(person(0, admin=True), PLACE))
    table = the_cup(service).stage.tables[0]
    room = host.rooms[table.room_id]
    for n in table.seats[:2]:
        await ok(host, cmd.Press(person(n), PLACE,
                                 payload=encode_payload(room.room_id, room.counter, "!start")))
    assert table.status == WAITING and sorted(table.checked_in) == sorted(table.seats[:2])
    # Checking in from a private chat finds the table too.
    text = await ok(host, cup_cmd.CupCheckIn(person(table.seats[2]), None))
    assert "first hand" in text
    await service.quiesce()
    assert table.status == PLAYING and host.rooms[table.room_id].phase is Phase.PLAYING


async def test_withdrawing_mid_table_forfeits_and_the_ai_plays_on(
        open_cup_host: Factory, clock: ManualClock) -> None:
    host, service, _ = await open_cup_host()
    await new_cup(host, 3, hands="2", window="0")
    await ok(host, cup_cmd.CupClose(person(0, admin=True), PLACE))
    cup = the_cup(service)
    table = cup.stage.tables[0]
    assert table.status == PLAYING  # no check-in window: play at once
    quitter = table.seats[0]
    refused = await host.handle(cmd.Rematch(person(quitter), room=table.room_id))
    assert not refused.ok and refused.key == "cup.err.table_auto"
    await ok(host, cup_cmd.CupWithdraw(person(quitter), PLACE))
    await service.quiesce()
    room = host.rooms[table.room_id]
    assert table.forfeits == [quitter] and room.seats[0].auto
    for n in table.seats[1:]:
        await ok(host, cmd.Auto(person(n), room=table.room_id, on=True))
    refused = await host.handle(cmd.Act(person(quitter), room=table.room_id, text="pass"))
    assert not refused.ok and refused.key == "cup.err.forfeited"
    await run_until(service, clock, lambda: cup.phase == FINISHED)
    assert quitter not in [n for _, n in cup.places]
    assert host.rooms[table.room_id].phase is Phase.CLOSED


async def test_a_two_player_cup_with_a_bye(open_cup_host: Factory, clock: ManualClock) -> None:
    host, service, _ = await open_cup_host()
    await new_cup(host, 3, game="ddz2", hands="1", window="0")
    await ok(host, cup_cmd.CupClose(person(0, admin=True), PLACE))
    cup = the_cup(service)
    assert len(cup.stage.tables) == 1 and len(cup.stage.byes) == 1
    for table in cup.stage.tables:
        for n in table.seats:
            await ok(host, cmd.Auto(person(n), room=table.room_id, on=True))
    await run_until(service, clock, lambda: cup.stage.number == 2)
    final = cup.stage
    assert final.final and len(final.tables[0].seats) == 2
    assert cup.stages[0].byes[0] in final.tables[0].seats
    for n in final.tables[0].seats:
        await ok(host, cmd.Auto(person(n), room=final.tables[0].room_id, on=True))
    await run_until(service, clock, lambda: cup.phase == FINISHED)
    assert [p for p, _ in cup.places] == [1, 2]


async def test_a_bean_cup_ends_its_table_on_time(open_cup_host: Factory,
                                                 clock: ManualClock) -> None:
    host, service, _ = await open_cup_host()
    table = await timed_bean_table(host, service, "1")
    cup = the_cup(service)
    await run_until(service, clock, lambda: cup.phase == FINISHED)
    # One AI move a second: the minute ran out during some hand, which was the last.
    assert table.time_up or min(table.scores) == 0
    assert sum(table.scores) == 45 and min(table.scores) >= 0


async def test_standings_after_a_restart_show_the_last_competition(
        open_cup_host: Factory, clock: ManualClock) -> None:
    host, service, _ = await open_cup_host()
    await new_cup(host, 3, hands="1", window="0")
    await ok(host, cup_cmd.CupClose(person(0, admin=True), PLACE))
    cup = the_cup(service)
    for n in cup.stage.tables[0].seats:
        await ok(host, cmd.Auto(person(n), room=cup.stage.tables[0].room_id, on=True))
    await run_until(service, clock, lambda: cup.phase == FINISHED)
    from tests.tournament.conftest import shut

    await shut(host, service)
    host, service, _ = await open_cup_host()
    assert not service.cups  # only live competitions are loaded
    text = await ok(host, cup_cmd.CupStandings(person(1), PLACE))
    assert "finished" in text and "1. #" in text


async def test_a_hand_that_ended_unheard_is_booked_when_the_service_starts(
        open_cup_host: Factory, clock: ManualClock) -> None:
    host, service, _ = await open_cup_host()
    await new_cup(host, 3, hands="2", window="0")
    await ok(host, cup_cmd.CupClose(person(0, admin=True), PLACE))
    table = the_cup(service).stage.tables[0]
    for n in table.seats:
        await ok(host, cmd.Auto(person(n), room=table.room_id, on=True))
    # As if the process died right after the hand's settlement was saved.
    host.game_over_hooks.clear()
    await run_until(service, clock, lambda: host.rooms[table.room_id].phase is Phase.OVER)
    assert table.played == 0
    from tests.tournament.conftest import shut

    await shut(host, service)
    host, service, _ = await open_cup_host()
    table = the_cup(service).stage.tables[0]
    room = host.rooms[table.room_id]
    assert table.played == 1 and table.games == [f"{table.room_id}-1"]
    assert room.phase is Phase.PLAYING and room.hands == 2


async def test_win_points_scores_are_never_negative(open_cup_host: Factory,
                                                    clock: ManualClock) -> None:
    host, service, _ = await open_cup_host()
    await new_cup(host, 3, hands="2", window="0", win_points="on", event_bonus="on")
    await ok(host, cup_cmd.CupClose(person(0, admin=True), PLACE))
    cup = the_cup(service)
    table = cup.stage.tables[0]
    for n in table.seats:
        await ok(host, cmd.Auto(person(n), room=table.room_id, on=True))
    await run_until(service, clock, lambda: cup.phase == FINISHED)
    # Each hand: the winners score at least 2 (a win and its bonus), the losers at least 0.
    assert min(table.scores) >= 0 and sum(table.scores) >= 2 * 3


async def test_a_table_whose_time_ran_out_while_the_bot_was_down_gets_no_new_hand(
        open_cup_host: Factory, clock: ManualClock) -> None:
    host, service, _ = await open_cup_host()
    table = await timed_bean_table(host, service, "2")
    cup = the_cup(service)
    # The first hand ends; the service books and saves it, and the process dies before
    # it deals the next one (the hook is gone, the booking is done by hand as `run` does).
    host.game_over_hooks.clear()
    await run_until(service, clock, lambda: host.rooms[table.room_id].phase is Phase.OVER)
    room = host.rooms[table.room_id]
    assert clock.now() < table.ends_at
    cup.record_hand(table.key, room.game_id, [s["score"] for s in room.last_result["seats"]],
                    clock.now())
    await service.store.save(cup.cup_id, service._state(cup), clock.now())
    from tests.tournament.conftest import shut

    await shut(host, service)
    clock.advance(180)  # down across the table's two minutes
    host, service, _ = await open_cup_host()
    cup = the_cup(service)
    table = cup.stage.tables[0]
    await service.quiesce()
    # The time ran out between hands: the regulation is over after the one hand played
    # (before, a second regulation hand was dealt at the restart).
    assert table.time_up and table.played == 1 and table.hands == 1
    if table.status != DONE:  # the two farmers level on beans for first: extra hands
        assert table.extra_due == 1 and table.tie_rounds == 1
    else:
        assert cup.phase == FINISHED


async def test_win_points_honour_the_tables_bomb_cap(open_cup_host: Factory,
                                                     clock: ManualClock) -> None:
    # RULES §5: win_points doubles per bomb or rocket within the table's bomb_cap. At cap 0
    # every hand is worth exactly 2 (a landlord's 2, or 1 to each farmer), bombs or not.
    host, service, _ = await open_cup_host(seed=3)
    await new_cup(host, 3, hands="4", window="0", win_points="on", bomb_cap="0")
    await ok(host, cup_cmd.CupClose(person(0, admin=True), PLACE))
    cup = the_cup(service)
    table = cup.stage.tables[0]
    for n in table.seats:
        await ok(host, cmd.Auto(person(n), room=table.room_id, on=True))
    await run_until(service, clock, lambda: cup.phase == FINISHED)
    assert table.played == 4 and sum(table.scores) == 2 * 4 and min(table.scores) >= 0
    bombs = 0
    for game_id in table.games:
        record = await host.store.game_record(game_id)
        bombs += record.result["game"]["bombs"]
    assert bombs > 0  # the cap was tested: uncapped, those hands would score more


async def test_time_none_means_no_time_limit(open_cup_host: Factory) -> None:
    host, service, _ = await open_cup_host()
    await new_cup(host, 3, scoring="beans", time="none", window="0")
    cup = the_cup(service)
    assert cup.config.time_limit is None and cup.config.untimed
    await ok(host, cup_cmd.CupClose(person(0, admin=True), PLACE))
    table = the_cup(service).stage.tables[0]
    assert table.status == PLAYING and table.ends_at is None
    # Saved and read back, the setting stays (it is not refilled with the 60 minutes).
    stored = await service.store.get(cup.cup_id)
    assert stored is not None
    saved = CupConfig.from_dict(stored["config"])
    assert saved.time_limit is None and checked(saved).time_limit is None
