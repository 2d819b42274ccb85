"""Turn timers and AI seats: one asyncio task per running room, computed from saved deadlines.

The task looks at the room and decides what comes next: an AI seat (or a person in 托管) is
to act → the AI acts after the human-like delay; a person who cannot beat the trick is to
act (要不起, the room's auto_pass on) → their pass is played after the same delay; a person
is to act → a warning before the deadline, then on expiry the AI acts for them and their
seat goes into 托管. Any change of
the room wakes the task to decide again. Everything it does goes through `Host.change`, the
same path as a person's command, so it takes the room's lock and a stale plan (the room
moved on while it slept) does nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.errors import NotYourTurn, PaijuError
from bot.host import games
from bot.host.change import Change, Unchanged
from bot.host.handlers.play import apply_action
from bot.host.presentation import present
from bot.host.runtime.thinking import Thinker
from bot.host.views import Phase

if TYPE_CHECKING:
    from bot.host.host import Host
    from bot.host.room import Room

log = logging.getLogger(__name__)

TIMEOUTS_TO_AUTO = 2  # turn timers run out in a row before the seat goes into 托管
MAX_BACKOFF = 30.0  # seconds between retries when a room keeps failing (storage down, a bug)


@dataclass(frozen=True, slots=True)
class Plan:
    """The next thing a room's timer will do, and when."""

    kind: str  # "ai" | "pass" (要不起: the one action left) | "warn" | "timeout"
    at: float
    counter: int
    seat: int | None = None


def ai_seed(room: Room, seat: int) -> str:
    """The AI's randomness for one decision: fixed by the game's seed and the move number,
    so a game resumed after a crash continues exactly as it would have."""
    return f"{room.seed}:{room.actions}:{seat}"


def ai_rng(room: Room, seat: int) -> random.Random:
    """A generator seeded with `ai_seed`."""
    return random.Random(ai_seed(room, seat))


def pass_delay(room: Room, seat: int, ai_delay: float, timeout: float | None = None) -> float:
    """How long a forced pass (要不起) waits. A pass always after the same pause, or after
    one unlike the person's own, would tell the table that the seat could not beat: the
    pause is a seeded draw (the same after a restart) among the person's own think times
    over their last passes (`Seat.pace`, jittered ±15 %, under the turn's `timeout`); with
    fewer than three of them, or quicker than the room's floor, the AI pause times a draw
    in the room's `pass_delay` range. No pacing (an AI pause of 0) means none."""
    low, high = room.pass_delay
    rng = random.Random(f"pass:{ai_seed(room, seat)}")
    floor = ai_delay * low
    forced = room.forced_action(seat) or ""
    verb = forced.split(" ", 1)[0]
    own = [float(took) for kind, took in room.seats[seat].pace if kind == verb]
    if ai_delay > 0 and len(own) >= PACE_SAMPLES:
        pause = rng.choice(own) * rng.uniform(0.85, 1.15)
        if pause >= floor:
            return min(pause, timeout - 1.0) if timeout and timeout > 1.0 else pause
    return ai_delay * rng.uniform(low, high)


PACE_SAMPLES = 3  # a person's own passes timed before a forced pass waits as they do


class Driver:
    """The per-room tasks of one host."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._wakes: dict[str, asyncio.Event] = {}
        self._busy: set[str] = set()
        self._workers = asyncio.Semaphore(max(1, host.settings.ai_workers))
        self.thinker = Thinker(host.settings.ai_processes)

    def poke(self, room_id: str) -> None:
        """The room changed: make its task decide again (starting one if needed)."""
        wake = self._wakes.setdefault(room_id, asyncio.Event())
        wake.set()
        room = self.host.rooms.get(room_id)
        if room is None or room.phase is not Phase.PLAYING or self.host.closing:
            return
        task = self._tasks.get(room_id)
        self._busy.add(room_id)  # until the task has looked at the change (see quiesce)
        if task is None or task.done():
            self._tasks[room_id] = asyncio.create_task(self._run(room_id), name=f"room:{room_id}")

    def plan(self, room: Room) -> Plan | None:
        """What the room waits for now (None: nothing, the game is not running)."""
        to_act = room.to_act()
        if not to_act:
            return None
        settings = self.host.settings
        auto = [s for s in to_act if room.seats[s].plays_itself]
        if auto:
            at = self.host.changed_at.get(room.room_id, 0.0) + settings.ai_delay
            return Plan("ai", at, room.counter, auto[0])
        forced = [s for s in to_act if room.forced_action(s) is not None]
        if forced:  # 要不起: the pass plays itself, after a person's pause
            at = self.host.changed_at.get(room.room_id, 0.0) \
                + pass_delay(room, forced[0], settings.ai_delay,
                             settings.timeout_for("play"))
            return Plan("pass", at, room.counter, forced[0])
        deadline = room.deadline
        if not settings.turn_timers:
            return None  # nobody is timed out: the people to act take their time
        if deadline is None:  # never saved without one; a safety net, not a path
            deadline = self.host.clock.now() + settings.play_timeout
        warn_at = deadline - settings.warn_before
        if not room.warned and settings.warn_before > 0 \
                and warn_at > self.host.changed_at.get(room.room_id, 0.0):
            return Plan("warn", warn_at, room.counter)
        return Plan("timeout", deadline, room.counter)

    async def _run(self, room_id: str) -> None:
        wake = self._wakes[room_id]
        clock = self.host.clock
        backoff = 0.0
        failures = 0  # in a row: the first is logged with its traceback, the rest in a line
        try:
            while not self.host.closing:
                wake.clear()
                room = self.host.rooms.get(room_id)
                plan = None if room is None or room.phase is not Phase.PLAYING \
                    else self.plan(room)
                if plan is None:
                    return
                at = max(plan.at, clock.now() + backoff) if backoff else plan.at
                if at > clock.now():
                    self._busy.discard(room_id)
                    woken = await clock.sleep_until(at, wake)
                    self._busy.add(room_id)
                    if woken:
                        continue
                try:
                    await self._execute(room_id, plan)
                except Exception as error:
                    backoff = min(MAX_BACKOFF, max(1.0, backoff * 2))
                    failures += 1
                    if failures == 1:
                        log.exception("room %s: %s failed; retrying in %.0f s", room_id,
                                      plan.kind, backoff)
                    else:
                        log.warning("room %s: %s failed again (%d in a row: %s: %.200s); "
                                "retrying in %.0f s", room_id, plan.kind, failures,
                                type(error).__name__, error, backoff)
                else:
                    if failures:
                        log.warning("room %s: %s went through after %d failures", room_id,
                                    plan.kind, failures)
                    backoff, failures = 0.0, 0
        finally:
            self._busy.discard(room_id)
            if self._tasks.get(room_id) is asyncio.current_task():
                del self._tasks[room_id]

    async def _execute(self, room_id: str, plan: Plan) -> None:

        if plan.kind == "warn":
            await self._warn(room_id, plan)
            return
        if plan.kind == "pass":  # nothing to think out: the action is the pass itself
            with contextlib.suppress(Unchanged):
                await self.host.change(room_id, None, lambda room: self._pass(room, plan))
            return
        # A bounded pool for AI decisions: AI seats of many rooms never crowd out people's
        # commands, and each move's latency stays that of the host, not of a queue of AIs.
        async with self._workers:
            try:
                action, lapsed = await self._decide(room_id, plan)
                await self.host.change(room_id, None,
                                       lambda room: self._act(room, plan, action, lapsed))
            except Unchanged:
                pass
            except PaijuError as error:
                # The engine refused its own AI's choice (an engine bug): play the first
                # legal action instead so the table never stalls on it.
                log.error("room %s: AI action refused (%s); playing the first legal action",
                          room_id, error)
                with contextlib.suppress(Unchanged):
                    await self.host.change(room_id, None,
                                           lambda room: self._act(room, plan, None))

    async def _decide(self, room_id: str, plan: Plan) -> tuple[str | None, bool]:
        """The AI's action for the plan's seat, thought out before taking the room's lock, and
        whether it is the game's sanction of a time-out (the room's counter is checked again
        under the lock, so it still holds when the action is taken)."""

        room = self.host.rooms.get(room_id)
        if room is None or room.counter != plan.counter or room.state is None:
            raise Unchanged
        seats = self._seats(room, plan)
        if not seats:
            raise Unchanged
        if plan.kind == "timeout":  # a rule may sanction the time-out instead (斗地主's lapse)
            lapse = games.lapse_action(room.game, room.state, seats[0])
            if lapse is not None:
                return lapse, True
        person = not room.seats[seats[0]].is_ai  # in 托管 or timed out: the stand-in's
        return await self.thinker.decide(room.game, room.state, seats[0],
                                         ai_seed(room, seats[0]), data=room.state_dict(),
                                         person=person), False

    def _seats(self, room: Room, plan: Plan) -> list[int]:
        to_act = room.to_act()
        if plan.kind == "ai":
            if plan.seat in to_act and room.seats[plan.seat].plays_itself:  # type: ignore[index]
                return [plan.seat]  # type: ignore[list-item]
            return []
        return [s for s in to_act if not room.seats[s].plays_itself]

    async def _act(self, room: Room | None, plan: Plan, action: str | None,
                   lapsed: bool = False) -> Change:

        if room is None or room.counter != plan.counter or room.phase is not Phase.PLAYING:
            raise Unchanged
        seats = self._seats(room, plan)
        if not seats:
            raise Unchanged
        seat = seats[0]
        timed_out = [seat] if plan.kind == "timeout" else []  # others: their own time-out
        if action is None:
            action = spec_first_legal(room, seat)
        lapsed = lapsed and bool(timed_out)
        if timed_out:
            # One time-out: the AI plays that turn only. Two in a row: 托管 (as the big apps).
            room = room.copy()
            for s in timed_out:
                room.seats[s].timeouts += 1
                room.seats[s].auto = room.seats[s].timeouts >= TIMEOUTS_TO_AUTO
        change = await apply_action(self.host, room, seat, action,
                                    by="timer" if timed_out else "ai")
        # Said before the result when that turn ended the hand, and then without the
        # promise of a next turn.
        last = change.room is not None and change.room.phase is not Phase.PLAYING
        for s in timed_out:
            auto = room.seats[s].auto
            if last and not auto:
                key = "host.timed_out_last"
            elif lapsed and not auto:
                key = "host.timed_out_lapsed"
            else:
                key = "host.timed_out" if auto else "host.timed_out_once"
            change.notes.insert(0, (key, {"seat": s}))
            change.privates.add(s)
        return change

    async def _pass(self, room: Room | None, plan: Plan) -> Change:
        """The pass of a person who cannot beat the trick: theirs, not a time-out (their
        timeouts and 托管 stay as they are), and no prompt for it."""
        if room is None or room.counter != plan.counter or room.phase is not Phase.PLAYING \
                or plan.seat is None or plan.seat not in room.to_act():
            raise Unchanged
        action = room.forced_action(plan.seat)
        if action is None:
            raise Unchanged
        return await apply_action(self.host, room, plan.seat, action, by="auto_pass")

    async def _warn(self, room_id: str, plan: Plan) -> None:

        async with self.host.lock(room_id):
            room = self.host.rooms.get(room_id)
            if room is None or room.counter != plan.counter or room.warned:
                return
            room.warned = True
            left = max(0, round((room.deadline or plan.at) - self.host.clock.now()))
            notes = [present.note(room, "host.timer_warning", {"seat": s, "seconds": left})
                     for s in room.to_act() if not room.seats[s].plays_itself]
        outlet = self.host.outlets.get(room.place.platform)
        for note in notes if outlet is not None else []:
            try:
                await outlet.announce(note)
            except Exception:
                log.exception("room %s: warning not delivered", room_id)

    async def quiesce(self, timeout: float) -> None:
        """Wait until every room task sleeps or has ended (and stays so for a few turns of
        the event loop, so tasks just woken by a clock have had their chance to run)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        calm = 0
        while calm < 3:
            for _ in range(5):
                await asyncio.sleep(0)
            busy = any(room_id in self._busy for room_id, task in self._tasks.items()
                       if not task.done())
            calm = 0 if busy else calm + 1
            if busy:
                if loop.time() > end:
                    raise TimeoutError("rooms still busy: " + ", ".join(sorted(self._busy)))
                await asyncio.sleep(0.001)

    async def stop(self) -> None:
        """Cancel every room task and wait for them."""
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tasks.clear()
        self.thinker.close()


def spec_first_legal(room: Room, seat: int) -> str:
    """The first legal action of a seat (the fallback when the AI misbehaves)."""
    assert room.state is not None
    actions = room.state.legal_actions(seat)
    if not actions:
        raise NotYourTurn()
    return actions[0]
