"""The Telegram adapter: a python-telegram-bot Application that is also the host's outlet.

Group side: one table message per room, edited in place, and short announcements. Every
call to a group goes through its lane (`adapters.common.outbox`), which owns the group's
budget (20 messages a minute, a second apart): command replies first, then the log of
results and announcements (in order, each delivered, consecutive text notes joined into one
message, a result with its own picture), then the table, a latest-state slot edited at
most once every `Limits.table_interval` so that it never spends the budget: a table is at
most one interval behind, and replies and results always find room. Refusals of a
person's own moves go to them (callback alert, or DM), not the group.

Private side: one panel per player and room (hand + prompt + buttons): one new message per
turn (it rings), which waits a moment for the prompt's suggestions so both go as one; edited
in place for changes the player asked for (drafts, 托管, the end of the hand), and left as it
is after their own move (the callback answer already said so; the next turn's message shows
the hand). So an accepted move costs about three calls: the table edit, the presser's
callback answer and the next player's turn message. A player the bot may not message (never
started it, blocked it) is REFUSED at once and offered a deep link; the host's timer and 托管
carry the game meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import Any

from telegram import (
    InlineKeyboardMarkup,
    InputFile,
    InputMediaPhoto,
    Message,
    ReplyParameters,
)
from telegram.constants import ParseMode
from telegram.error import (
    BadRequest,
    ChatMigrated,
    Forbidden,
    InvalidToken,
    NetworkError,
    TelegramError,
)
from telegram.ext import Application, ApplicationBuilder

from adapters.base import HostPort
from adapters.common.drafts import GROUP_DRAFT, RANK_DRAFT, Draft, digits_of, parse_draft
from adapters.common.outbox import SKIPPED, Kind, Outbox, Overall, Pace
from adapters.common.riders import Riders, passing
from adapters.telegram.calls import (
    message_gone,
    not_modified,
    our_fault,
    patiently,
    use_timedeltas,
)
from adapters.telegram.inbound import install, register_commands
from adapters.telegram.memory import TableMemory
from adapters.telegram.panel import render_panel
from adapters.telegram.pictures import MAX_CAPTION, Content, TelegramPictures
from adapters.telegram.render import MAX_MENTIONS, mentions_in, note_texts, table_message
from adapters.telegram.sequencing import PerChatOrder
from adapters.telegram.text import CHUNK, escape, utf16_len
from adapters.telegram.traffic import (
    REQUEST_POOL,
    UPDATES_POOL,
    CountedLimiter,
    CountedRequest,
    Link,
)
from bot.errors import SetupError
from bot.host.commands import Actor, Check
from bot.host.payload import Payload
from bot.host.ports import Backlog, Traffic
from bot.host.views import Announcement, Choice, Delivery, Phase, PrivateView, TableView
from bot.i18n import translate
from bot.settings import Settings
from bot.web.links import Links

log = logging.getLogger(__name__)

PLATFORM = "telegram"
FINAL_PHASES = (Phase.OVER, Phase.CLOSED)
FIRST_CONTACT_WAIT = 10.0  # s to learn whether a never-seen user can be messaged
PROMPT_HOLD = 0.5  # s a new prompt's message may wait for its suggestions (one call, not two)
GROUP_INTERVAL = 1.0  # s between two requests to one group (its budget is 20 a minute)
CONNECT_RETRY = (1.0, 60.0)  # s: the first pause before trying the Bot API again, the longest


@dataclass(frozen=True, slots=True)
class Limits:
    """Telegram's flood limits as the rate limiter applies them (tests speed them up)."""

    overall: tuple[float, float] = (30, 1)  # requests per seconds, every chat together
    group: tuple[float, float] = (20, 60)  # messages per seconds, per group
    max_retries: int = 3  # 429s the rate limiter waits out before giving up
    poll_timeout: int = 30  # long-poll seconds
    group_interval: float = GROUP_INTERVAL  # s between two requests to one group
    # Of a group's minute, the messages the table always leaves free for replies and
    # results (its edits spread over the rest: every 60 / (20 - 2 - 1) = 3.5 s while they
    # take nothing, wider while they take more), and of those what results leave to replies.
    group_reserve: int = 2
    group_reply_reserve: int = 1

    def group_pace(self) -> Pace:
        """A group's lane: its budget as a sliding window, a request a second at most."""
        most, seconds = self.group
        return Pace(interval=self.group_interval, window=(int(most), float(seconds)),
                    reserve=self.group_reserve, reply_reserve=self.group_reply_reserve,
                    state_rank=3)

    def overall_budget(self) -> Overall:
        """Every chat together: 5/6 of Telegram's 30 a second (25), granted by rank
        (replies, results, prompts, then group tables), so a busy token lets its tables fall
        behind before anything else; the rate limiter under it (27 in any second) rarely
        has to queue."""
        most, seconds = self.overall
        return Overall(max(1, int(most * 5 / 6)), float(seconds))


@dataclass(slots=True)
class TableSlot:
    """Where a room's table message is and the newest view handed over."""

    chat_id: int
    thread: int | None
    message_id: int | None = None
    shown: int = -1
    repost: bool = False  # post the next view as a new message (the /table command)
    view: TableView | None = None  # the newest view handed over
    sent: tuple[Any, ...] | None = None  # what the message shows (no edit that changes nothing)
    # Notes of the hand being played that ride on the table's next edit (a bomb, 报牌): the
    # text and the future of its delivery, resolved once an edit showing it went through.
    riding: Riders = field(default_factory=Riders)


@dataclass(slots=True)
class PanelSlot:
    """One player's panel for one room."""

    view: PrivateView
    draft: Draft = field(default_factory=Draft)
    refusal: str | None = None  # why the host would not take the drafted play (None: it would)
    # The ways the drafted play can be taken when the host asks which (a reading each)
    choices: tuple[Choice, ...] = ()
    message_id: int | None = None
    sent: tuple[Any, ...] | None = None  # what the message shows (no edit that changes nothing)
    photo: Content | None = None  # what the message's photo shows (None: a text message)
    prompt_since: int | None = None  # the prompt the current message shows (`Prompt.since`)
    fresh: bool = True  # send a new message (a new prompt wants a notification)
    hold: asyncio.TimerHandle | None = None  # a new prompt waiting for its suggestions
    superseded: int | None = None  # the panel "My hand" replaces: deleted once it is sent
    passed: bool = False  # a pass played itself since the panel went out (told with the next)


def _since(view: PrivateView) -> int:
    """The first counter of the view's situation: its prompt's start, else its own."""
    return view.prompt.since if view.prompt is not None else view.counter


def _same_prompt(old: PrivateView, new: PrivateView) -> bool:
    """A later view of the same prompt (its suggestions came, another seat acted meanwhile):
    a move being built on the panel stays."""
    return old.prompt is not None and new.prompt is not None \
        and old.prompt.since == new.prompt.since


def _is_group(lane: object) -> bool:
    return isinstance(lane, int) and lane < 0


def _thread(place_thread: str) -> int | None:
    return int(place_thread) if place_thread else None


def _without_token(base_url: str) -> str:
    """The Bot API base as it may be shown (a base URL holds no token, but be sure)."""
    return base_url.split("/bot", 1)[0] or base_url


def api_url(base_url: str) -> str:
    """The Bot API base PTB wants ("…/bot", the token follows): a server's root as given
    for a self-hosted Bot API server ("http://host:8081", maybe with a slash) gets "/bot"."""
    head = base_url.rstrip("/")
    return head if head.endswith("/bot") else head + "/bot"


def file_url(base_url: str) -> str:
    """The file endpoint next to a Bot API base ("…/bot" → "…/file/bot")."""
    head = base_url.rstrip("/")
    return head[: -len("/bot")] + "/file/bot" if head.endswith("/bot") else head + "/file/bot"


class TelegramAdapter:
    """Telegram for the host: an Outlet that runs a PTB Application."""

    platform = PLATFORM

    def __init__(self, settings: Settings, *, limits: Limits | None = None) -> None:
        if settings.telegram_token is None:
            raise ValueError("TELEGRAM_TOKEN is not set")
        self.settings = settings
        self.limits = limits or Limits()
        self.traffic = Traffic()  # requests, 429s and retries (bot.host.metrics)
        self._link = Link()
        use_timedeltas()  # a 429 read the old way warns in PTB 22 (see `calls`)
        # httpx logs every request URL at INFO, and Bot API URLs contain the token.
        httpx_log = logging.getLogger("httpx")
        if httpx_log.level == logging.NOTSET:  # unless someone chose a level on purpose
            httpx_log.setLevel(logging.WARNING)
        self.application: Application = self._build_application()
        self.host: HostPort | None = None
        self.username = settings.telegram_bot_username or ""
        self.outbox = Outbox(self._lane_pace, overall=self.limits.overall_budget())
        self.tables: dict[str, TableSlot] = {}
        self.panels: dict[tuple[int, str], PanelSlot] = {}
        self.memory = TableMemory(settings.data_folder,
                                  settings.telegram_token.get_secret_value().split(":")[0])
        self.reachable: dict[int, bool] = {}  # user id → may we message them privately
        self.usernames: dict[str, int] = {}  # @username (lower case) → user id, as seen write
        self.wants_new_panel: set[int] = set()  # users who asked for their hand (/hand)
        self._webhook: Any = None
        self.pictures = TelegramPictures(self)  # card art (`adapters.telegram.pictures`)

    def _build_application(self) -> Application:
        limits = self.limits
        token = self.settings.telegram_token
        assert token is not None
        builder: ApplicationBuilder = (
            Application.builder()
            .token(token.get_secret_value())
            .base_url(api_url(self.settings.telegram_base_url))
            .base_file_url(file_url(api_url(self.settings.telegram_base_url)))
            # The overall rate here; each group's budget is its lane's (group_max_rate 0:
            # not limited twice, by two clocks that would not agree). The limiter is a leaky
            # bucket: a bucket of C that drains at r lets C + r·T through in any T seconds,
            # so C = 1/10 and r = 8/10 of the limit keep any second at 9/10 of it.
            .request(CountedRequest(self.traffic, self._link,
                                    connection_pool_size=REQUEST_POOL))
            .get_updates_request(CountedRequest(self.traffic, self._link,
                                                connection_pool_size=UPDATES_POOL))
            .rate_limiter(CountedLimiter(
                self.traffic,
                overall_max_rate=max(1.0, limits.overall[0] / 10),
                overall_time_period=limits.overall[1] / 8,
                group_max_rate=0, max_retries=limits.max_retries))
            # Chats are independent; the updates of one chat are handled in order.
            .concurrent_updates(PerChatOrder())
        )
        if self.settings.telegram_webhook_url:
            builder = builder.updater(None)
        app = builder.build()
        install(app, self)
        return app

    async def _patiently(self, request: Any) -> Any:
        return await patiently(request, self.traffic)

    def connected(self) -> bool:
        """Started, receiving updates (polling or the webhook), and the Bot API answered the
        last request (a network fault since: not connected until one gets through)."""
        app = self.application
        receiving = self._webhook is not None or (app.updater is not None
                                                  and app.updater.running)
        return app.running and receiving and self._link.reached is not False

    def backlog(self) -> list[Backlog]:
        """The groups with requests waiting in their lanes (players' chats as one line)."""
        return [Backlog(name, count, age) for name, count, age
                in self.outbox.backlog(lambda lane: str(lane) if _is_group(lane) else None)]

    def _lane_pace(self, lane: object) -> Pace:
        """A group's (a negative chat id) budget; a private chat is not limited here."""
        return self.limits.group_pace() if _is_group(lane) else Pace()

    # -- life cycle --------------------------------------------------------------------

    async def start(self, host: HostPort) -> None:
        """Connect (getMe), register the commands, and start polling (or the webhook)."""
        self.host = host
        app = self.application
        await self._connect(app)
        self.username = self.settings.telegram_bot_username or app.bot.username or ""
        await register_commands(app.bot)
        if self.settings.telegram_webhook_url:
            from adapters.telegram.webhook import Webhook

            self._webhook = Webhook(app, self.settings)
            await self._webhook.start()
        else:
            assert app.updater is not None
            await app.updater.start_polling(
                timeout=self.limits.poll_timeout, allowed_updates=["message",
                                                                   "callback_query"],
                error_callback=self._polling_error)
        await app.start()
        log.info("telegram: running as @%s", self.username)

    async def _connect(self, app: Application) -> None:
        """getMe until the Bot API answers: a server out of reach is tried again with a
        growing pause and a short note each time; a rejected token is a setup error (said in
        plain words by the runner, the token never shown)."""
        pause = CONNECT_RETRY[0]
        while True:
            try:
                await app.initialize()
                return
            except InvalidToken:
                raise SetupError("setup.telegram_token_rejected") from None
            except NetworkError as error:  # TimedOut too; not a refusal by Telegram
                reason = str(error).replace(self._token(), "…")[:120]
                log.warning("telegram: cannot reach the Bot API at %s (%s); trying again in "
                            "%.0f s", _without_token(self.settings.telegram_base_url), reason,
                            pause)
            await asyncio.sleep(pause)
            pause = min(pause * 2, CONNECT_RETRY[1])

    def _token(self) -> str:
        token = self.settings.telegram_token
        return token.get_secret_value() if token is not None else "\x00"

    async def stop(self) -> None:
        """Stop polling and handlers, then drop what was still queued."""
        app = self.application
        if self._webhook is not None:
            await self._webhook.stop()
        if app.updater is not None and app.updater.running:
            await app.updater.stop()
        if app.running:
            await app.stop()
        await self.outbox.stop()
        self.pictures.close()
        await app.shutdown()

    @staticmethod
    def _polling_error(error: TelegramError) -> None:
        log.warning("telegram: polling failed: %s", error)

    async def settle(self, timeout: float = 10.0) -> None:
        """Wait until everything queued (or held for its suggestions) has been sent (tests)."""
        async with asyncio.timeout(timeout):
            while any(slot.hold is not None for slot in self.panels.values()):
                await asyncio.sleep(0.01)
        await self.outbox.drain(timeout)

    # -- Outlet: the table ---------------------------------------------------------------

    async def show_table(self, view: TableView) -> None:
        """Edit the room's table message (coalesced; an older view than shown is dropped)."""
        slot = self._table_slot(view)
        if view.counter < slot.shown:
            return
        if slot.view is not None and slot.view.phase in FINAL_PHASES \
                and view.phase not in FINAL_PHASES:
            slot.repost = True  # a new hand or a new room: a fresh table at the bottom
        if slot.riding and view.phase is not Phase.PLAYING:
            self._unseat_riders(slot)
        slot.shown, slot.view = view.counter, view
        self.outbox.push(slot.chat_id, ("table", view.room_id), view.room_id, self._run_table)

    def repost_table(self, view: TableView) -> None:
        """Post the table again as a new message at the bottom of the chat (/table): an
        answer to the asker, so it goes ahead of the table's paced edits."""
        slot = self._table_slot(view)
        slot.repost = True
        if slot.view is None or view.counter >= slot.view.counter:
            slot.shown, slot.view = view.counter, view
        self.outbox.push(slot.chat_id, ("table", view.room_id), view.room_id, self._run_table,
                         kind=Kind.REPLY)

    def _table_slot(self, view: TableView) -> TableSlot:
        slot = self.tables.get(view.room_id)
        if slot is None:
            slot = self.tables[view.room_id] = TableSlot(
                int(view.place.channel), _thread(view.place.thread),
                message_id=self.memory.get(view.room_id))
        return slot

    async def _run_table(self, room_id: str) -> object:
        """Show the room's newest table (whatever view is newest when the call goes out)."""
        slot = self.tables[room_id]
        view = slot.view
        if view is None:
            return SKIPPED
        shown = await self._show_table(view, slot)
        if view.phase is Phase.CLOSED and slot.view is view:
            # Final: nothing edits it again. Forgotten, so that the file does not grow with
            # every competition table, and a room opened here later is not drawn over it.
            self.memory.put(view.room_id, None)
        return shown

    async def _show_table(self, view: TableView, slot: TableSlot) -> object:
        text, markup = table_message(view)
        riders = slot.riding.aboard()
        if riders:
            text += "\n" + "\n".join(rider for rider, _ in riders)
        content = (text, markup.to_json() if markup is not None else None)
        if slot.message_id is not None and not slot.repost and slot.sent == content:
            return SKIPPED  # it shows that already: no edit that changes nothing
        bot = self.application.bot
        chat_id = self.chat_now(slot.chat_id)
        try:
            if slot.message_id is not None and not slot.repost:
                message_id = slot.message_id
                try:
                    await self._patiently(lambda: bot.edit_message_text(
                        text, chat_id, message_id, parse_mode=ParseMode.HTML,
                        reply_markup=markup))
                    slot.sent = content
                    slot.riding.shown(riders)
                    return None
                except BadRequest as error:
                    if not_modified(error):
                        slot.sent = content
                        slot.riding.shown(riders)
                        return None
                    if not message_gone(error):
                        raise
                    log.info("room %s: table message gone, posting it again", view.room_id)
                    self.outbox.charge(slot.chat_id)  # the post below is a second call
            old = slot.message_id
            slot.repost = False
            sent = await self._patiently(lambda: bot.send_message(
                chat_id, text, parse_mode=ParseMode.HTML, reply_markup=markup,
                message_thread_id=slot.thread))
            slot.message_id, slot.sent = sent.message_id, content
            slot.riding.shown(riders)
            self.memory.put(view.room_id, sent.message_id)
            if old is not None:  # its buttons go when the budget has room (a table call)
                self.outbox.push(slot.chat_id, ("strip", old), (chat_id, old),
                                 self._strip_old, later=True)
        except ChatMigrated as error:  # the group became a supergroup: post it there
            self.chat_moved(chat_id, error.new_chat_id)
        except (Forbidden, BadRequest) as error:  # removed from the group, topic deleted...
            if isinstance(error, BadRequest) and our_fault(error):
                raise
            log.warning("room %s: cannot show the table: %s", view.room_id, error)
        return None

    def _rides(self, note: Announcement) -> TableSlot | None:
        """The table a note may ride on instead of a message of its own: a passing note of
        the hand being played (a bomb, 报牌: no result, no picture, no one to notify), while
        the table is shown and playing. It costs no call: the table is edited anyway."""
        if not passing(note):
            return None
        slot = self.tables.get(note.room_id)
        if slot is None or slot.message_id is None or slot.view is None \
                or slot.view.phase is not Phase.PLAYING \
                or (int(note.place.channel), _thread(note.place.thread)) != (slot.chat_id,
                                                                             slot.thread):
            return None
        return slot

    def _unseat_riders(self, slot: TableSlot) -> None:
        """The hand is over (or the table goes): its notes not yet shown go to the chat's log,
        ahead of the next table (joined with the result where they fit)."""
        place = (slot.chat_id, slot.thread)
        for rider in slot.riding.unseat():
            sent = self.outbox.push(slot.chat_id, None, Notes(place, (), (rider[0],)),
                                    self._run_notes, kind=Kind.LOG, join=self._join_notes)
            Riders.follow(sent, [rider])

    async def _strip_old(self, message: tuple[int, int]) -> None:
        await self._strip_keyboard(*message)

    async def strip_keyboard(self, chat_id: int, message_id: int) -> None:
        """Take the buttons off a message that was superseded (best effort)."""
        await self._strip_keyboard(chat_id, message_id)

    async def _strip_keyboard(self, chat_id: int, message_id: int) -> None:
        """Take the buttons off a message that was superseded (best effort)."""
        try:
            await self._patiently(lambda: self.application.bot.edit_message_reply_markup(
                chat_id, message_id, reply_markup=None))
        except (BadRequest, Forbidden, ChatMigrated) as error:
            log.debug("chat %s: could not strip message %s: %s", chat_id, message_id, error)

    # -- groups that became supergroups --------------------------------------------------

    def chat_now(self, chat_id: int) -> int:
        """Where a chat's messages go now (an upgraded group lives on under a new id)."""
        for _ in range(4):  # a group is upgraded once; a few hops at most, never a loop
            moved = self.memory.moved_to(chat_id)
            if moved is None or moved == chat_id:
                break
            chat_id = moved
        return chat_id

    def chat_moved(self, old: int, new: int) -> None:
        """Group `old` became supergroup `new` (Telegram refuses the old id from now on):
        its rooms carry on there, each table posted anew (the old messages are frozen)."""
        if old == new or self.memory.moved_to(old) == new:
            return
        log.info("chat %s became supergroup %s: its rooms carry on there", old, new)
        self.memory.move(old, new)
        for room_id, slot in self.tables.items():
            if slot.chat_id == new or self.chat_now(slot.chat_id) != new:
                continue
            slot.message_id = None
            self.memory.put(room_id, None)
            if slot.view is not None and slot.view.phase is not Phase.CLOSED:
                slot.sent = None
                self.outbox.push(slot.chat_id, ("table", room_id), room_id, self._run_table)

    # -- Outlet: private panels ----------------------------------------------------------

    async def show_private(self, view: PrivateView) -> Delivery:
        """Queue the player's panel; REFUSED at once for a player we cannot message."""
        user_id = int(view.user.user_id)
        known = self.reachable.get(user_id)
        if known is False:
            return Delivery.REFUSED
        key = (user_id, view.room_id)
        slot = self.panels.get(key)
        answered = False  # this view follows the player's own answer to their prompt
        if slot is None:
            slot = self.panels[key] = PanelSlot(view)
        elif view.counter < slot.view.counter:
            return Delivery.SENT  # an older view overtaken by a newer one
        else:
            answered = slot.view.prompt is not None and view.prompt is None
            if view.counter != slot.view.counter and not _same_prompt(slot.view, view):
                slot.draft, slot.refusal, slot.choices = Draft(), None, ()
            slot.view = view
        if slot.hold is not None:  # a held prompt: this newer view goes out instead, now
            slot.hold.cancel()
            slot.hold = None
        asked = user_id in self.wants_new_panel
        if (view.prompt is not None and slot.prompt_since != view.prompt.since
                and not self._on_auto(view)) or asked:
            if asked and slot.message_id is not None and not slot.fresh:
                # "My hand" again: the panel comes to the bottom of the chat and the copy
                # above goes, so the chat never holds two of the same hand.
                slot.superseded = slot.message_id
            slot.fresh = True
            self.wants_new_panel.discard(user_id)
        elif known and slot.message_id is not None and self._passes_itself(view):
            # 要不起: the pass plays itself. Only this player may learn it, and a call of its
            # own would cost the token what a move costs: the line goes with their next turn.
            slot.passed = True
            return Delivery.SENT
        elif known and answered and slot.message_id is not None and self._still_playing(view):
            # Their move was taken (the callback answer said so): the hand that shrank is
            # not worth a request of its own. The next prompt's message shows it; a button
            # pressed on this one meanwhile is answered as stale, to the presser.
            return Delivery.SENT
        if known and slot.fresh and view.prompt is not None \
                and view.prompt.suggestions_pending:
            # One message for a new prompt, not a message and an edit: it waits a moment
            # for its suggestions (the view that brings them releases it at once).
            slot.hold = asyncio.get_running_loop().call_later(
                PROMPT_HOLD, self._release_panel, key)
            return Delivery.SENT
        done = self.outbox.push(user_id, ("panel", view.room_id), key, self._run_panel)
        if known:
            return Delivery.SENT
        try:  # first contact: learn whether Telegram lets us write to them
            result = await asyncio.wait_for(asyncio.shield(done), FIRST_CONTACT_WAIT)
        except TimeoutError:
            return Delivery.SENT
        return result if isinstance(result, Delivery) else Delivery.SENT

    def _release_panel(self, key: tuple[int, str]) -> None:
        slot = self.panels.get(key)
        if slot is not None and slot.hold is not None:
            slot.hold = None
            self.outbox.push(key[0], ("panel", key[1]), key, self._run_panel)

    def _still_playing(self, view: PrivateView) -> bool:
        """The room's hand goes on (its table, handed over before this view, says so)."""
        table = self.tables.get(view.room_id)
        return table is not None and table.view is not None \
            and table.view.counter == view.counter and table.view.phase is Phase.PLAYING

    def _passes_itself(self, view: PrivateView) -> bool:
        """The seat is to act with no prompt: its pass plays itself (要不起)."""
        table = self.tables.get(view.room_id)
        return view.prompt is None and table is not None and table.view is not None \
            and table.view.counter == view.counter and table.view.phase is Phase.PLAYING \
            and view.seat in table.view.to_act

    def _on_auto(self, view: PrivateView) -> bool:
        """The seat is in 托管: the AI answers its prompts, so no new message rings for them."""
        table = self.tables.get(view.room_id)
        seats = table.view.seats if table is not None and table.view is not None else ()
        return 0 <= view.seat < len(seats) and seats[view.seat].auto

    async def redraw_panel(self, actor: Actor, payload: Payload,
                           message_id: int) -> str | None:
        """A draft button ("~" code) was pressed: redraw the panel; an alert key if refused.
        A drafted play is checked with the host first: Play is offered only if it would be
        taken, else the panel says why."""
        user_id = int(actor.user_id)
        slot = self.panels.get((user_id, payload.room_id))
        if slot is None or not _since(slot.view) <= payload.counter <= slot.view.counter:
            return "host.stale"
        try:
            draft = parse_draft(payload.code, slot.view)
        except ValueError:
            return "host.bad_payload"
        refusal, choices = None, ()
        if draft.kind == RANK_DRAFT and draft.value and self.host is not None:
            answer = await self.host.handle(Check(actor, None, payload.room_id,
                                                  text=f"play {draft.value}"))
            refusal = None if answer.ok else answer.text
            choices = () if answer.ok else answer.choices
        slot.draft, slot.refusal, slot.choices = draft, refusal, choices
        if slot.message_id != message_id:  # pressed on a panel we lost track of (restart)
            slot.message_id, slot.fresh, slot.sent = message_id, False, None
        self.outbox.push(user_id, ("panel", payload.room_id), (user_id, payload.room_id),
                         self._run_panel)
        return None

    def show_hint(self, user_id: int, room_id: str, action: str) -> bool:
        """提示 on the panel: the hinted move becomes the panel's draft, so its Play (or
        Confirm) button plays it in one tap; False if the panel cannot take it as a draft
        (a move from the listed choices is a button already)."""
        slot = self.panels.get((user_id, room_id))
        if slot is None or slot.view.prompt is None:
            return False
        build = slot.view.prompt.build
        if build == "ranks" and action.startswith("play "):
            code = RANK_DRAFT + action.removeprefix("play ")
        elif build == "groups" and action.startswith("arrange "):
            digits = digits_of(slot.view, action)
            if digits is None:
                return False
            code = GROUP_DRAFT + digits
        else:
            return False
        try:
            slot.draft, slot.refusal = parse_draft(code, slot.view), None  # a hint is legal
            slot.choices = ()
        except ValueError:
            return False
        self.outbox.push(user_id, ("panel", room_id), (user_id, room_id), self._run_panel)
        return True

    async def _run_panel(self, key: tuple[int, str]) -> Delivery | None:
        slot = self.panels.get(key)
        if slot is None:
            return None
        user_id = key[0]
        view = slot.view
        text, markup = render_panel(view, slot.draft, slot.refusal, self._play_url(view),
                                    slot.choices)
        told = slot.passed and (slot.fresh or view.prompt is None)
        if told:  # a pass that played itself since the last panel: told now, to them alone
            text = escape(translate("host.private.auto_pass", view.lang)) + "\n" + text
        pictured = self.pictures.panel_content(view, text)
        if pictured is None and slot.photo is not None and slot.message_id is not None \
                and not slot.fresh and utf16_len(text) <= MAX_CAPTION:
            pictured = slot.photo  # no cards to draw now (the hand is over): the photo stays
        content = (text, markup.to_json(), pictured)
        if slot.message_id is not None and not slot.fresh and slot.sent == content:
            return SKIPPED  # it shows that already: no edit that changes nothing
        try:
            if slot.message_id is not None and not slot.fresh \
                    and (slot.photo is None) == (pictured is None):
                edited = await self._edit_panel(user_id, slot, view, text, markup, pictured)
                if edited:
                    slot.sent = content
                    slot.passed = slot.passed and not told
                    return Delivery.SENT
            sent = await self._post_panel(user_id, view, text, markup, pictured)
        except (Forbidden, BadRequest) as error:  # never started, blocked, account gone
            if isinstance(error, BadRequest) and our_fault(error):
                raise
            log.info("user %s cannot be messaged: %s", user_id, error)
            self.reachable[user_id] = False
            return Delivery.REFUSED
        self.reachable[user_id] = True
        slot.message_id, slot.fresh, slot.sent = sent.message_id, False, content
        slot.passed = slot.passed and not told
        slot.photo = pictured if sent.photo else None
        old, slot.superseded = slot.superseded, None
        if old is not None and old != sent.message_id:
            try:
                await self._patiently(lambda: self.application.bot.delete_message(user_id, old))
            except TelegramError as error:  # too old to delete (48 h): its buttons go stale
                log.debug("user %s: could not delete panel %s: %s", user_id, old, error)
        if view.prompt is not None:
            slot.prompt_since = view.prompt.since
        # The previous panel keeps its buttons rather than costing a request to strip them:
        # each carries its prompt's counter, so a press there is refused as stale.
        return Delivery.SENT

    async def _edit_panel(self, user_id: int, slot: PanelSlot, view: PrivateView, text: str,
                          markup: InlineKeyboardMarkup, pictured: Content | None) -> bool:
        """Edit the panel in place, in one call (its caption, and its photo with it when
        the cards changed); False if the message is gone (a new one goes instead)."""
        bot = self.application.bot
        message_id = slot.message_id
        assert message_id is not None
        try:
            if pictured is None:
                await self._patiently(lambda: bot.edit_message_text(
                    text, user_id, message_id, parse_mode=ParseMode.HTML,
                    reply_markup=markup))
            elif pictured == slot.photo:
                await self._patiently(lambda: bot.edit_message_caption(
                    user_id, message_id, caption=text, parse_mode=ParseMode.HTML,
                    reply_markup=markup))
            else:
                photo = await self.pictures.photo(view, pictured)
                if photo is None:
                    return False
                edited = await self._patiently(lambda: bot.edit_message_media(
                    InputMediaPhoto(photo, caption=text, parse_mode=ParseMode.HTML,
                                    filename=f"hand-{view.room_id}.png"),
                    chat_id=user_id, message_id=message_id, reply_markup=markup))
                if isinstance(edited, Message):
                    self.pictures.uploaded(pictured, edited)
                slot.photo = pictured
            return True
        except BadRequest as error:
            if not_modified(error):
                return True
            # Gone, or of the other kind than thought (a panel pressed after a restart):
            # a new one goes instead.
            if not (message_gone(error) or "there is no" in error.message.lower()):
                raise
            return False

    async def _post_panel(self, user_id: int, view: PrivateView, text: str,
                          markup: InlineKeyboardMarkup, pictured: Content | None) -> Message:
        """A new panel message (it rings): the hand's photo with the text as its caption,
        or the text alone."""
        bot = self.application.bot
        photo = await self.pictures.photo(view, pictured) if pictured is not None else None
        if photo is not None:
            sent = await self._patiently(lambda: bot.send_photo(
                user_id, photo, caption=text, parse_mode=ParseMode.HTML, reply_markup=markup,
                filename=f"hand-{view.room_id}.png"))
            if pictured is not None:
                self.pictures.uploaded(pictured, sent)
            return sent
        return await self._patiently(lambda: bot.send_message(
            user_id, text, parse_mode=ParseMode.HTML, reply_markup=markup))

    def _play_url(self, view: PrivateView) -> str | None:
        """The table's Mini App (`bot.web.play`) for a panel with cards: only when the web
        pages run inside this bot and their public URL is https (Telegram's rule)."""
        settings = self.settings
        secret = settings.web_secret.get_secret_value() if settings.web_secret else ""
        base = (settings.web_url or "").rstrip("/")
        if not view.hand or settings.web_port is None or len(secret) < 16 \
                or not base.startswith("https://"):
            return None
        return base + Links.mini_app_path(view.room_id, view.lang)

    def met(self, user_id: int) -> None:
        """The user wrote to the bot privately: from now on we may message them."""
        self.reachable[user_id] = True

    # -- Outlet: announcements -------------------------------------------------------------

    async def announce(self, note: Announcement) -> asyncio.Future[Any]:
        """Post a short note in the room's place, or nudge one person privately; a future
        of whether Telegram took it (None if dropped by a stop). Notes go out in order, one
        job each in the chat's log: consecutive ones join into one message (a note with a
        picture takes the text notes before it as its caption), none is replaced."""
        if note.private_to is not None and self.reachable.get(int(note.private_to.user_id)):
            place: tuple[int, int | None] = (int(note.private_to.user_id), None)
        else:
            place = (int(note.place.channel), _thread(note.place.thread))
            table = self._rides(note)
            if table is not None:
                done = table.riding.add("\n".join(note_texts(note)))
                self.outbox.push(table.chat_id, ("table", note.room_id), note.room_id,
                                 self._run_table)
                return done
        return self.outbox.push(place[0], None, Notes(place, (note,)), self._run_notes,
                                kind=Kind.LOG, join=self._join_notes)

    def _join_notes(self, first: Notes, then: Notes) -> Notes | None:
        """Two queued notes as one message, if they fit one (None: they go apart)."""
        if first.place != then.place or self._pictured(first) or (first.notes and then.lines):
            return None
        joined = Notes(first.place, first.notes + then.notes, first.lines + then.lines)
        texts = joined.texts()
        if self._pictured(then):
            return joined if utf16_len("\n".join(texts)) <= MAX_CAPTION else None
        return joined if len(_pack(texts)) == 1 else None

    def _pictured(self, notes: Notes) -> bool:
        return bool(notes.notes) and self.pictures.takes(notes.notes[-1])

    async def _run_notes(self, notes: Notes) -> bool:
        """Send the notes as one message (a picture with its caption, or the packed texts);
        whether Telegram took them all (a stop in the middle resolves the waiters with None:
        kept notes are sent after the restart)."""
        chat_id, thread = notes.place
        if self._pictured(notes):
            return await self.pictures.run_note(notes.place, notes.notes[-1], notes.texts())
        return await self.send_texts(chat_id, notes.texts(), thread=thread)

    async def send_texts(self, chat_id: int, texts: list[str], *,
                         thread: int | None = None) -> bool:
        """Inside a lane's job: the texts in as few messages as fit (each one after the
        first charged to the chat's budget); whether Telegram took them all."""
        taken = True
        for index, text in enumerate(_pack(texts)):
            if index:
                self.outbox.charge(chat_id)
            taken = await self._send_now(chat_id, text, thread=thread) and taken
        return taken

    async def send(self, chat_id: int, html: str, *, thread: int | None = None,
                   markup: InlineKeyboardMarkup | None = None,
                   reply_to: int | None = None) -> bool:
        """Send one HTML message; False if Telegram refused (logged, never raised). To a
        group it is a reply in the group's lane: ahead of the results and the table, in the
        group's budget."""
        if not _is_group(chat_id):
            return await self._send_now(chat_id, html, thread=thread, markup=markup,
                                        reply_to=reply_to)
        message = (chat_id, html, thread, markup, reply_to)
        return await self.outbox.push(chat_id, None, message, self._send_reply,
                                      kind=Kind.REPLY) is True

    async def _send_reply(self, message: tuple[Any, ...]) -> bool:
        chat_id, html, thread, markup, reply_to = message
        return await self._send_now(chat_id, html, thread=thread, markup=markup,
                                    reply_to=reply_to)

    async def _send_now(self, chat_id: int, html: str, *, thread: int | None = None,
                        markup: InlineKeyboardMarkup | None = None,
                        reply_to: int | None = None) -> bool:
        """The call itself (inside a lane's job, or to a private chat)."""
        bot = self.application.bot
        target = self.chat_now(chat_id)
        try:
            await self._patiently(lambda: bot.send_message(
                target, html, parse_mode=ParseMode.HTML, reply_markup=markup,
                message_thread_id=thread,
                reply_parameters=None if reply_to is None else ReplyParameters(
                    reply_to, allow_sending_without_reply=True)))
        except ChatMigrated as error:  # the group became a supergroup: say it there
            self.chat_moved(target, error.new_chat_id)
            return await self._send_now(error.new_chat_id, html, thread=thread,
                                        markup=markup)
        except Forbidden as error:
            if chat_id > 0:
                self.reachable[chat_id] = False
            log.info("chat %s refused a message: %s", chat_id, error)
            return False
        except BadRequest as error:
            # Our own formatting at fault is a bug; a vanished chat or topic is not.
            (log.error if our_fault(error) else log.warning)(
                "chat %s: message rejected: %s", chat_id, error)
            return False
        return True


    async def send_document(self, chat_id: int, name: str, data: bytes, *,
                            thread: int | None = None, reply_to: int | None = None) -> bool:
        """Send one file (an admin's export); False if Telegram refused (logged)."""
        bot = self.application.bot
        try:
            await self._patiently(lambda: bot.send_document(
                self.chat_now(chat_id), InputFile(data, filename=name),
                message_thread_id=thread,
                reply_parameters=None if reply_to is None else ReplyParameters(
                    reply_to, allow_sending_without_reply=True)))
        except TelegramError as error:
            log.warning("chat %s: file %s not sent: %s", chat_id, name, error)
            return False
        return True


@dataclass(frozen=True, slots=True)
class Notes:
    """Notes for one place that go out as one message (only the last may have a picture)."""

    place: tuple[int, int | None]
    notes: tuple[Announcement, ...]
    lines: tuple[str, ...] = ()  # notes already in HTML (off a table they rode): first

    def texts(self) -> list[str]:
        """Every note's text, in order (the lines first)."""
        return [*self.lines, *(text for note in self.notes for text in note_texts(note))]


def _pack(texts: list[str]) -> list[str]:
    """Notes joined into as few messages as fit (in length and in mentions)."""
    out: list[str] = []
    for text in texts:
        if out and utf16_len(out[-1]) + utf16_len(text) + 1 <= CHUNK \
                and mentions_in(out[-1]) + mentions_in(text) <= MAX_MENTIONS:
            out[-1] += "\n" + text
        else:
            out.append(text)
    return out
