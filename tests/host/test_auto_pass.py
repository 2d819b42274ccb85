"""要不起自动过 (the `auto_pass` room setting, on by default): a person who cannot beat the
trick passes by itself after a person's pause, with no prompt (nothing to decide) but told so
alone, under the same turn timer as any turn, as a pass of their own — neither a time-out
nor a move that ends 托管. Off, the pass is theirs to press, as before."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from adapters.common import intents
from bot.host import commands as cmd
from bot.host.handlers.lobby import read_settings
from bot.host.presentation import present
from bot.host.room import Room
from bot.host.runtime.driver import pass_delay
from bot.host.views import Phase
from tests.host.conftest import PLACE, actor, ok, open_table, room

AI_DELAY = 2.0


def person(current: Room, seat: int) -> cmd.Actor:
    return actor(int(current.seats[seat].user_id[1:]))


async def play_until(host, clock, stop: Callable[[Room, int], bool], *,  # noqa: ANN001
                     time_out: int | None = None) -> tuple[Room, int]:
    """Every person plays the engine's first hint (a pass that plays itself is let pass)
    until `stop(room, seat to act)`; `time_out`: that seat lets its turn timer run out
    whenever it has no time-out yet. Hands that end first are dealt again."""
    for _ in range(600):
        await host.quiesce()
        current = room(host)
        if current.phase is not Phase.PLAYING:
            await ok(host, cmd.Rematch(actor(0), PLACE))
            continue
        [seat] = current.to_act()
        if stop(current, seat):
            return current, seat
        if current.forced_action(seat) is not None:
            clock.advance(AI_DELAY)
        elif seat == time_out and current.seats[seat].timeouts == 0:
            clock.advance(current.deadline - clock.now() + 0.1)
        else:
            hints = current.spec.hints(current.state, seat)
            action = (hints or current.state.legal_actions(seat))[0]
            await ok(host, cmd.Act(person(current, seat), PLACE, text=action))
    raise AssertionError("the position never came")


def forced(current: Room, seat: int) -> bool:
    return current.forced_action(seat) is not None


@pytest.mark.parametrize(("game", "people"), [("doudizhu3", 3), ("doudizhu2", 2)])
async def test_a_person_who_cannot_beat_passes_by_itself_after_the_ai_delay_unprompted(
        make_host, clock, game: str, people: int) -> None:  # noqa: ANN001
    host, recorder = await make_host(ai_delay=AI_DELAY)
    await open_table(host, game, people=people)
    marks: list[int] = []

    def stop(current: Room, seat: int) -> bool:
        marks.append(len(recorder.privates))
        return forced(current, seat)

    before, seat = await play_until(host, clock, stop)
    assert before.state.legal_actions(seat) == ["pass"]
    # The move that left them so told them alone, with no prompt and no suggestions asked
    # for; the table shows their turn timer as for anyone's turn (none would be a tell).
    made = [view for view in recorder.privates[marks[-2]:] if view.seat == seat]
    assert made and all(view.prompt is None for view in made)
    assert "Nothing of yours beats it: you pass (auto-pass)." in made[-1].text.splitlines()
    key = (before.room_id, seat)
    assert key not in host._suggesting
    assert host.suggested.get(key, (None, -1))[:2] != (before.game_id, before.prompt_since[seat])
    assert before.deadline is not None and "⏱" in recorder.tables[-1].text
    privates, tables = len(recorder.privates), len(recorder.tables)
    pause = pass_delay(before, seat, AI_DELAY)
    assert AI_DELAY <= pause <= 3 * AI_DELAY  # at least an AI seat's pause (the default)
    clock.advance(pause - 0.1)
    await host.quiesce()
    assert room(host).counter == before.counter
    clock.advance(0.2)
    await host.quiesce()
    after = room(host)
    assert after.counter == before.counter + 1
    assert after.last_play == {"seat": seat, "action": "pass"}
    assert after.state.history[-1] == (seat, "")  # a pass in the record, like any other
    assert seat not in {view.seat for view in recorder.privates[privates:]}
    [table] = recorder.tables[tables:]
    assert table.counter == after.counter and seat not in table.to_act
    assert after.seats[seat].timeouts == 0 and not after.seats[seat].auto
    assert not [n for n in recorder.notes if n.kind.startswith("host.timed_out")]


async def test_a_forced_pass_after_a_time_out_neither_counts_as_one_nor_resets_it(
        make_host, clock) -> None:  # noqa: ANN001
    # One time-out, then 要不起: a second time-out would put the seat into 托管, a person's
    # own move would forget the first one. The pass that plays itself does neither.
    host, recorder = await make_host(ai_delay=AI_DELAY)
    await open_table(host, "doudizhu3", people=3)
    [first] = room(host).to_act()

    def stop(current: Room, seat: int) -> bool:
        return seat == first and forced(current, seat) and current.seats[seat].timeouts == 1

    before, seat = await play_until(host, clock, stop, time_out=first)
    notes = len(recorder.notes)
    clock.advance(3 * AI_DELAY)
    await host.quiesce()
    after = room(host)
    assert after.counter == before.counter + 1 and after.last_play["seat"] == seat
    assert after.seats[seat].timeouts == 1 and not after.seats[seat].auto
    assert not [n for n in recorder.notes[notes:] if n.kind.startswith("host.timed_out")]


async def test_a_pass_is_still_offered_to_a_person_who_can_beat(make_host, clock) -> None:  # noqa: ANN001
    host, recorder = await make_host(ai_delay=AI_DELAY)
    await open_table(host, "doudizhu3", people=3)

    def can_beat_or_pass(current: Room, seat: int) -> bool:
        legal = current.state.legal_actions(seat)
        return current.state.phase.value == "playing" and "pass" in legal and len(legal) > 1

    before, seat = await play_until(host, clock, can_beat_or_pass)
    view = recorder.last_private(before.seats[seat].user_id)
    assert view.counter == before.counter and view.prompt is not None
    assert "pass" in [c.action for c in view.prompt.choices]
    clock.advance(AI_DELAY * 3)
    await host.quiesce()
    assert room(host).counter == before.counter and room(host).to_act() == [seat]


async def test_bids_are_never_passed_for_a_person(make_host, clock) -> None:  # noqa: ANN001
    host, recorder = await make_host(ai_delay=AI_DELAY)
    await open_table(host, "doudizhu3", people=3)
    [first] = room(host).to_act()
    assert room(host).forced_action(first) is None
    clock.advance(AI_DELAY * 3)
    await host.quiesce()
    assert room(host).to_act() == [first] and room(host).actions == 0
    assert recorder.last_private(room(host).seats[first].user_id).prompt.kind == "bid"


async def test_with_auto_pass_off_the_person_is_prompted_to_pass_as_before(
        make_host, clock) -> None:  # noqa: ANN001
    host, recorder = await make_host(ai_delay=AI_DELAY)
    await open_table(host, "doudizhu3", people=3, start=False)
    await ok(host, cmd.RoomSettings(actor(0), PLACE, changes={"auto_pass": "off"}))
    await ok(host, cmd.Start(actor(0), PLACE))

    def only_a_pass(current: Room, seat: int) -> bool:
        return current.state.phase.value == "playing" \
            and current.state.legal_actions(seat) == ["pass"]

    before, seat = await play_until(host, clock, only_a_pass)
    assert before.forced_action(seat) is None and before.deadline is not None
    view = recorder.last_private(before.seats[seat].user_id)
    assert view.counter == before.counter and view.prompt is not None
    assert [c.action for c in view.prompt.choices] == ["pass"]
    assert view.text.splitlines()[-1].startswith("Nothing of yours beats")
    clock.advance(AI_DELAY * 3)
    await host.quiesce()
    assert room(host).counter == before.counter  # it waits for them
    await ok(host, cmd.Act(person(before, seat), PLACE, text="pass"))
    assert room(host).last_play == {"seat": seat, "action": "pass"}


async def test_my_hand_in_the_moment_before_the_pass_says_it_plays_itself(
        make_host, clock) -> None:  # noqa: ANN001
    host, _ = await make_host(ai_delay=AI_DELAY)
    await open_table(host, "doudizhu3", people=3)
    before, seat = await play_until(host, clock, forced)
    for lang, said in (("en", "Nothing of yours beats it: you pass (auto-pass)."),
                       ("zh", "要不起,自动过。")):
        view = present.private_view(host, before, seat, lang=lang)
        assert view.prompt is None and said in view.text.splitlines()
    reply = await host.handle(cmd.ShowHand(person(before, seat), PLACE))
    assert reply.ok and reply.private.prompt is None
    hint = await host.handle(cmd.Hint(person(before, seat), PLACE))  # 提示: none, no pool trip
    assert not hint.ok and hint.key == "host.no_hint_auto_pass"
    assert hint.text == "Nothing of yours beats it: your pass plays itself in a moment."
    assert (before.room_id, seat) not in host._suggesting


async def test_a_pass_due_when_the_host_stopped_plays_itself_after_the_restart(
        make_host, clock) -> None:  # noqa: ANN001
    host, _ = await make_host(ai_delay=AI_DELAY)
    await open_table(host, "doudizhu3", people=3)
    before, seat = await play_until(host, clock, forced)
    await host.close()
    await host.store.close()
    again, recorder = await make_host(ai_delay=AI_DELAY)
    assert seat not in {view.seat for view in recorder.privates if view.prompt is not None}
    clock.advance(3 * AI_DELAY)
    await again.quiesce()
    assert room(again).counter == before.counter + 1
    assert room(again).last_play == {"seat": seat, "action": "pass"}


async def test_the_setting_in_english_and_chinese_a_bad_value_refused(
        host_and_recorder) -> None:  # noqa: ANN001
    host, _ = host_and_recorder
    await open_table(host, "doudizhu3", people=1, ais=2, start=False)
    assert room(host).auto_pass is True
    shown = present.settings_text(room(host), "en")
    assert "Auto-pass when nothing beats the trick (要不起自动过): on (auto pass=on|off)" in shown
    assert "要不起自动过:开(自动过=开|关)" in present.settings_text(room(host), "zh")
    for words, value in (("自动过=关", False), ("auto_pass=on", True), ("要不起自动过 关", False),
                         ("auto pass=on", True)):
        command = intents.command("settings", actor(0, "zh"), PLACE, tuple(words.split()))
        assert isinstance(command, cmd.RoomSettings), words
        await ok(host, command)
        assert room(host).auto_pass is value, words
    for lang, said in (("en", "Auto-pass is on or off (auto pass=off), not “maybe”."),
                       ("zh", "要不起自动过只能是 开 或 关(自动过=关),不是“maybe”。")):
        reply = await host.handle(cmd.RoomSettings(actor(0, lang), PLACE,
                                                   changes=read_settings("自动过=maybe")))
        assert not reply.ok and reply.key == "host.bad_auto_pass" and reply.text == said
        assert room(host).auto_pass is True


async def test_tianji_has_no_pass_and_shows_no_such_setting(host_and_recorder) -> None:  # noqa: ANN001
    host, _ = host_and_recorder
    await open_table(host, "tianji", people=1, ais=2)
    assert "auto_pass" not in present.settings_text(room(host), "en")
    assert "自动过" not in present.settings_text(room(host), "zh")
    current = room(host)
    assert all(current.forced_action(seat) is None for seat in current.to_act())


async def test_a_room_saved_before_the_setting_loads_with_it_on_and_off_is_kept(
        make_host) -> None:  # noqa: ANN001
    host, _ = await make_host()
    await open_table(host, "doudizhu3", people=1, ais=2, start=False)
    snapshot = room(host).to_snapshot()
    del snapshot["auto_pass"]  # saved before the setting existed
    assert Room.from_snapshot(snapshot).auto_pass is True
    await ok(host, cmd.RoomSettings(actor(0), PLACE, changes={"auto_pass": "off"}))
    await host.close()
    await host.store.close()
    again, _ = await make_host()  # a restart on the same database
    assert room(again).auto_pass is False
