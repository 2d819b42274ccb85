"""The real Telegram adapter on a real host (SQLite file), against the fake Bot API server.

`Table` bundles the fake server, the host, the adapter and helpers that act like people
(commands, presses) and wait for what they would see. `LeakGuard` checks, as each request
reaches the fake, that nothing sent to a group shows a card still hidden in someone's hand.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from adapters.telegram import Limits, TelegramAdapter
from bot.cards import parse_cards
from bot.errors import PaijuError
from bot.host.bootstrap import close_host, open_host
from bot.host.host import Host
from bot.host.payload import decode_payload
from bot.host.room import Room, room_id_for
from bot.host.runtime.clock import ManualClock
from bot.host.views import Announcement, Phase, Place, TableView
from bot.pictures import describe
from bot.settings import Settings
from tests.fakes.telegram import FakeTelegram
from tests.fakes.telegram_api import FakeChat, FakeUser

JSON = dict[str, Any]
# Quick limits, and a group's requests 50 ms apart rather than a second: a table's edits still
# fold while one is in flight, and a test's moves do not wait a second each. Tests of the
# pace itself (calls per move, the 20-a-minute budget) give the real interval.
FAST = Limits(overall=(1000, 1), group=(1000, 1), max_retries=3, poll_timeout=5,
              group_interval=0.05)
SUITED = re.compile(r"(?<![A-Za-z0-9])[3-9TJQKA2][shcd](?![A-Za-z0-9])")
CHECKED_METHODS = ("sendMessage", "editMessageText", "editMessageReplyMarkup", "sendPhoto",
                   "editMessageMedia")


def code_of(data: str | None) -> str:
    """The code part of a callback payload ("bid 3", "!join", "~t33")."""
    return decode_payload(data or "").code


def hidden_cards(rooms: list[Room], shown: dict[str, set[str]]) -> set[str]:
    """Suited codes of cards in any hand that the table does not show and never showed
    (`shown`: per game id, the cards its public views have shown so far)."""
    hidden: set[str] = set()
    for room in rooms:
        state = room.state
        if state is None or room.phase not in (Phase.PLAYING, Phase.OVER):
            continue
        public = set(SUITED.findall(json.dumps(state.public_view())))
        public |= shown.get(room.game_id or "", set())
        for seat in range(len(room.seats)):
            try:
                private = json.dumps(state.private_view(seat))
            except (ValueError, IndexError):
                continue
            hidden |= set(SUITED.findall(private)) - public
    return hidden


def picture_leaks(params: JSON, hidden: set[str]) -> list[str]:
    """What an uploaded picture shows that a group may not see: a hand (or an arrangement)
    by its kind, or any hidden card among the cards drawn (read from the picture itself)."""
    found = []
    for value in params.values():
        if not (isinstance(value, dict) and isinstance(value.get("data"), bytes)):
            continue
        layout = describe(value["data"])
        if layout is None:
            found.append("a picture that does not say what it depicts")
        elif layout.private:
            found.append(f"a private picture ({layout.describe()})")
        else:
            found.extend(code for code in layout.codes if code in hidden)
    return found


def picture_codes(params: JSON) -> set[str]:
    """Every card an uploaded picture draws."""
    codes: set[str] = set()
    for value in params.values():
        if isinstance(value, dict) and isinstance(value.get("data"), bytes):
            layout = describe(value["data"])
            if layout is not None:
                codes.update(layout.codes)
    return codes


def leaks(params: JSON, hidden: set[str]) -> list[str]:
    """The hidden cards a request shows, pretty (text, labels) or compact (payloads), or
    drawn in an uploaded picture."""
    texts = [str(params.get("text", "")), str(params.get("caption", ""))]
    payloads = []
    markup = params.get("reply_markup")
    if isinstance(markup, dict):
        for row in markup.get("inline_keyboard", []):
            for button in row:
                texts.append(str(button.get("text", "")))
                # `room:counter:code`: only the code can name a card (a base-36 counter
                # such as "2d" is no two of diamonds)
                payloads.append(str(button.get("callback_data", "")).split(":", 2)[-1])
    shown = "\n".join(texts)
    found = []
    for code in hidden:
        card = parse_cards(code)[0]
        pretty = re.escape(card.pretty("en")) + r"(?![0-9])"
        if re.search(pretty, shown) or any(code in SUITED.findall(p) for p in payloads):
            found.append(code)
    return found + picture_leaks(params, hidden)


@dataclass
class LeakGuard:
    """Wraps the fake's message methods: every group request is checked on arrival."""

    hosts: list[Host] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)
    checked: int = 0
    shown: dict[str, set[str]] = field(default_factory=dict)  # game id → cards made public
    # (room id, counter) → the hand (game id) its table view showed: an edit still in flight
    # when the room's next hand was dealt shows the cards of the hand before.
    hands: dict[tuple[str, int], str] = field(default_factory=dict)
    # (room id, hand) → the first counter a table of that hand was seen at: a table whose
    # counter is older than its room's current hand (one the guard never saw handed over,
    # such as a competition table's) shows an earlier hand
    starts: dict[tuple[str, str], int] = field(default_factory=dict)
    # The cards a note's picture draws → its hand (game id): a hand's result or bottom cards
    # may go out after the next hand was dealt (the same codes, most of them in hands again)
    arts: dict[frozenset[str], str] = field(default_factory=dict)

    def saw(self, view: TableView) -> None:
        """Note the cards a table view made public (a face-up card stays known after)."""
        self.hands[(view.room_id, view.counter)] = view.hand_id
        key = (view.room_id, view.hand_id)
        self.starts[key] = min(self.starts.get(key, view.counter), view.counter)
        room = self.hosts[-1].rooms.get(view.room_id) if self.hosts else None
        if room is not None and room.game_id:
            found = set(SUITED.findall(json.dumps(view.public)))
            if view.result is not None:  # a finished hand's cards left are shown to all
                found.update(code for seat in view.result.seats for code in seat.cards)
            self.shown.setdefault(room.game_id, set()).update(found)

    def watch(self, adapter: TelegramAdapter) -> None:
        """Observe every table view the host hands to the adapter."""
        show_table = adapter.show_table

        async def observed(view: TableView) -> None:
            self.saw(view)
            await show_table(view)

        adapter.show_table = observed  # type: ignore[method-assign]
        announce = adapter.announce

        async def noted(note: Announcement) -> Any:
            art = getattr(note, "art", None)  # (a note without one: no picture)
            if art is not None and art.hand_id:
                drawn = art.cards if art.result is None else tuple(
                    code for seat in art.result.seats for code in seat.cards)
                self.arts[frozenset(drawn)] = art.hand_id
            return await announce(note)

        adapter.announce = noted  # type: ignore[method-assign]

    def install(self, fake: FakeTelegram) -> None:
        """Check every group-bound message method of `fake` from now on."""
        for method in CHECKED_METHODS:
            original = fake.methods[method]
            fake.methods[method] = self._checking(method, original)

    def _checking(self, method: str, original: Callable[[JSON], Any]) -> Callable[[JSON], Any]:
        def check(params: JSON) -> Any:
            chat_id = params.get("chat_id")
            if isinstance(chat_id, int) and chat_id < 0 and self.hosts:
                self.checked += 1
                everywhere = list(self.hosts[-1].rooms.values())
                # The rooms of this chat (another table's deck holds the same card codes);
                # every room where none is known here (a group that moved, say).
                rooms = [r for r in everywhere if r.place.channel == str(chat_id)] \
                    or everywhere
                # A table of a room's earlier hand (its edit was in flight when the next was
                # dealt) is not read against the new hand's cards: the same codes are dealt
                # again, most of them into hands.
                earlier = self._earlier_hands(params)
                # A table names its room in its buttons: it is read against that room's
                # hands alone (two tables of a cup in one group share card codes, and one
                # table's bottom cards may sit in the other's hands).
                named = {payload.room_id for payload in self._payloads(params)}
                if named:
                    rooms = [r for r in rooms if r.room_id in named]
                rooms = [r for r in rooms if r.room_id not in earlier]
                drawn = picture_codes(params)
                hand = self.arts.get(frozenset(drawn)) if drawn else None
                if hand is not None and any(r.game_id != hand and hand.startswith(r.room_id)
                                            for r in rooms):
                    # A note's picture of a hand before (its result, its bottom cards): read
                    # against what that hand showed, not the cards dealt since.
                    rooms = [r for r in rooms if not hand.startswith(r.room_id)]
                    suited = {code for code in drawn if SUITED.fullmatch(code)}  # (jokers:
                    # one of each, nothing to tell hands apart by)
                    if not suited <= self.shown.get(hand, set()):
                        self.violations.append(f"{method} to {chat_id} draws "
                                               f"{suited - self.shown.get(hand, set())} that "
                                               f"hand {hand} never showed: {params}")
                shown = leaks(params, hidden_cards(rooms, self.shown))
                if shown:
                    self.violations.append(f"{method} to {chat_id} shows {shown}: {params}")
            return original(params)

        return check

    @staticmethod
    def _payloads(params: JSON) -> list[Any]:
        """The payloads of the request's buttons (room and counter each)."""
        markup = params.get("reply_markup")
        rows = markup.get("inline_keyboard", []) if isinstance(markup, dict) else []
        found = []
        for button in (button for row in rows for button in row):
            try:
                found.append(decode_payload(str(button.get("callback_data", ""))))
            except PaijuError:
                continue
        return found

    def _earlier_hands(self, params: JSON) -> set[str]:
        """The rooms whose table in this request (known by its buttons' payloads) shows a
        hand other than the one the room plays now."""
        earlier = set()
        for payload in self._payloads(params):
            hand = self.hands.get((payload.room_id, payload.counter))
            room = self.hosts[-1].rooms.get(payload.room_id)
            if room is None or not room.game_id:
                continue
            start = self.starts.get((payload.room_id, room.game_id))
            if (hand and hand != room.game_id) or (
                    hand is None and start is not None and payload.counter < start):
                earlier.add(payload.room_id)
        return earlier


class Table:
    """A fake Telegram world with the real adapter and host, and people acting in it."""

    def __init__(self, fake: FakeTelegram, db: Path, guard: LeakGuard,
                 limits: Limits = FAST, pictures: bool = False) -> None:
        self.fake = fake
        self.db = db
        self.guard = guard
        self.limits = limits
        self.clock = ManualClock()
        self.settings = Settings(
            _env_file=None, database=db, telegram_token=fake.token,
            telegram_base_url=fake.base_url, ai_delay=0, warn_before=0, puzzle_wait=120,
            pictures=pictures)  # card art: off unless a test looks at pictures
        self.host: Host | None = None
        self.adapter: TelegramAdapter | None = None

    # -- life cycle --------------------------------------------------------------------

    async def boot(self, seed: int = 7) -> None:
        """Build the host and the adapter and start them in the order `python -m bot` does."""
        self.host = await open_host(self.settings, clock=self.clock, rng=random.Random(seed))
        self.guard.hosts.append(self.host)
        self.adapter = TelegramAdapter(self.settings, limits=self.limits)
        self.guard.watch(self.adapter)
        self.host.attach(self.adapter)
        await self.host.load()
        await self.adapter.start(self.host)
        await self.host.resume()

    async def shutdown(self) -> None:
        """Stop the adapter, then the host and its storage."""
        if self.adapter is not None:
            await self.adapter.stop()
        if self.host is not None:
            await close_host(self.host)
        self.adapter = self.host = None

    async def settle(self) -> None:
        """Let the host's AI seats and timers finish, then every queued request go out."""
        assert self.host is not None and self.adapter is not None
        for _ in range(3):
            await self.fake.wait_idle(quiet=0.03, timeout=10)
            await self.host.quiesce(10)
            await self.adapter.settle(10)

    async def tick(self, seconds: float) -> None:
        """Move the host's clock on and let the timers that came due run."""
        assert self.host is not None
        self.clock.advance(seconds)
        await asyncio.sleep(0.02)  # woken timer tasks mark themselves busy again
        await self.host.quiesce(10)

    # -- looking -------------------------------------------------------------------------

    def room(self, chat: FakeChat, thread: int | None = None) -> Room:
        """The host's room in a chat (or forum topic)."""
        assert self.host is not None
        place = Place("telegram", str(chat.id), str(thread) if thread else "")
        return self.host.rooms[room_id_for(place)]

    def table_message(self, chat: FakeChat, thread: int | None = None) -> JSON:
        """The room's table message as the chat shows it now."""
        found = self.shown_table(chat, thread)
        assert found is not None, "no table message"
        return found

    def shown_table(self, chat: FakeChat, thread: int | None = None) -> JSON | None:
        """The room's table message, or None while there is none."""
        assert self.host is not None and self.adapter is not None
        place = Place("telegram", str(chat.id), str(thread) if thread else "")
        slot = self.adapter.tables.get(room_id_for(place))
        if slot is None or slot.message_id is None:
            return None
        return self.fake.message(chat, slot.message_id)

    def panel(self, user: FakeUser) -> JSON | None:
        """The newest bot message with buttons in the user's private chat."""
        chat = self.fake.private_chat(user)
        mine = [m for m in self.fake.messages(chat)
                if m["from"]["id"] == self.fake.bot.id and m.get("reply_markup")]
        return mine[-1] if mine else None

    def live_codes(self, user: FakeUser, message: JSON | None) -> list[str]:
        """The codes of a panel's buttons that are not stale: a turn message keeps its
        buttons after the move (pressing them is refused), and verbs never go stale."""
        assert self.host is not None
        live = []
        for _, data in FakeTelegram.buttons(message or {}):
            if not data:
                continue
            payload = decode_payload(data)
            room = self.host.rooms.get(payload.room_id)
            seat = None if room is None else next(
                (i for i, s in enumerate(room.seats) if s.user_id == str(user.id)), None)
            if not payload.is_verb and room is not None and seat is not None \
                    and seat < len(room.prompt_since) \
                    and payload.counter < room.prompt_since[seat]:
                continue
            live.append(payload.code)
        return live

    @staticmethod
    def codes(message: JSON | None) -> list[str]:
        """The payload codes of a message's buttons."""
        if message is None:
            return []
        return [code_of(data) for _, data in FakeTelegram.buttons(message) if data]

    async def until(self, probe: Callable[[], Any], timeout: float = 10.0) -> Any:
        """Wait until `probe()` returns something truthy; return it."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            value = probe()
            if value:
                return value
            if loop.time() > end:
                raise AssertionError(f"timed out waiting for {probe}")
            await asyncio.sleep(0.01)

    async def prompt(self, user: FakeUser, wanted: Callable[[str], bool],
                     timeout: float = 10.0) -> JSON:
        """Wait for the user's panel to offer a button whose code satisfies `wanted`."""
        def probe() -> JSON | None:
            panel = self.panel(user)
            return panel if any(wanted(c) for c in self.live_codes(user, panel)) else None

        return await self.until(probe, timeout)

    # -- acting ----------------------------------------------------------------------------

    async def press(self, user: FakeUser, message: JSON, wanted: Callable[[str], bool]) -> str:
        """Press the first button of `message` whose code satisfies `wanted`; its data."""
        for _, data in FakeTelegram.buttons(message):
            if data and wanted(code_of(data)):
                self.fake.press(user, message, data)
                return data
        raise AssertionError(f"no such button on {FakeTelegram.buttons(message)}")

    async def answered(self, query_id: str, timeout: float = 5.0) -> JSON:
        """The answerCallbackQuery params for a press."""
        call = await self.fake.wait_for(
            lambda c: c.params.get("callback_query_id") == query_id,
            method="answerCallbackQuery", since=0, timeout=timeout)
        return call.params


class Players:
    """People at one table, and the moves they make through their panels."""

    def __init__(self, tg: Table, chat: FakeChat, users: list[FakeUser],
                 thread: int | None = None) -> None:
        self.tg = tg
        self.chat = chat
        self.thread = thread
        self.by_id = {str(u.id): u for u in users}

    def room(self) -> Room:
        """The host's room."""
        return self.tg.room(self.chat, self.thread)

    def to_act(self) -> FakeUser:
        """The person whose turn it is (the first of several in a simultaneous phase)."""
        room = self.room()
        seats = room.to_act()
        assert seats, f"nobody is to act (phase {room.phase})"
        user_id = room.seats[seats[0]].user_id
        assert user_id is not None, "an AI seat is to act"
        return self.by_id[user_id]

    async def next_turn(self, since: int) -> FakeUser:
        """Wait until the room's counter passed `since` with a person to act; that person."""
        def probe() -> FakeUser | None:
            room = self.room()
            seats = room.to_act()
            if room.counter <= since or not seats or room.seats[seats[0]].user_id is None:
                return None
            return self.by_id[room.seats[seats[0]].user_id]

        return await self.tg.until(probe)

    async def act(self, user: FakeUser, wanted: Callable[[str], bool]) -> str:
        """Press the button `wanted` on the user's prompt; wait until the host took it."""
        panel = await self.tg.prompt(user, wanted)
        before = self.room().counter
        data = await self.tg.press(user, panel, wanted)
        await self.tg.until(lambda: self.room().counter > before)
        return code_of(data)

    async def build_play(self, user: FakeUser, ranks: str) -> None:
        """Toggle the ranks one by one on the panel, then press Play."""
        from bot.cards import RANK_CHARS

        assert self.tg.adapter is not None
        slot = self.tg.adapter.panels[(user.id, self.room().room_id)]
        selection = ""
        for char in ranks:
            selection = "".join(sorted(selection + char, key=RANK_CHARS.index))
            wanted = f"~t{selection}"
            panel = await self.tg.prompt(user, lambda c, w=wanted: c == w)
            await self.tg.press(user, panel, lambda c, w=wanted: c == w)
            # Play is offered only once the selection is a play the table would take.
            await self.tg.until(lambda s=selection: slot.draft.value == s)
            await self.tg.adapter.settle()
        await self.act(user, lambda c: c == f"play {selection}")

    async def everyone_auto(self) -> None:
        """Each person presses 托管 on their panel."""
        for user in self.by_id.values():
            panel = await self.tg.prompt(user, lambda c: c == "!auto")
            query = await self.tg.press(user, panel, lambda c: c == "!auto")
            assert query

    async def finished(self, timeout: float = 20.0) -> Room:
        """Wait for the game to end; the room."""
        return await self.tg.until(lambda: self.room().phase is Phase.OVER and self.room(),
                                   timeout)


async def solo_table(tg: Table, name: str = "Alice") -> tuple[FakeChat, FakeUser, Players]:
    """One person and two AI seats, dealt; the person's first prompt is showing."""
    fake = tg.fake
    group = fake.new_group(f"{name}'s table")
    alice = fake.new_user(name)
    fake.command(alice, "new", "ddz", chat=group)
    await tg.until(lambda: tg.shown_table(group))
    for seats in (2, 3):
        await tg.press(alice, tg.table_message(group), lambda c: c == "!ai")
        await tg.until(lambda s=seats: len(tg.room(group).seats) == s)
    await tg.press(alice, tg.table_message(group), lambda c: c == "!start")
    await tg.until(lambda: tg.room(group).phase is Phase.PLAYING)
    return group, alice, Players(tg, group, [alice])


async def pair_table(tg: Table, group: FakeChat, alice: FakeUser,
                     bob: FakeUser) -> Players:
    """Alice opens 斗地主 in `group`, Bob joins, Alice adds an AI seat and deals."""
    fake = tg.fake
    fake.command(alice, "new", "ddz", chat=group)
    await tg.until(lambda: tg.shown_table(group))
    fake.command(bob, "join", chat=group)
    await tg.until(lambda: len(tg.room(group).seats) == 2)
    await tg.press(alice, tg.table_message(group), lambda c: c == "!ai")
    await tg.until(lambda: len(tg.room(group).seats) == 3)
    await tg.press(alice, tg.table_message(group), lambda c: c == "!start")
    players = Players(tg, group, [alice, bob])
    await tg.until(lambda: players.room().phase is Phase.PLAYING)
    return players


async def answer_to(tg: Table, group: FakeChat, sent: JSON) -> str:
    """The bot's answer to a message in the group, as the group reads it."""
    call = await tg.fake.wait_for(
        lambda c: (c.params.get("reply_parameters") or {}).get("message_id")
        == sent["message_id"], method="sendMessage", chat_id=group, since=0, timeout=10)
    return str(tg.fake.message(group, call.result["message_id"])["text"])


@asynccontextmanager
async def checked_table(guard: LeakGuard,
                        make: Callable[[FakeTelegram], Table]) -> AsyncIterator[Any]:
    """A booted `make(fake)` Table on a fresh fake Telegram, `guard` watching every request.
    On leaving: the table settles and shuts down, then no request to a group showed a card
    still hidden in a hand, every such request was checked, and every press was answered."""
    async with FakeTelegram() as fake:
        guard.install(fake)
        table = make(fake)
        await table.boot()
        try:
            yield table
            await table.settle()
        finally:
            await table.shutdown()
        assert not guard.violations, "\n".join(guard.violations)
        to_groups = [c for c in fake.calls if c.method in CHECKED_METHODS
                     and isinstance(c.chat_id, int) and c.chat_id < 0 and c.ok]
        assert guard.checked >= len(to_groups), "every request to a group was checked"
        assert fake.unanswered_callbacks() == []
