"""No tell in the timer (要不起自动过): what the table shows of a pass that plays itself is what
it shows of a pass a person chose — the turn timer, the wording, the notes, the pause — and
only the person whose pass it was is told that it played itself."""

from __future__ import annotations

import random
import re

from bot.host import commands as cmd
from bot.host.room import Room
from bot.host.runtime.driver import pass_delay
from bot.host.views import Phase
from tests.host.conftest import PLACE, actor, ok, open_table, room
from tests.host.test_auto_pass import forced, play_until

AI_DELAY = 2.0
PLAY_TIMEOUT = 30.0


def person(current: Room, seat: int) -> cmd.Actor:
    return actor(int(current.seats[seat].user_id[1:]))


def public_turn(recorder, since: tuple[int, int], clock_at_start: float) -> dict:  # noqa: ANN001
    """What the channel saw of one turn: the table as it began (its timer and wording with
    the names and counts left out), the notes meanwhile, and the table after."""
    tables, notes = since
    shown = recorder.tables[tables:]
    start, after = shown[0], shown[-1]

    def shape(text: str) -> str:
        return re.sub(r"\d+", "#", text)

    return {
        "timer_left": None if start.deadline is None else start.deadline - clock_at_start,
        "timer_line": [line for line in start.text.splitlines() if "⏱" in line] != [],
        "start_lines": [shape(line) for line in start.text.splitlines()][-3:],
        "notes": [n.kind for n in recorder.notes[notes:] if n.private_to is None],
        "after": [shape(line) for line in after.text.splitlines()
                  if line.endswith("passed") or "⏱" in line or "Turn" in line],
    }


async def passes_seen(host, recorder, clock, wanted: int) -> tuple[list[dict], list[dict]]:  # noqa: ANN001
    """Play hands with three people; a person who could beat passes one time in three. The
    public view of each person's pass, sorted into the forced and the chosen ones."""
    rng = random.Random(3)
    forced: list[dict] = []
    chosen: list[dict] = []
    marks = (len(recorder.tables) - 1, len(recorder.notes))
    began = clock.now()
    for _ in range(3000):
        await host.quiesce()
        current = room(host)
        if current.phase is not Phase.PLAYING:
            await ok(host, cmd.Rematch(actor(0), PLACE))
            marks, began = (len(recorder.tables) - 1, len(recorder.notes)), clock.now()
            continue
        [seat] = current.to_act()
        legal = current.state.legal_actions(seat)
        if current.forced_action(seat) is not None:
            while room(host).counter == current.counter:
                clock.advance(0.5)
                await host.quiesce()
            forced.append(public_turn(recorder, marks, began))
        else:
            hints = current.spec.hints(current.state, seat)
            action = (hints or legal)[0]
            passing = current.state.phase.value == "playing" and "pass" in legal \
                and len(legal) > 1 and rng.random() < 0.34
            clock.advance(3.0)
            await ok(host, cmd.Act(person(current, seat), PLACE,
                                   text="pass" if passing else action))
            if passing:
                chosen.append(public_turn(recorder, marks, began))
        marks, began = (len(recorder.tables) - 1, len(recorder.notes)), clock.now()
        if len(forced) >= wanted and len(chosen) >= wanted:
            return forced, chosen
    raise AssertionError(f"{len(forced)} forced and {len(chosen)} chosen passes")


async def test_the_table_shows_a_forced_pass_as_it_shows_a_chosen_one(make_host, clock) -> None:  # noqa: ANN001
    host, recorder = await make_host(ai_delay=AI_DELAY, play_timeout=PLAY_TIMEOUT)
    await open_table(host, "doudizhu3", people=3)
    forced, chosen = await passes_seen(host, recorder, clock, 6)

    def seen(turns: list[dict], feature: str) -> set[str]:
        return {repr(turn[feature]) for turn in turns}

    assert all(turn["timer_left"] == PLAY_TIMEOUT and turn["timer_line"] for turn in forced)
    for feature in ("timer_left", "timer_line", "start_lines", "notes"):
        assert seen(forced, feature) == seen(chosen, feature), feature
    # What the table says after the pass: nothing a chosen pass was not also shown with.
    assert seen(forced, "after") <= seen(chosen, "after")


async def test_only_the_person_whose_pass_plays_itself_is_told(make_host, clock) -> None:  # noqa: ANN001
    host, recorder = await make_host(ai_delay=AI_DELAY)
    await open_table(host, "doudizhu3", people=3)
    current, seat = await play_until(host, clock, forced)  # the first pass that plays itself
    told = [v for v in recorder.privates if v.counter == current.counter]
    assert [v.seat for v in told if "auto-pass" in v.text] == [seat]
    assert not any("auto-pass" in text for text in recorder.group_texts())


async def test_a_forced_pass_waits_as_long_as_the_person_takes_over_their_own_passes(
        make_host, clock) -> None:  # noqa: ANN001
    host, _ = await make_host(ai_delay=AI_DELAY, play_timeout=PLAY_TIMEOUT)
    await open_table(host, "doudizhu3", people=3)
    slow = 12.0  # every person thinks 12 s over each of their own moves: far past 1–3 × 2 s
    for _ in range(3000):
        await host.quiesce()
        current = room(host)
        if current.phase is not Phase.PLAYING:
            await ok(host, cmd.Rematch(actor(0), PLACE))
            continue
        [seat] = current.to_act()
        legal = current.state.legal_actions(seat)
        paces = [p for p in current.seats[seat].pace if p[0] == "pass"]
        if current.forced_action(seat) is not None and len(paces) >= 3:
            pause = pass_delay(current, seat, AI_DELAY, PLAY_TIMEOUT)
            assert 0.8 * slow <= pause <= 1.2 * slow
            clock.advance(pause - 0.1)
            await host.quiesce()
            assert room(host).counter == current.counter  # not after an AI's pause
            return
        if current.forced_action(seat) is not None:
            clock.advance(3 * AI_DELAY)
            continue
        clock.advance(slow)
        passing = current.state.phase.value == "playing" and "pass" in legal \
            and len(legal) > 1
        hints = current.spec.hints(current.state, seat)
        await ok(host, cmd.Act(person(current, seat), PLACE,
                               text="pass" if passing else (hints or legal)[0]))
    raise AssertionError("no forced pass after three chosen ones")
