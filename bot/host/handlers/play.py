"""Game actions: applying one to a room (people, AI seats and timers alike), and the
commands around play (act, hint, 托管, show my hand, button presses)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.errors import EmptyAction, NoGame, NoRoom, NotSeated, NotYourTurn, PaijuError
from bot.host import commands as cmd
from bot.host.change import Change
from bot.host.handlers.settle import finish_game
from bot.host.payload import VERBS, decode_payload
from bot.host.presentation import present
from bot.host.views import Phase, Reply, Status
from storage.records import ActionRecord

if TYPE_CHECKING:
    from bot.host.context import HandlerContext
    from bot.host.room import Room

log = logging.getLogger(__name__)


def next_deadline(host: HandlerContext, before: Room, after: Room) -> float | None:
    """The turn timer after a change: kept while a simultaneous phase goes on, else new."""
    new_to_act = after.to_act()
    # Nobody waits on a seat the AI plays. A person whose pass plays itself (要不起) gets the
    # same timer as one who chooses: a turn shown without one would tell the table.
    people = [s for s in new_to_act if not after.seats[s].plays_itself]
    if not people or not host.settings.turn_timers:
        return None
    old_to_act = before.to_act()
    if len(old_to_act) > 1 and set(new_to_act) <= set(old_to_act) \
            and before.deadline is not None:
        return before.deadline
    assert after.state is not None
    return host.clock.now() + host.settings.timeout_for(turn_class(after, people[0]))


def turn_class(room: Room, seat: int) -> str:
    """The timer class of a seat's turn. A forced pass (要不起) is timed as the game's plays
    are, not by its one legal action: it must look like any other turn in play."""
    if room.forced_action(seat) is not None:
        return "play"
    return present.timer_class(room.game, room.legal_actions(seat))


PACE_KEPT = 12  # a person's last own moves whose think times a forced pass's pause draws on


def paced(room: Room, seat: int, action: str, now: float, timeout: float) -> None:
    """Note how long a person took over their own move (from the turn timer: it began at
    `deadline - timeout`), kept by the move's verb: a forced pass waits as their passes do."""
    if room.deadline is None:
        return
    took = round(max(0.0, now - (room.deadline - timeout)), 2)
    mover = room.seats[seat]
    mover.pace = [*mover.pace, [action.split(" ", 1)[0], took]][-PACE_KEPT:]


def refresh_prompts(before: Room, after: Room, actor: int | None) -> set[int]:
    """Update each seat's prompt counter; the seats whose private situation changed."""
    old, new = set(before.to_act()), set(after.to_act())
    changed: set[int] = set()
    simultaneous = len(old) > 1
    while len(after.prompt_since) < len(after.seats):
        after.prompt_since.append(after.counter)
    for seat in range(len(after.seats)):
        kept = simultaneous and seat in old and seat in new and seat != actor
        if seat == actor or ((seat in old or seat in new) and not kept):
            after.prompt_since[seat] = after.counter
            changed.add(seat)
    return changed


async def apply_action(host: HandlerContext, room: Room, seat: int, text: str, *,
                       by: str) -> Change:
    """The change of one game action by `seat` (by "person", "ai", "timer" or
    "auto_pass": the pass of a person who cannot beat the trick, played by the host).

    Raises IllegalAction (the engine's reason) and leaves `room` untouched.
    """
    state = room.state
    if state is None or room.phase is not Phase.PLAYING:
        raise NoGame()
    if seat not in state.to_act():
        raise NotYourTurn()
    step = room.spec.step(state, seat, text)
    new_state, events, action = step.state, list(step.events), step.action
    after = room.copy()
    after.state = new_state
    after.actions += 1
    after.counter += 1
    mover = after.seats[seat]
    if by == "person":
        mover.auto = False  # acting again ends 托管
        mover.timeouts = 0
        if turn_class(room, seat) == "play" and len(state.to_act()) == 1:
            paced(after, seat, action, host.clock.now(),
                  host.settings.timeout_for("play"))
        mover.own_moves += 1
        mover.own_actions = [*mover.own_actions, room.actions]
    elif by != "auto_pass" and not mover.is_ai:  # a forced pass is nobody's choice
        mover.carried_moves += 1
    after.last_play = {"seat": seat, "action": action}
    record = ActionRecord(room.game_id or "", room.actions, seat, action, host.clock.now())
    # A seat whose pass plays itself gets no prompt (it has nothing to decide) but is told,
    # alone, that it passes (its view says so); its hand is the same after that pass.
    privates = {s for s in refresh_prompts(room, after, seat)
                if not (s == seat and by == "auto_pass")}
    deadline = next_deadline(host, room, after)
    if deadline != after.deadline:
        after.warned = False
    after.deadline = deadline
    change = Change(after, "host.played", {"action": action}, action=record, events=events,
                    privates=privates, actor_seat=seat if by == "person" else None)
    if new_state.is_over:
        await finish_game(host, after, change, room.spec.outcome(new_state))
    return change


def _seat_in(room: Room, player_id: int) -> int:
    seat = room.seat_of(player_id)
    if seat is None:
        raise NotSeated()
    return seat


async def act(host: HandlerContext, command: cmd.Act) -> Reply:
    """A game action typed or pressed by a person."""
    player = await host.player_id(command.actor)
    room_id = host.find_room(command, player).room_id

    async def build(room: Room | None) -> Change:
        if room is None or room.phase is not Phase.PLAYING or room.state is None:
            raise NoGame()
        seat = _seat_in(room, player)
        if command.counter is not None and not (
                room.prompt_since[seat] <= command.counter <= room.counter):
            raise PaijuError("host.stale")
        if not command.text.strip():
            raise EmptyAction()
        return await apply_action(host, room, seat, command.text, by="person")

    return await host.change(room_id, command.actor, build)


async def _my_turn(host: HandlerContext, command: cmd.Command) -> tuple[Room, int]:
    """The sender's room and seat, read without the lock; raises unless it is their turn in
    a hand being played."""
    player = await host.player_id(command.actor)
    room = host.find_room(command, player)
    if room.phase is not Phase.PLAYING or room.state is None:
        raise NoGame()
    seat = _seat_in(room, player)
    if seat not in room.to_act():
        raise NotYourTurn()
    return room, seat


async def hint(host: HandlerContext, command: cmd.Hint) -> Reply:
    """提示: the next suggestion for my turn (repeating cycles through them)."""
    room, seat = await _my_turn(host, command)
    if room.forced_action(seat) is not None:  # 要不起: nothing to suggest, nor to think out
        raise PaijuError("host.no_hint_auto_pass")
    # Thought out in the pool, with no lock held: the room may move on meanwhile, and the
    # answer is then about the prompt that was asked about (its counter is in the view).
    suggestions = await host.hints(room, seat)
    if not suggestions:
        raise PaijuError("host.no_hint")
    key = (room.room_id, seat)
    counter, index = host.hint_cursor.get(key, (-1, -1))
    index = index + 1 if counter == room.counter else 0
    host.hint_cursor[key] = (room.counter, index)
    chosen = suggestions[index % len(suggestions)]
    view = present.private_view(host, room, seat, lang=command.actor.lang)
    text = present.hint_text(room, chosen, index % len(suggestions), len(suggestions),
                             command.actor.lang)
    return Reply(True, text, "host.hint", room.room_id, view, action=chosen, status=Status.INFO)


async def check(host: HandlerContext, command: cmd.Check) -> Reply:
    """Whether my action would be taken now, applied to a copy of nothing: the game state is
    an immutable value, so the engine's step leaves the room as it is (its refusal says why)."""
    room, seat = await _my_turn(host, command)
    if not command.text.strip():
        raise EmptyAction()
    # A refusal naming the ways the action can be taken (`actions`) is answered with them
    # as choices to press (`Host.handle`).
    room.spec.step(room.state, seat, command.text)
    return Reply(True, "", "host.check", room.room_id, status=Status.INFO)


async def _my_seat_change(host: HandlerContext, command: cmd.Command,
                          make: Callable[[Room, Room, int], Change]) -> Reply:
    """A change to my own seat: `make(room, copy, seat)` under the room's lock."""
    player = await host.player_id(command.actor)
    room_id = host.find_room(command, player).room_id

    async def build(room: Room | None) -> Change:
        if room is None:
            raise NoRoom()
        seat = _seat_in(room, player)
        return make(room, room.copy(), seat)

    return await host.change(room_id, command.actor, build)


async def auto(host: HandlerContext, command: cmd.Auto) -> Reply:
    """托管 on or off for my seat."""

    def make(room: Room, after: Room, seat: int) -> Change:
        on = not room.seats[seat].auto if command.on is None else command.on
        after.seats[seat].auto = on
        after.seats[seat].timeouts = 0
        if not on and after.deadline is None:
            after.deadline = next_deadline(host, room, after)
        return Change(after, "host.auto_on" if on else "host.auto_off", privates={seat},
                      actor_seat=seat)

    return await _my_seat_change(host, command, make)


async def sort_hand(host: HandlerContext, command: cmd.SortHand) -> Reply:
    """My hand big→small (the big apps' way) or small→big, from now on in this room."""

    def make(room: Room, after: Room, seat: int) -> Change:
        now = present.hand_order(room, seat)
        order = command.order if command.order in ("up", "down") else \
            ("up" if now == "down" else "down")
        after.seats[seat].order = order
        return Change(after, "host.sorted", {"order": present.t(f"host.order.{order}",
                                                                  command.actor.lang)},
                      table=False, privates={seat}, actor_seat=seat)

    return await _my_seat_change(host, command, make)


async def show_hand(host: HandlerContext, command: cmd.ShowHand) -> Reply:
    """My hand and prompt, privately (the reply carries it; the outlet gets it too)."""
    player = await host.player_id(command.actor)
    room_id = host.find_room(command, player).room_id

    async def build(room: Room | None) -> Change:
        if room is None:
            raise NoRoom()
        seat = _seat_in(room, player)
        key = "host.hand_sent" if room.state is not None else "host.no_cards_yet"
        return Change(None, key, table=False, privates={seat}, actor_seat=seat,
                      check_reach=True)

    return await host.change(room_id, command.actor, build)


VERB_COMMANDS: dict[str, type[cmd.Command]] = {
    "join": cmd.Join, "leave": cmd.Leave, "add_ai": cmd.AddAI, "remove_ai": cmd.RemoveAI,
    "start": cmd.Start, "hand": cmd.ShowHand, "hint": cmd.Hint, "auto": cmd.Auto,
    "rematch": cmd.Rematch, "table": cmd.Table, "sort": cmd.SortHand, "seed": cmd.Seed,
}


async def press(host: HandlerContext, command: cmd.Press) -> Reply:
    """A button press: a host verb or a game action from a prompt (stale ones refused)."""
    payload = decode_payload(command.payload)
    if payload.is_adapter_code:
        raise PaijuError("host.bad_payload")
    if payload.room_id not in host.rooms:
        raise PaijuError("host.room_gone")
    if payload.is_verb:
        verb = VERBS.get(payload.code)
        if verb is None:
            raise PaijuError("host.bad_payload")
        forwarded = VERB_COMMANDS[verb](command.actor, command.place, payload.room_id)
        if isinstance(forwarded, cmd.Seed):
            forwarded = replace(forwarded, tap=True)
        return await host.handle(forwarded)
    return await act(host, cmd.Act(command.actor, command.place, payload.room_id,
                                   text=payload.code, counter=payload.counter))
