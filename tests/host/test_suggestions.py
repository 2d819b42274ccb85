"""Suggestions come from the thinking pool: a prompt goes out at once with its legal choices,
its suggestions follow in a fresh view of the same prompt, and a suggestion that comes too
late (the prompt moved on) is never shown over the newer view."""

from __future__ import annotations

import asyncio

from bot.host import commands as cmd
from bot.host.presentation import present
from bot.host.views import Phase
from tests.host.conftest import PLACE, HostFactory, actor, ok, open_table, play_out, room


async def _settle(host) -> None:  # noqa: ANN001 - the host fixture's type
    for _ in range(3000):  # the first answer waits for the worker process to start
        await asyncio.sleep(0.01)
        if not host._suggesting and not host._hint_tasks:
            return
    await host.quiesce()


async def test_the_deal_goes_out_before_its_suggestions_which_follow(
        make_host: HostFactory) -> None:
    host, recorder = await make_host(ai_processes=1)
    await open_table(host, "tianji", people=6, start=False)
    recorder.privates.clear()
    reply = await host.handle(cmd.Start(actor(0), PLACE))
    assert reply.ok
    dealt = list(recorder.privates)
    assert len(dealt) == 6 and all(v.prompt is not None for v in dealt)
    # Dealt at once: no solver ran inside the change (the pool has not answered yet).
    assert all(v.prompt.suggestions == () for v in dealt)
    await _settle(host)
    current = room(host)
    for seat in range(6):
        later = [v for v in recorder.privates[6:] if v.seat == seat]
        assert later, f"seat {seat} never got its suggestions"
        assert later[-1].counter == current.counter
        assert [c.action for c in later[-1].prompt.suggestions] == \
            current.spec.hints(current.state, seat)
        # The follow-up is the view the host would build now (only its prompt was rebuilt).
        assert later[-1] == present.private_view(host, current, seat)


async def test_a_play_prompts_follow_up_is_the_whole_view_built_again(
        make_host: HostFactory) -> None:
    host, recorder = await make_host(ai_processes=1)
    await open_table(host, "doudizhu3", people=3)
    checked = 0
    for _ in range(12):  # bids, then plays: each new prompt's follow-up
        await _settle(host)
        current = room(host)
        if current.phase is not Phase.PLAYING:
            break
        [seat] = current.to_act()
        [view] = [v for v in recorder.privates if v.seat == seat][-1:]
        assert view.counter == current.counter and view.prompt is not None
        assert not view.prompt.suggestions_pending
        assert view == present.private_view(host, current, seat)
        checked += bool(view.prompt.suggestions)
        choice = (view.prompt.suggestions or view.prompt.choices)[0]
        await ok(host, cmd.Act(actor(seat), PLACE, text=choice.action))
    assert checked >= 5


async def test_a_suggestion_for_an_old_prompt_is_not_shown(make_host: HostFactory) -> None:
    host, recorder = await make_host(ai_processes=1)
    await open_table(host, "tianji", people=2, start=False)
    await ok(host, cmd.Start(actor(0), PLACE))
    before = room(host)
    # Seat 0 arranges before its suggestions are back: its prompt is gone.
    await ok(host, cmd.Act(actor(0), PLACE, text=before.spec.ai_action(
        before.state, 0, __import__("random").Random(1))))
    await _settle(host)
    shown = [v for v in recorder.privates if v.seat == 0 and v.prompt is not None
             and v.prompt.suggestions]
    assert shown == []
    # Seat 1's prompt is still open: its suggestions arrive.
    assert any(v.seat == 1 and v.prompt is not None and v.prompt.suggestions
               for v in recorder.privates)


async def test_hint_waits_for_the_pool_and_answers_with_the_suggestion(
        make_host: HostFactory) -> None:
    host, _ = await make_host(ai_processes=1)
    await open_table(host, "tianji", people=3)
    current = room(host)
    seat = current.to_act()[0]
    user = int(current.seats[seat].user_id[1:])
    reply = await host.handle(cmd.Hint(actor(user), PLACE))
    assert reply.ok and reply.action == current.spec.hints(current.state, seat)[0]
    assert reply.private is not None and reply.private.prompt is not None
    assert reply.private.prompt.suggestions[0].action == reply.action
    await _settle(host)


async def test_a_finished_hand_leaves_no_suggestion_behind(make_host: HostFactory) -> None:
    # Before: Host.suggested kept an entry per seat of every room ever played (never pruned).
    host, _ = await make_host(ai_processes=1)
    await open_table(host, "tianji-duel", people=2)
    for _ in range(3):
        for seat in room(host).to_act():
            await host.hints(room(host), seat)  # computed, as a person's prompt asks
        assert any(key[0] == room(host).room_id for key in host.suggested)
        await _settle(host)
        finished = await play_out(host)
        assert finished.room_id not in {key[0] for key in host.suggested}
        assert finished.room_id not in {key[0] for key in host.hint_cursor}
        await ok(host, cmd.Rematch(actor(0), PLACE))


async def test_a_prompt_with_nothing_to_suggest_is_settled_by_a_fresh_view(
        make_host: HostFactory) -> None:
    # Before: when only a pass was open the pool found no suggestion and no view followed, so
    # the last one said "suggestions on their way" for good: the console never printed the
    # turn (the hand and "beat it or pass" were missing) and the chat panels waited it out.
    # (With auto_pass on, the default, such a seat gets no prompt at all: its pass plays
    # itself. This is the prompt of a room that switched it off.)
    host, recorder = await make_host(ai_processes=1)
    await open_table(host, "doudizhu3", people=3, start=False)
    await ok(host, cmd.RoomSettings(actor(0), PLACE, changes={"auto_pass": "off"}))
    await ok(host, cmd.Start(actor(0), PLACE))
    for _ in range(400):
        await _settle(host)
        current = room(host)
        assert current.phase is Phase.PLAYING, "no seat was left with only a pass"
        seat = current.to_act()[0]
        if current.state.legal_actions(seat) == ["pass"]:
            break
        action = (current.spec.hints(current.state, seat) or current.state.legal_actions(seat))[0]
        await ok(host, cmd.Act(actor(int(current.seats[seat].user_id[1:])), PLACE, text=action))
    last = [v for v in recorder.privates if v.seat == seat][-1]
    assert last.counter == current.counter and last.prompt is not None
    assert not last.prompt.suggestions_pending
    assert [c.action for c in last.prompt.choices] == ["pass"]


async def test_a_suggestion_cancelled_before_it_began_leaves_nothing_to_wait_for(
        make_host: HostFactory) -> None:
    # Before: a suggestion task cancelled before its first step (stop_hints right after a
    # prompt went out, as simulate does at the end of a run) never ran its own clean-up; it
    # stayed among the suggestions being thought out, done, and quiesce waited for it until
    # its timeout ("suggestions still being thought out: hints:…").
    host, _ = await make_host(ai_processes=1)
    await open_table(host, "doudizhu3", people=3)
    await _settle(host)
    current = room(host)
    [seat] = current.to_act()
    host.suggested.clear()  # its prompt's suggestions are asked for again
    assert host.hints_ready(current, seat) is None
    assert host._suggesting  # asked, not begun
    await host.stop_hints()
    assert not host._suggesting
    await host.quiesce(1.0)
