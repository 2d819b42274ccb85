"""Turn timers on a hand-wound clock: warnings, time-outs into 托管, deadlines that survive
a restart, and simultaneous phases that keep one deadline."""

from __future__ import annotations

from bot.host import commands as cmd
from bot.host.views import Phase
from tests.host.conftest import PLACE, actor, ok, open_table, room


async def test_a_warning_goes_out_before_the_bid_timer_ends(host_and_recorder, clock) -> None:
    host, recorder = host_and_recorder
    await open_table(host, "doudizhu3", people=3)
    first = room(host).to_act()[0]
    deadline = room(host).deadline
    assert deadline == clock.now() + 15  # bids get 15 s
    clock.advance(4.9)
    await host.quiesce()
    assert not [n for n in recorder.notes if n.kind == "host.timer_warning"]
    clock.advance(0.2)
    await host.quiesce()
    warning = [n for n in recorder.notes if n.kind == "host.timer_warning"][-1]
    assert warning.private_to is not None
    assert warning.private_to.user_id == room(host).seats[first].user_id
    assert "10 s" in warning.text and room(host).to_act() == [first]


async def test_one_time_out_plays_that_turn_only_and_two_in_a_row_start_auto_play(
        host_and_recorder, clock) -> None:
    # Before: the first time-out put the seat in 托管 for the rest of the hand (a newcomer
    # reading the hints was played for until the end).
    host, recorder = host_and_recorder
    await open_table(host, "doudizhu3", people=3)
    first = room(host).to_act()[0]
    counter = room(host).counter
    clock.advance(15.1)
    await host.quiesce()
    assert not room(host).seats[first].auto and room(host).counter > counter
    assert room(host).seats[first].timeouts == 1
    assert room(host).state.public_view()["auction"][0][0] == first
    once = [n for n in recorder.notes if n.kind == "host.timed_out_once"]
    assert len(once) == 1 and room(host).seats[first].name in once[0].text
    assert "the AI played this turn" in once[0].text
    assert "(auto)" not in recorder.tables[-1].text
    # Nobody acts again: each seat times out twice in a row, then 托管 plays on to the end.
    for _ in range(40):
        if room(host).phase is not Phase.PLAYING:
            break
        clock.advance(31)
        await host.quiesce()
    assert room(host).phase is Phase.OVER and all(s.auto for s in room(host).seats)
    into_auto = [n for n in recorder.notes if n.kind == "host.timed_out"]
    assert len(into_auto) == 3 and "twice in a row" in into_auto[0].text


async def test_acting_between_two_time_outs_starts_the_count_again(
        host_and_recorder, clock) -> None:
    host, _ = host_and_recorder
    await open_table(host, "doudizhu3", people=3)
    first = room(host).to_act()[0]
    clock.advance(15.1)
    await host.quiesce()
    assert room(host).seats[first].timeouts == 1
    for _ in range(6):  # until it is the first seat's turn again, everyone acting in time
        (seat,) = room(host).to_act()
        if seat == first:
            break
        person = actor(int(room(host).seats[seat].user_id[1:]))
        legal = room(host).state.legal_actions(seat)
        await ok(host, cmd.Act(person, PLACE, text=legal[-1]))
    if room(host).to_act() == [first]:
        person = actor(int(room(host).seats[first].user_id[1:]))
        await ok(host, cmd.Act(person, PLACE, text=room(host).state.legal_actions(first)[-1]))
        assert room(host).seats[first].timeouts == 0


async def test_toggling_auto_play_never_extends_a_turn(make_host, clock) -> None:
    host, _ = await make_host(ai_delay=2)
    await open_table(host, "doudizhu3", people=3)
    first = room(host).to_act()[0]
    person = actor(int(room(host).seats[first].user_id[1:]))
    deadline = room(host).deadline
    await ok(host, cmd.Auto(person, PLACE, on=True))
    clock.advance(1)
    await host.quiesce()
    await ok(host, cmd.Auto(person, PLACE, on=False))
    clock.advance(1.5)
    await host.quiesce()
    assert room(host).to_act() == [first] and room(host).deadline == deadline
    await ok(host, cmd.Act(person, PLACE, text="pass"))
    assert room(host).deadline == clock.now() + 15  # the next bidder's own 15 s


async def test_a_deadline_survives_a_restart(make_host, clock) -> None:
    host, _ = await make_host()
    await open_table(host, "doudizhu3", people=3)
    first = room(host).to_act()[0]
    deadline = room(host).deadline
    await host.close()
    await host.store.close()
    clock.advance(10)
    again, recorder = await make_host()
    assert room(again).deadline == deadline and room(again).to_act() == [first]
    assert recorder.tables and len({p.user.user_id for p in recorder.privates}) == 3
    clock.advance(4)
    await again.quiesce()
    assert room(again).to_act() == [first] and not room(again).seats[first].auto
    clock.advance(1.5)
    await again.quiesce()
    assert room(again).seats[first].timeouts == 1 and room(again).last_play["seat"] == first


async def test_a_simultaneous_arrangement_keeps_one_deadline(host_and_recorder, clock) -> None:
    host, _ = host_and_recorder
    await open_table(host, "tianji", people=3)
    deadline = room(host).deadline
    assert deadline == clock.now() + 60 and room(host).to_act() == [0, 1, 2]
    clock.advance(20)
    await host.quiesce()
    hint = room(host).spec.hints(room(host).state, 1)[0]
    await ok(host, cmd.Act(actor(1), PLACE, text=hint))
    assert room(host).deadline == deadline and room(host).to_act() == [0, 2]
    clock.advance(40.5)
    await host.quiesce()
    assert room(host).phase is Phase.OVER
    # Each of the two late seats timed out once: the AI arranged for them, no 托管 yet.
    assert [s.timeouts for s in room(host).seats] == [1, 0, 1]
    assert not any(s.auto for s in room(host).seats)


async def test_a_prompt_stays_valid_while_others_arrange(host_and_recorder) -> None:
    host, recorder = host_and_recorder
    await open_table(host, "tianji", people=2, ais=1)
    prompt = recorder.last_private("u1").prompt
    assert prompt is not None and prompt.kind == "arrange" and prompt.choices
    await ok(host, cmd.Act(actor(0), PLACE, text=room(host).spec.hints(room(host).state, 0)[0]))
    await ok(host, cmd.Press(actor(1), payload=prompt.choices[0].payload))
    await host.quiesce()
    assert room(host).phase is Phase.OVER


async def test_a_dealer_who_times_out_on_the_forced_bid_pays_the_no_bid_penalty(
        host_and_recorder, clock) -> None:
    # 篇三: 如果庄家连续两局不叫,第三局庄家,至少叫两分,如果连续三把无人叫牌,庄家扣4分. The
    # buttons on the third deal are 2 and 3 only; a dealer who lets the time run out has not
    # bid (the AI does not bid for them), and when the others pass too the 4 points go.
    host, recorder = host_and_recorder
    await open_table(host, "doudizhu3", people=3, options={"no_bid_penalty": True},
                     mode="points")
    first = room(host).to_act()[0]

    async def say(text: str) -> None:
        (seat,) = room(host).to_act()
        await ok(host, cmd.Act(actor(int(room(host).seats[seat].user_id[1:])), PLACE, text=text))

    for _ in range(6):
        await say("pass")
    assert room(host).state.legal_actions(first) == ["bid 2", "bid 3"]
    clock.advance(15.1)
    await host.quiesce()
    assert room(host).state.actions[-1] == "lapse"
    assert "No bid (time ran out)" in recorder.tables[-1].text
    lapsed = [n for n in recorder.notes if n.kind == "host.timed_out_lapsed"]
    assert len(lapsed) == 1 and "the AI does not act" in lapsed[0].text
    await say("pass")
    await say("pass")
    state = room(host).state
    expected = [2, 2, 2]
    expected[first] = -4
    assert list(state.penalties) == expected and state.all_pass_run == 0
    assert any("loses 4 points" in text for text in recorder.group_texts())
