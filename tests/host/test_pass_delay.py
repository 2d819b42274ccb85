"""A forced pass (要不起) that plays itself waits as a person would: a seeded draw in the
room's `pass_delay` range (multiples of the AI pause, 1–3 by default), so its pause does not
tell the table that nothing could beat; a room may set the range, in English or Chinese."""

from __future__ import annotations

from bot.host import commands as cmd
from bot.host.views import Phase
from tests.host.conftest import PLACE, actor, ok, open_table, room

AI_DELAY = 2.0
STEP = 0.25


async def forced_pauses(host, clock, wanted: int) -> list[float]:  # noqa: ANN001
    """Play the first hint for each person; time each pass that plays itself in STEP
    steps of the clock, until `wanted` were timed."""
    pauses: list[float] = []
    for _ in range(2000):
        await host.quiesce()
        current = room(host)
        if current.phase is not Phase.PLAYING:
            await ok(host, cmd.Rematch(actor(0), PLACE))
            continue
        [seat] = current.to_act()
        if current.forced_action(seat) is None:
            hints = current.spec.hints(current.state, seat)
            action = (hints or current.state.legal_actions(seat))[0]
            await ok(host, cmd.Act(actor(int(current.seats[seat].user_id[1:])), PLACE,
                                   text=action))
            continue
        waited = 0.0
        while room(host).counter == current.counter:
            clock.advance(STEP)
            waited += STEP
            await host.quiesce()
        pauses.append(waited)
        if len(pauses) == wanted:
            return pauses
    raise AssertionError("not enough forced passes")


async def test_forced_passes_wait_a_varied_pause_never_shorter_than_an_ai_seats(
        make_host, clock) -> None:  # noqa: ANN001
    host, _ = await make_host(ai_delay=AI_DELAY)
    await open_table(host, "doudizhu3", 3)
    pauses = await forced_pauses(host, clock, 6)
    assert all(AI_DELAY <= p <= 3 * AI_DELAY + STEP for p in pauses), pauses
    assert len(set(pauses)) >= 3, pauses  # not the one pause that gives it away


async def test_the_same_hands_pass_after_the_same_pauses(make_host, clock) -> None:  # noqa: ANN001
    first, _ = await make_host(seed=5, ai_delay=AI_DELAY)
    await open_table(first, "doudizhu3", 3)
    pauses = await forced_pauses(first, clock, 3)
    await first.close()
    await first.store.close()
    # A host dealing the same seeds again: the draws are the hand's, not the process's.
    again, _ = await make_host(seed=5, ai_delay=AI_DELAY, database=":memory:")
    await open_table(again, "doudizhu3", 3)
    assert await forced_pauses(again, clock, 3) == pauses


async def test_a_room_sets_the_range_in_english_or_chinese_and_a_bad_one_is_refused(
        make_host, clock) -> None:  # noqa: ANN001
    host, _ = await make_host(ai_delay=AI_DELAY)
    await open_table(host, "doudizhu3", 3, start=False)
    await ok(host, cmd.RoomSettings(actor(0, lang="zh"), PLACE, changes={"要不起延迟": "0"}))
    assert room(host).pass_delay == (0.0, 0.0)
    await ok(host, cmd.RoomSettings(actor(0), PLACE, changes={"pass delay": "2-2"}))
    assert room(host).pass_delay == (2.0, 2.0)
    shown = await host.handle(cmd.RoomSettings(actor(0), PLACE, changes={}))
    assert "pass delay=2-2" in shown.text
    bad = await host.handle(cmd.RoomSettings(actor(0), PLACE, changes={"pass_delay": "3-1"}))
    assert not bad.ok and bad.key == "host.bad_pass_delay" and "“3-1”" in bad.text
    await ok(host, cmd.Start(actor(0), PLACE))
    assert await forced_pauses(host, clock, 2) == [2 * AI_DELAY] * 2
