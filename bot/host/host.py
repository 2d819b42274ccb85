"""The host: routes commands to rooms, one lock per room, saves, and pushes views out.

Every change of a room follows one path (`Host.change`): take the room's lock, build the
changed room from a copy, save it (with the action, game header or settlement it carries) in
one storage transaction, swap it in, build the views, and deliver them in order after the
lock is released. A refusal (a `PaijuError`) anywhere before the save leaves the room as it
was. Timers and AI seats (`bot.host.runtime.driver`) go through the same path as people.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
import random
import re
import reprlib
import time
import unicodedata
from collections.abc import Awaitable, Callable
from dataclasses import asdict, replace
from datetime import UTC, datetime
from functools import partial
from typing import TYPE_CHECKING, Any

from bot.errors import NoRoom, PaijuError
from bot.games import registry
from bot.host import commands as cmd
from bot.host.change import Change, Unchanged
from bot.host.handlers import HANDLERS
from bot.host.leases import RoomLeases, target_room
from bot.host.meter import Meter
from bot.host.payload import encode_payload
from bot.host.presentation import present
from bot.host.presentation.render import pretty_ranks, renderer
from bot.host.room import Room, room_id_for
from bot.host.runtime.clock import Clock, SystemClock
from bot.host.runtime.driver import Driver
from bot.host.views import (
    Announcement,
    Choice,
    Delivery,
    NoteArt,
    Phase,
    Place,
    PrivateView,
    Reply,
    TableView,
    UserRef,
)
from bot.i18n import translate
from bot.pictures.summary import summary_from_dict
from bot.settings import Settings
from bot.web.links import links_from_settings
from storage.errors import LeaseLostError
from storage.records import KeptAnnouncement

if TYPE_CHECKING:
    from bot.host.ports import Outlet
    from bot.host.store import Store
    from storage.records import Settlement

log = logging.getLogger(__name__)

MAX_REFUSAL_CHARS = 200  # a refusal fits a Telegram callback alert (views.Reply)
MAX_ECHO_CHARS = 32  # what a too-long refusal keeps of each word it repeats


def _printable(text: str) -> str:
    # Control and format characters (NUL, bidi overrides) would garble the chat message.
    return "".join("\ufffd" if unicodedata.category(c)[0] == "C" else c for c in text)


def refusal_params(error: PaijuError) -> dict[str, Any]:
    """The error's parameters made printable (they often repeat what the sender typed)."""
    return {k: _printable(v) if isinstance(v, str) else v for k, v in error.params.items()}


_CANONICAL_RANKS = re.compile(r"[3-9TJQKA2BR]+")


def refusal_text(error: PaijuError, lang: str) -> str:
    """A refusal in `lang`, short enough for a callback alert: long words it repeats are cut.
    Cards an engine names in canonical compact ranks ("TTT", "BR") are shown as players
    write them ("10 10 10", "🃏B 🃏R" / "小王 大王"), after the game has said in its own
    words what it would (`game_refusal_params`: a trick in the order it is shown)."""
    params = game_refusal_params(error.key, refusal_params(error), lang)
    for name in ("cards", "table"):
        value = params.get(name)
        if isinstance(value, str) and _CANONICAL_RANKS.fullmatch(value):
            params[name] = pretty_ranks(value, lang)
    text = translate(error.key, lang, **params)
    if len(text) <= MAX_REFUSAL_CHARS:
        return text
    params = {k: v[:MAX_ECHO_CHARS - 1] + "…" if isinstance(v, str) and len(v) > MAX_ECHO_CHARS
              else v for k, v in params.items()}
    text = translate(error.key, lang, **params)
    return text if len(text) <= MAX_REFUSAL_CHARS else text[:MAX_REFUSAL_CHARS - 1] + "…"


def game_refusal_params(key: str, params: dict[str, Any], lang: str) -> dict[str, Any]:
    """A game's refusal said in its players' words: the game whose catalogue prefix the key
    has (its record's `i18n_prefix`) rewrites the parameters (its text's `refusal_params`)."""
    prefix = key.partition(".")[0]
    for record in registry.modules():
        if record.i18n_prefix == prefix:
            return renderer(record.name).refusal_params(key, params, lang)  # type: ignore[no-any-return]
    return params


def announcement_json(note: Announcement) -> str:
    """An announcement as the JSON kept in storage."""
    return json.dumps(asdict(note), ensure_ascii=False, separators=(",", ":"))


def announcement_from_json(body: str) -> Announcement:
    """An announcement back from its kept JSON."""
    data = json.loads(body)
    private = data.get("private_to")
    art = data.get("art")
    return Announcement(
        data["room_id"], Place(**data["place"]), data["lang"], data["kind"], data["text"],
        tuple(UserRef(**m) for m in data.get("mentions", ())),
        UserRef(**private) if private else None, data.get("key"), data.get("picture"),
        None if not art else NoteArt(
            tuple(art.get("cards") or ()), tuple(art.get("wild") or ()),
            summary_from_dict(art["result"]) if art.get("result") else None,
            str(art.get("hand_id") or "")))


__all__ = ["Change", "Host", "Unchanged", "refusal_text"]


class Host:
    """Rooms in memory, their locks, timers and views; storage behind."""

    def __init__(self, settings: Settings, store: Store, *, clock: Clock | None = None,
                 rng: random.Random | None = None) -> None:
        self.settings = settings
        self.store = store
        self.clock: Clock = clock or SystemClock()
        # The operating system's generator: deals' seeds are revealed after each hand
        # (bot.fairness), and a Mersenne Twister's next outputs follow from its last ones.
        self.rng = rng or random.SystemRandom()
        self.rooms: dict[str, Room] = {}
        self.outlets: dict[str, Outlet] = {}
        self.latencies: list[float] | None = None  # action latencies (s), when measuring
        self._locks: dict[str, asyncio.Lock] = {}
        self._delivery_tails: dict[str, asyncio.Future[None]] = {}
        # Suggestions by (room, seat), for the prompt (game id, counter it began) they answer.
        self.suggested: dict[tuple[str, int], tuple[str | None, int, list[str]]] = {}
        # The last private view delivered to each seat: a prompt's suggestions follow in it,
        # its prompt rebuilt (present.with_suggestions), not the whole view again.
        self._shown: dict[tuple[str, int], PrivateView] = {}
        self._suggesting: dict[tuple[str, int],
                               tuple[tuple[str | None, int], asyncio.Task[list[str]]]] = {}
        self._hint_tasks: set[asyncio.Task[None]] = set()
        self._kept_tasks: set[asyncio.Task[None]] = set()
        self._communities: dict[tuple[str, str], int] = {}
        self.seated: dict[int, str] = {}  # player id -> the room they sit in
        self.changed_at: dict[str, float] = {}
        self.hint_cursor: dict[tuple[str, int], tuple[int, int]] = {}
        self._closing = False
        # Extensions (the competition service): a command hook may answer a command before
        # the built-in handlers (None: not mine); a game-over hook hears of every newly
        # settled game, after its views went out and outside the room's lock.
        self.command_hooks: list[Callable[[cmd.Command], Awaitable[Reply | None]]] = []
        self.game_over_hooks: list[Callable[[Room, Settlement], Awaitable[None]]] = []
        # Told the room id after every change of a room is swapped in (the play page's
        # streams wake on it and build their seat's views); must return at once.
        self.change_watchers: list[Callable[[str], None]] = []
        self.links = links_from_settings(settings)  # web links the views carry (or None)
        # Several processes on one database (PostgreSQL): the rooms this one may act on.
        self.leases: RoomLeases | None = None
        self.driver = Driver(self)  # the timers need the host; built once here
        # What it counts (bot.host.meter): nothing, unless a serving bot puts its metrics here.
        self.meter: Meter = Meter()

    # -- life cycle --------------------------------------------------------------------

    def attach(self, outlet: Outlet) -> None:
        """Register the outlet of a platform."""
        self.outlets[outlet.platform] = outlet

    async def start(self) -> None:
        """Load every saved room, then re-show tables and hands and restart their timers."""
        await self.load()
        await self.resume()

    async def load(self) -> None:
        """Load every saved room into memory (before adapters start taking commands); with
        leases, only the rooms no live process holds, and start the heartbeat."""
        if self.leases is not None:
            await self.leases.take_over()
            self.leases.start()
            return
        for room_id, snapshot in await self.store.load_rooms():
            self.install_room(room_id, snapshot)

    def install_room(self, room_id: str, snapshot: dict[str, Any]) -> Room | None:
        """Put a saved room in memory (None if its snapshot is unreadable)."""
        try:
            room = Room.from_snapshot(snapshot)
        except Exception:
            log.exception("room %s: snapshot unreadable, left alone", room_id)
            return None
        self.rooms[room_id] = room
        self.changed_at[room_id] = self.clock.now()
        for seat in room.seats:
            if seat.player_id is not None and room.phase is not Phase.CLOSED:
                self.seated[seat.player_id] = room_id
        return room

    def forget_room(self, room_id: str) -> None:
        """Drop a room from memory (another process has it now); its timers stop."""
        room = self.rooms.pop(room_id, None)
        if room is None:
            return
        for seat in room.seats:
            if seat.player_id is not None and self.seated.get(seat.player_id) == room_id:
                del self.seated[seat.player_id]
        self.changed_at.pop(room_id, None)
        self._forget_suggestions(room_id, len(room.seats))
        self.driver.poke(room_id)

    def _forget_suggestions(self, room_id: str, seats: int) -> None:
        """Drop a room's suggestions and hint cursors (its hand is over, or it left)."""
        for seat in range(seats):
            self.suggested.pop((room_id, seat), None)
            self.hint_cursor.pop((room_id, seat), None)
            self._shown.pop((room_id, seat), None)

    async def park_rooms(self, room_ids: list[str]) -> None:
        """Let idle rooms go to whichever process hears of them next (see bot.host.leases)."""
        assert self.leases is not None
        for room_id in room_ids:
            async with self.lock(room_id):  # checked again: a command may have come meanwhile
                if self.leases.idle(room_id, self.clock.now()):
                    await self.leases.park([room_id])

    async def resume(self) -> None:
        """Re-show every open room's table and hands, restart timers and AI seats, and send
        the announcements kept from before a restart."""
        for room in list(self.rooms.values()):
            if room.phase is Phase.CLOSED:
                continue
            await self.reshow(room.room_id)
            self.driver.poke(room.room_id)
        await self.resend_kept()

    async def close(self) -> None:
        """Stop timers, AI seats and suggestions (rooms and undelivered announcements stay
        saved) and let the leases go."""
        self._closing = True
        await self.stop_hints()
        await self.driver.stop()
        tasks = list(self._kept_tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self.leases is not None:
            await self.leases.stop()

    @property
    def closing(self) -> bool:
        """True once `close` began."""
        return self._closing

    async def quiesce(self, timeout: float = 10.0) -> None:
        """Wait until no room has an AI move, due timer or suggestion in progress (tests,
        tools)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            await self.driver.quiesce(max(0.0, end - loop.time()))
            pending = [task for _, task in self._suggesting.values()] + list(self._hint_tasks)
            if not pending:
                return
            if loop.time() > end:
                names = sorted(task.get_name() for task in pending)
                raise TimeoutError("suggestions still being thought out: " + ", ".join(names))
            await asyncio.wait(pending, timeout=max(0.0, end - loop.time()))

    # -- commands ----------------------------------------------------------------------

    async def handle(self, command: cmd.Command) -> Reply:
        """Run one command; every outcome is a reply (refusals have ok=False)."""
        started = time.perf_counter()
        try:
            return await self._handle(command)
        finally:
            self.meter.answered(isinstance(command, cmd.Press), time.perf_counter() - started)

    async def _handle(self, command: cmd.Command) -> Reply:
        lang = command.actor.lang
        try:
            if self.leases is not None:
                room_id = target_room(command)
                if room_id is not None and not await self.leases.claim(room_id):
                    raise PaijuError("host.room_elsewhere")
            for hook in self.command_hooks:
                answer = await hook(command)
                if answer is not None:
                    return answer
            handler = HANDLERS[type(command)]
            return await handler(self, command)
        except PaijuError as error:
            text = refusal_text(error, lang)
            log.info("refused %s from %s: %s %s", type(command).__name__,
                     command.actor.user_id, error.key, reprlib.repr(error.params))
            return Reply(False, text, error.key, reason=error.reason,
                         choices=self._refusal_choices(command, error, lang))
        except Exception:
            log.exception("command failed: %r", command)
            return Reply(False, translate("host.internal_error", lang), "host.internal_error")

    def _refusal_choices(self, command: cmd.Command, error: PaijuError,
                         lang: str) -> tuple[Choice, ...]:
        """A game's refusal of an action (checked, typed or pressed) that can be taken several
        ways names each (`actions`, 斗地主: a play with wild cards read more than one way):
        each as a choice to press, labelled as the game words actions; () for any other."""
        actions = error.params.get("actions")
        if not actions or not isinstance(command, cmd.Check | cmd.Act | cmd.Press):
            return ()
        room = self.rooms.get(target_room(command) or "")
        if room is None:
            return ()
        render = renderer(room.game, room.options)
        out = []
        for action in actions:
            try:
                out.append(Choice(action, render.action_text(action, lang),
                                  encode_payload(room.room_id, room.counter, action)))
            except ValueError:  # too long for a button: typing it still works
                continue
        return tuple(out)

    # -- identities --------------------------------------------------------------------

    async def player_id(self, actor: cmd.Actor) -> int:
        """The storage player id of a person (created with the starting grant on first use)."""
        # Not cached here: storage caches it for a short while, so a link made on another
        # platform (storage/identities.py), even by another process, soon applies here too.
        return await self.store.player(actor.platform, actor.user_id, actor.name)

    async def community_id(self, place: Place | None) -> int | None:
        """The storage id of the place's community (None without one)."""
        if place is None or not place.community:
            return None
        key = (place.platform, place.community)
        known = self._communities.get(key)
        if known is None:
            known = await self.store.community(place.platform, place.community,
                                               place.community_name)
            self._communities[key] = known
        return known

    async def beans(self, player_id: int) -> int:
        """A player's beans, after the daily relief (低保) if they are broke."""
        balance = await self.store.balance(player_id, "beans")
        if balance < self.settings.relief_threshold:
            granted = await self.store.daily_relief(player_id, self.today())
            balance += granted
        return balance

    def today(self) -> Any:
        """The current day (UTC) of the host's clock, for the daily relief."""
        return datetime.fromtimestamp(self.clock.now(), UTC).date()

    # -- rooms -------------------------------------------------------------------------

    def find_room(self, command: cmd.Command, player_id: int | None = None) -> Room:
        """The room a command is about: explicit id, the room at its place, or the sender's."""
        if command.room is not None:
            room = self.rooms.get(command.room)
            if room is None or room.phase is Phase.CLOSED:
                raise PaijuError("host.room_gone")
            return room
        if command.place is not None:
            room = self.rooms.get(room_id_for(command.place))
            if room is not None and room.phase is not Phase.CLOSED:
                return room
        if player_id is not None and player_id in self.seated:
            return self.rooms[self.seated[player_id]]
        raise NoRoom()

    def lock(self, room_id: str) -> asyncio.Lock:
        """The room's lock (created on first use)."""
        lock = self._locks.get(room_id)
        if lock is None:
            lock = self._locks[room_id] = asyncio.Lock()
        return lock

    async def change(self, room_id: str, actor: cmd.Actor | None,
                     build: Callable[[Room | None], Awaitable[Change]]) -> Reply:
        """Run `build` on the room under its lock, save, swap in; then, outside the lock and in
        the room's delivery order, build the views once and deliver them; the reply."""
        started = time.perf_counter()
        settled = False
        async with self.lock(room_id):
            before = self.rooms.get(room_id)
            change = await build(before)
            if change.room is not None:
                if change.settlement is not None:  # once a hand: its notes are kept durably
                    change.kept = self._keep(change.room, change)
                settled = await self._save(room_id, change, actor)
                if change.settlement is not None and not settled:
                    log.warning("game %s was already settled", change.settlement.game_id)
                self._swap(before, change.room)
            if change.action is not None:
                self.meter.acted()
                if self.latencies is not None:
                    self.latencies.append(time.perf_counter() - started)
            after = self.rooms.get(room_id)
            turn = self._delivery_turn(room_id)
        try:
            await turn.previous
            views = ViewMemo(self, after)
            deliveries = self._deliveries(views, change) if after is not None else []
            reply = self._reply(views, change, actor)
            refused = await self._deliver(after, deliveries, change)
        finally:
            turn.done()
        if settled and after is not None and change.settlement is not None:
            await self._game_over(after, change.settlement)
        if refused and change.check_reach:
            return replace(reply, private_refused=True)
        return reply

    def _delivery_turn(self, room_id: str) -> DeliveryTurn:
        """A place in the room's delivery order (taken under the room's lock, so deliveries go
        out in the order of the changes, without the lock waiting for the platform)."""
        previous = self._delivery_tails.get(room_id)
        turn = DeliveryTurn(previous, room_id, self._delivery_tails)
        self._delivery_tails[room_id] = turn.finished
        return turn

    async def _save(self, room_id: str, change: Change, actor: cmd.Actor | None) -> bool:
        assert change.room is not None
        owner = self.leases.owner if self.leases is not None else None
        started = time.perf_counter()
        try:
            saved: bool = await self.store.save_room(
                room_id, change.room.to_snapshot(), action=change.action,
                game_start=change.game_start, settlement=change.settlement,
                announcements=[KeptAnnouncement(a.key or "", room_id, announcement_json(a))
                               for a in change.kept],
                lease=owner)
            self.meter.saved(time.perf_counter() - started)
            return saved
        except LeaseLostError:
            assert self.leases is not None
            log.warning("room %s: lease lost before saving; the room is reloaded from its "
                        "last save by whichever process takes it over", room_id)
            self.leases.lost(room_id)
            if actor is None:  # a timer or AI seat: its new owner drives the room now
                raise Unchanged from None
            raise PaijuError("host.room_elsewhere") from None

    async def _game_over(self, room: Room, settlement: Settlement) -> None:
        for hook in self.game_over_hooks:
            try:
                await hook(room, settlement)
            except Exception:
                log.exception("room %s: game-over hook failed", room.room_id)

    def _swap(self, before: Room | None, after: Room) -> None:
        room_id = after.room_id
        if before is not None:
            for seat in before.seats:
                if seat.player_id is not None and self.seated.get(seat.player_id) == room_id:
                    del self.seated[seat.player_id]
        if after.phase is not Phase.CLOSED:
            for seat in after.seats:
                if seat.player_id is not None:
                    self.seated[seat.player_id] = room_id
        self.rooms[room_id] = after
        self.changed_at[room_id] = self.clock.now()
        if after.phase is not Phase.PLAYING:  # no prompt left for a suggestion to answer
            self._forget_suggestions(room_id, max(len(after.seats),
                                                  len(before.seats) if before else 0))
        self.driver.poke(room_id)
        for watcher in self.change_watchers:
            watcher(room_id)

    # -- views -------------------------------------------------------------------------

    def _deliveries(self, views: ViewMemo, change: Change) -> list[Any]:
        room = views.room
        assert room is not None
        out: list[Any] = []
        if change.table:
            out.append(views.table())
        # Notes for one seat alone (the two-player farmer's hand switch); that seat's hand
        # and panel are shown again at once.
        told = present.private_notes(room, change.events)
        if change.kept:
            out.extend(change.kept)
        else:
            out.extend(present.announcements(room, change.events))
            out.extend(note for _, note in told)
            out.extend(present.note(room, kind, params, links=self.links)
                       for kind, params in change.notes)
        for seat in sorted(change.privates | {seat for seat, _ in told}):
            if 0 <= seat < len(room.seats) and not room.seats[seat].is_ai:
                out.append(views.private(seat))
        return out

    def _reply(self, views: ViewMemo, change: Change, actor: cmd.Actor | None) -> Reply:
        room = views.room
        lang = actor.lang if actor is not None else (room.lang if room else "en")
        lang = change.reply_lang or lang
        private = None
        if room is not None and change.actor_seat is not None \
                and 0 <= change.actor_seat < len(room.seats):
            private = views.private(change.actor_seat, lang)
        text = translate(change.key, lang, **change.params)
        return Reply(change.ok, text, change.key, room.room_id if room else None, private)

    async def _deliver(self, room: Room | None, deliveries: list[Any], change: Change) -> bool:
        """Hand views to the room's outlet in order; True if the actor's private view bounced."""
        if room is None:
            return False
        outlet = self.outlets.get(room.place.platform)
        if outlet is None:
            return False
        refused = False
        for view in deliveries:
            try:
                if isinstance(view, TableView):
                    await outlet.show_table(view)
                elif isinstance(view, PrivateView):
                    self._shown[(room.room_id, view.seat)] = view
                    result = await outlet.show_private(view)
                    reachable = result is not Delivery.REFUSED
                    if 0 <= view.seat < len(room.seats):
                        room.seats[view.seat].reachable = reachable
                    if not reachable and view.seat == change.actor_seat:
                        refused = True
                elif isinstance(view, Announcement):
                    outcome = await outlet.announce(view)
                    if view.key is not None:
                        self._follow(view.key, outcome)
            except Exception:
                log.exception("room %s: outlet %s failed on %s", room.room_id,
                              outlet.platform, type(view).__name__)
        return refused

    # -- announcements kept until delivered ----------------------------------------------

    def _keep(self, room: Room, change: Change) -> list[Announcement]:
        """The change's announcements, keyed by its game, to save with it (built under the
        lock, once a hand, so that what is saved is what is sent)."""
        assert change.settlement is not None
        game = change.settlement.game_id
        notes = [*present.announcements(room, change.events),
                 *(present.note(room, kind, params, links=self.links)
                   for kind, params in change.notes)]
        return [replace(note, key=f"{game}:{index}:{note.kind}")
                for index, note in enumerate(notes)]

    def _follow(self, key: str, outcome: Any) -> None:
        """Forget a kept announcement once its platform took it (or refused it for good)."""
        task = asyncio.create_task(self._delivered(key, outcome), name=f"kept:{key}")
        self._kept_tasks.add(task)
        task.add_done_callback(self._kept_tasks.discard)

    async def _delivered(self, key: str, outcome: Any) -> None:
        try:
            taken = await outcome if inspect.isawaitable(outcome) else True
            if taken is None:  # dropped (the adapter stopped): sent again after a restart
                return
            if taken is False:
                log.warning("announcement %s refused by the platform; not retried", key)
            await self.store.announcement_delivered(key)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("announcement %s: delivery not confirmed; kept", key)

    async def resend_kept(self) -> None:
        """Send the announcements kept from before a restart (a crash, a SIGTERM)."""
        for kept in await self.store.kept_announcements():
            try:
                note = announcement_from_json(kept.body)
            except (ValueError, KeyError, TypeError):
                log.exception("announcement %s unreadable; dropped", kept.key)
                await self.store.announcement_delivered(kept.key)
                continue
            outlet = self.outlets.get(note.place.platform)
            if outlet is None:
                continue  # its platform is not served by this process now
            try:
                self._follow(kept.key, await outlet.announce(note))
            except Exception:
                log.exception("announcement %s: outlet failed; kept", kept.key)

    @property
    def results_waiting(self) -> int:
        """Kept announcements (results) handed to a platform and not yet confirmed posted."""
        return len(self._kept_tasks)

    async def flush_kept(self, timeout: float) -> None:
        """Wait (at most `timeout` s) for the kept announcements being delivered (closing)."""
        if self._kept_tasks:
            await asyncio.wait(list(self._kept_tasks), timeout=timeout)

    async def reshow(self, room_id: str) -> None:
        """Show a room's table and every person's hand again (after a restart, a takeover);
        nothing if the room left memory meanwhile (a hand taken over that ended at once and
        was handed back, a save refused)."""
        async with self.lock(room_id):
            room = self.rooms.get(room_id)
            if room is None:
                return
            turn = self._delivery_turn(room_id)
        change = Change(None, "host.ok", privates=set(room.people()))
        try:
            await turn.previous
            deliveries = self._deliveries(ViewMemo(self, room), change)
            await self._deliver(room, deliveries, change)
        finally:
            turn.done()

    # -- suggestions -------------------------------------------------------------------

    @staticmethod
    def _prompt_of(room: Room, seat: int) -> tuple[str | None, int]:
        since = room.prompt_since[seat] if seat < len(room.prompt_since) else room.counter
        return room.game_id, since

    def hints_ready(self, room: Room, seat: int) -> list[str] | None:
        """The seat's suggestions for its current prompt if computed (None: not yet; they
        are asked of the thinking pool now and follow in a fresh private view)."""
        prompt = self._prompt_of(room, seat)
        known = self.suggested.get((room.room_id, seat))
        if known is not None and known[:2] == prompt:
            return known[2]
        if not self._closing:
            self._suggestion(room, seat, prompt)
        return None

    async def think(self, function: Callable[..., Any], *args: Any) -> Any:
        """CPU work off the event loop, in the thinking pool (a day's puzzle)."""
        return await self.driver.thinker.run(function, *args)

    async def hints(self, room: Room, seat: int) -> list[str]:
        """The seat's suggestions for its current prompt, waiting for the pool if needed."""
        prompt = self._prompt_of(room, seat)
        known = self.suggested.get((room.room_id, seat))
        if known is not None and known[:2] == prompt:
            return known[2]
        return await asyncio.shield(self._suggestion(room, seat, prompt))

    def _suggestion(self, room: Room, seat: int,
                    prompt: tuple[str | None, int]) -> asyncio.Task[list[str]]:
        """The one computation of a prompt's suggestions (started on first need)."""
        key = (room.room_id, seat)
        running = self._suggesting.get(key)
        if running is not None and running[0] == prompt:
            return running[1]
        task = asyncio.create_task(self._suggest(room, seat, prompt),
                                   name=f"hints:{room.room_id}:{seat}")
        task.add_done_callback(partial(self._suggestion_done, key))
        self._suggesting[key] = (prompt, task)
        return task

    def _suggestion_done(self, key: tuple[str, int], task: asyncio.Task[list[str]]) -> None:
        # Here, not in _suggest: a task cancelled before its first step (stop_hints soon
        # after a prompt) never runs a line of _suggest, and left in _suggesting it would
        # make quiesce wait for it until its timeout.
        running = self._suggesting.get(key)
        if running is not None and running[1] is task:
            del self._suggesting[key]
        if not task.cancelled() and task.exception() is not None:
            log.error("hints failed: %s", task.get_name(), exc_info=task.exception())

    async def _suggest(self, room: Room, seat: int,
                       prompt: tuple[str | None, int]) -> list[str]:
        key = (room.room_id, seat)
        assert room.state is not None
        hints = await self.driver.thinker.hints(room.game, room.state, seat,
                                                 data=room.state_dict())
        self.suggested[key] = (*prompt, hints)
        if not self._closing:  # none to suggest (only a pass): the prompt is settled all the same
            follow = asyncio.create_task(self._show_suggestions(room.room_id, seat, prompt),
                                         name=f"show-hints:{room.room_id}:{seat}")
            self._hint_tasks.add(follow)
            follow.add_done_callback(self._hint_tasks.discard)
        return hints

    async def _show_suggestions(self, room_id: str, seat: int,
                                prompt: tuple[str | None, int]) -> None:
        """Send the seat's view again, now with its suggestions, if its prompt is still the
        same (a stale suggestion never overwrites a newer view: this runs in delivery order
        and is built from the room as it is then)."""
        async with self.lock(room_id):
            turn = self._delivery_turn(room_id)
        try:
            await turn.previous
            room = self.rooms.get(room_id)
            if room is None or room.phase is not Phase.PLAYING or seat >= len(room.seats) \
                    or seat not in room.to_act() or room.seats[seat].plays_itself \
                    or (room.game_id, room.prompt_since[seat]) != prompt:
                return
            change = Change(None, "host.ok", table=False, privates={seat})
            views = ViewMemo(self, room)
            shown = self._shown.get((room_id, seat))
            if shown is not None and shown.counter == room.counter \
                    and shown.lang == room.seats[seat].lang and shown.prompt is not None:
                views.keep(seat, present.with_suggestions(self, room, seat, shown))
            if views.private(seat).prompt is not None:  # its suggestions, or that none come
                await self._deliver(room, self._deliveries(views, change), change)
                for watcher in self.change_watchers:  # the same counter, now with them
                    watcher(room_id)
        finally:
            turn.done()

    async def stop_hints(self) -> None:
        """Cancel suggestions still being computed (closing)."""
        tasks = [*self._hint_tasks, *(task for _, task in self._suggesting.values())]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


class DeliveryTurn:
    """One change's place in its room's delivery order."""

    __slots__ = ("finished", "previous", "_room_id", "_tails")

    def __init__(self, previous: asyncio.Future[None] | None, room_id: str,
                 tails: dict[str, asyncio.Future[None]]) -> None:
        loop = asyncio.get_running_loop()
        self.finished: asyncio.Future[None] = loop.create_future()
        if previous is None or previous.done():
            previous = loop.create_future()
            previous.set_result(None)
        self.previous = previous
        self._room_id = room_id
        self._tails = tails

    def done(self) -> None:
        """Let the next change of the room deliver."""
        if not self.finished.done():
            self.finished.set_result(None)
        if self._tails.get(self._room_id) is self.finished:
            del self._tails[self._room_id]


class ViewMemo:
    """The views of one room at one counter, each built once per audience (table or seat, in
    a language) and reused: the deliveries and the reply share them."""

    __slots__ = ("host", "room", "_built")

    def __init__(self, host: Host, room: Room | None) -> None:
        self.host = host
        self.room = room
        self._built: dict[tuple[int, str | None], Any] = {}

    def table(self) -> TableView:
        """The channel's table."""
        assert self.room is not None
        key = (-1, None)
        if key not in self._built:
            self._built[key] = present.table_view(self.host, self.room)
        return self._built[key]  # type: ignore[no-any-return]

    def keep(self, seat: int, view: PrivateView) -> None:
        """Use `view` as the seat's private view (in its language)."""
        self._built[(seat, view.lang)] = view

    def private(self, seat: int, lang: str | None = None) -> PrivateView:
        """One seat's private view (in its person's language unless `lang` is given)."""
        assert self.room is not None
        lang = lang or self.room.seats[seat].lang
        key = (seat, lang)
        if key not in self._built:
            self._built[key] = present.private_view(self.host, self.room, seat, lang=lang)
        return self._built[key]  # type: ignore[no-any-return]
