"""The Discord adapter: a discord.py client that is also the host's outlet.

Channel side: one table message per room (the lobby with Join / Leave / Add AI / Start,
then the game), edited in place through a coalescing outbox; a new hand is posted afresh
and the old message removed; short announcements. Private side: ephemeral panels (hand,
prompt and components), opened by "My hand" or /paiju hand and edited in place while their
interaction token lives; a "your turn" DM nudge for players without a live panel, which a
50007 refusal silences without touching the game. Every private view is HELD for the next
interaction, so `show_private` never reports REFUSED.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import discord

from adapters.base import HostPort
from adapters.common.drafts import Draft
from adapters.common.outbox import Outbox, Pace
from adapters.common.riders import Riders, passing
from adapters.discord.client import PaijuTree, build_client
from adapters.discord.components import PressButton, SuggestionSelect, clip, grid
from adapters.discord.inbound import DEFER_AFTER, PANEL_TTL, PLATFORM, Inbound, chunks
from adapters.discord.panel import play_link, render_panel
from adapters.discord.pictures import Content, DiscordPictures, hand_content
from adapters.discord.slash import build_group
from adapters.discord.translator import CatalogueTranslator
from bot.host.cli import SetupError
from bot.host.ports import Backlog, Traffic
from bot.host.views import Announcement, Choice, Delivery, Phase, PrivateView, TableView
from bot.i18n import translate
from bot.settings import Settings

log = logging.getLogger("adapters.discord")

EDIT_SPACING = 0.5  # s between two requests of a channel: a busy table's edits coalesce
TABLE_EVERY = 1.5  # s at least between two edits of a channel's table: a quick exchange's
# moves fold into one edit (the channel's message route allows 5 in 5 s), notes go between
READY_TIMEOUT = 60.0  # s to wait for the gateway before carrying on regardless
DM_QUIET = 3600.0  # s without DM attempts after a 50007 refusal
HISTORY_LOOKBACK = 50  # messages searched for a room's table after a restart
PROMPT_HOLD = 0.5  # s at most a live panel's new prompt waits for its suggestions (one edit)
NUDGE_WAIT = 10.0  # s a "your turn" DM waits for a new table message to link to
MAX_TABLE = 2000
THREAD_ARCHIVED = 50083  # Discord: editing in an archived thread (sending reopens it)


@dataclass(slots=True)
class TableSlot:
    """Where a room's table message is, and the newest view handed over."""

    channel_id: int
    guild_id: int | None
    message_id: int | None = None
    shown: int = -1  # counter of the newest view handed over
    phase: Phase | None = None  # phase the message shows
    searched: bool = False  # looked for a table message posted before a restart
    repost: bool = False  # post the next view as a new message (/paiju table)
    view: TableView | None = None
    hand_from: int = -1  # counter of the first view of the hand being played
    over_text: str | None = None  # what the message shows when it is a finished hand
    # Notes of the hand being played that ride on the table's next edit (a bomb, 报牌), each
    # with the future of its delivery (resolved once an edit showing it went through)
    riding: Riders = field(default_factory=Riders)


def closed_over(over: str, closed: TableView) -> str:
    """A finished hand's table, closed: its text without the "Play again?" line, then the
    closed view's own lines below its heading."""
    again = translate("host.table.over", closed.lang)
    kept = [line for line in over.splitlines() if line.strip() != again]
    return "\n".join([*kept, *closed.text.splitlines()[1:]])


def new_message(shown: Phase | None, view: Phase) -> bool:
    """A view of this phase goes out as a new message over one showing `shown`: a new hand,
    or a new room where one was closed, goes to the bottom of the channel."""
    reopened = shown is Phase.CLOSED and view is not Phase.CLOSED
    return reopened or (shown is not None and shown is not Phase.PLAYING
                        and view is Phase.PLAYING)


@dataclass(slots=True)
class PanelSlot:
    """One player's panel at one room."""

    view: PrivateView  # the newest view the host handed over
    interaction: discord.Interaction[Any] | None = None  # whose response shows the panel
    token_at: float = 0.0  # monotonic time the interaction came (its token lives 15 min)
    rendered: PrivateView | None = None  # the view the panel shows
    nudged: int = -1  # counter of the last prompt nudged by DM
    pictured: Content | None = None  # what the panel's hand picture depicts (card art)
    uploading: Content | None = None  # a picture on its way to the panel message (in flight)
    hold: asyncio.TimerHandle | None = None  # a new prompt waiting for its suggestions
    posts_at: int = -1  # messages posted in the table's channel when the panel was opened
    draft: Draft | None = None  # the move being built on the panel (kept by later edits of
    drafted: int = -1  # the same prompt: its suggestions arriving must not clear it)
    # The ways to make the draft the host asked to choose among (with the draft; shown while
    # the view is the one they were given for, `panel.open_choices`)
    choices: tuple[Choice, ...] = ()

    def live(self, ttl: float) -> bool:
        """The panel can still be edited through its interaction (tokens live 15 minutes)."""
        return self.interaction is not None and time.monotonic() - self.token_at < ttl


def table_content(view: TableView) -> tuple[str, discord.ui.View]:
    """The table message: the host's text and its buttons (none once closed)."""
    buttons = [PressButton.make(b.label, b.payload, style=b.style, row=0)
               for b in view.buttons[:5]] if view.phase is not Phase.CLOSED else []
    return clip(view.text, MAX_TABLE), grid(list(buttons))


MAX_MENTIONS = 100  # user ids one message's allowed_mentions may list


def note_messages(text: str, mentions: list[str]) -> list[tuple[str, list[str]]]:
    """An announcement as messages of at most 2,000 characters: the text split at line ends,
    then the mentions (each whole, at most 100 a message), after the text when they fit.
    Each message comes with the user ids it mentions."""
    pieces = chunks(text.strip(), MAX_TABLE) if text.strip() else []
    tags = [f"<@{user}>" for user in mentions]
    lines: list[tuple[str, list[str]]] = []
    for tag, user in zip(tags, mentions, strict=True):
        if lines and len(lines[-1][1]) < MAX_MENTIONS \
                and len(lines[-1][0]) + 1 + len(tag) <= MAX_TABLE:
            lines[-1] = (f"{lines[-1][0]} {tag}", [*lines[-1][1], user])
        else:
            lines.append((tag, [user]))
    messages = [(piece, []) for piece in pieces]
    if messages and lines and len(messages[-1][0]) + 1 + len(lines[0][0]) <= MAX_TABLE:
        messages[-1] = (f"{messages[-1][0]} {lines[0][0]}", lines[0][1])
        lines = lines[1:]
    return messages + lines


def _carries_room(message: discord.Message, room_id: str) -> bool:
    prefix = f"{room_id}:"
    for row in message.components:
        for child in getattr(row, "children", ()):
            if (getattr(child, "custom_id", None) or "").startswith(prefix):
                return True
    return False


def _connection_ended(task: asyncio.Task[None]) -> None:
    if task.cancelled() or task.exception() is None:
        return
    error = task.exception()
    if isinstance(error, SetupError):  # said in plain words (by start, or here once running)
        log.error("the Discord connection ended: %s", translate(error.key, "en", **error.params))
    else:
        log.error("the Discord connection failed", exc_info=error)


LOGIN_BACKOFF = (1.0, 60.0)  # s: first and longest wait between attempts to reach Discord


def _short(error: BaseException) -> str:
    """An error in a few words, for a log line (never a traceback)."""
    if isinstance(error, aiohttp.ClientConnectorError):
        error = error.os_error  # "Connect call failed (…)", not the whole connector story
    text = str(error).splitlines()[0] if str(error) else ""
    return f"{type(error).__name__}: {text}"[:100] if text else type(error).__name__


class _ReconnectNote(logging.Filter):
    """discord.py logs each gateway reconnect with a whole traceback: keep it to one line."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and str(record.msg).startswith("Attempting a reconnect"):
            error = record.exc_info[1]
            record.msg = f"Discord gateway unreachable ({_short(error) if error else '?'}); " \
                f"{record.msg[0].lower()}{record.msg[1:]}"
            record.exc_info = record.exc_text = None
        return True


_RECONNECT_NOTE = _ReconnectNote()


STOP_GRACE = 5.0  # seconds `stop` waits for interactions being answered


def _channel_name(lane: object) -> str | None:
    """A channel's lane by its id (metrics); None for a person's (a DM, an interaction)."""
    if isinstance(lane, tuple) and len(lane) == 2 and lane[0] == "channel":
        return str(lane[1])
    return None


class DiscordAdapter(Inbound):
    """Discord for the host: an Outlet that runs a discord.py client."""

    platform = PLATFORM

    def __init__(self, settings: Settings, *, edit_spacing: float = EDIT_SPACING,
                 table_every: float = TABLE_EVERY,
                 ready_timeout: float = READY_TIMEOUT, panel_ttl: float = PANEL_TTL,
                 defer_after: float = DEFER_AFTER, nudges: bool = True) -> None:
        if settings.discord_token is None:
            raise ValueError("DISCORD_TOKEN is not set")
        self.settings = settings
        self.ready_timeout = ready_timeout
        self.nudges = nudges
        self.panel_ttl = panel_ttl
        self.defer_after = defer_after
        self.traffic = Traffic()  # REST requests, 429s and retries (bot.host.metrics)
        self.client = build_client(settings, self)
        for name in ("discord.client", "discord.shard"):
            logging.getLogger(name).addFilter(_RECONNECT_NOTE)
        self.tree = PaijuTree(self.client)
        self.tree.add_command(build_group(self))
        self.host: HostPort | None = None
        channel = Pace(spacing=edit_spacing, state_every=table_every)
        direct = Pace(spacing=edit_spacing)
        self.outbox = Outbox(lambda lane: channel if isinstance(lane, tuple)
                             and lane[0] == "channel" else direct)
        self.tables: dict[str, TableSlot] = {}
        self.panels: dict[str, dict[str, PanelSlot]] = {}  # user id → room id → slot
        self.dm_refused: dict[str, float] = {}  # user id → when a DM was refused
        self._dm_channels: dict[str, int] = {}
        self.posted: Counter[int] = Counter()  # channel id → messages we posted there
        self._answering: Counter[str] = Counter()
        self._filled: set[int] = set()
        self._acted: set[int] = set()
        self._connection: asyncio.Task[None] | None = None
        self._unreachable = asyncio.Event()  # a first attempt to reach Discord failed
        self.pictures = DiscordPictures(settings.pictures)  # card art (`discord.pictures`)
        self._picture_tasks: set[asyncio.Task[None]] = set()

    # -- life cycle ------------------------------------------------------------------------

    async def setup(self) -> None:
        """On login: dynamic items, the translator, and the command sync."""
        self.client.add_dynamic_items(PressButton, SuggestionSelect)
        await self.tree.set_translator(CatalogueTranslator())
        guilds = self.settings.discord_guild_ids
        for guild_id in guilds:  # development: guild commands show up at once
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        if not guilds:
            await self.tree.sync()

    async def start(self, host: HostPort) -> None:
        """Log in (REST at DISCORD_API_BASE), sync commands, connect, wait until ready.

        A token Discord refuses is a SetupError (one plain line naming DISCORD_TOKEN, the
        client closed: no traceback, no unclosed session); an unreachable API is tried again
        with backoff, a short note each time, and the host carries on meanwhile."""
        self.host = host
        discord.http.Route.BASE = self.settings.discord_api_base.rstrip("/")
        self._connection = asyncio.create_task(self._connect(), name="discord-gateway")
        ready = asyncio.create_task(self.client.wait_until_ready())
        unreachable = asyncio.create_task(self._unreachable.wait())
        done, _ = await asyncio.wait({self._connection, ready, unreachable},
                                     timeout=self.ready_timeout,
                                     return_when=asyncio.FIRST_COMPLETED)
        unreachable.cancel()
        if ready not in done:
            ready.cancel()
            if self._connection.done():  # the gateway refused us (bad token, intents)
                connection, self._connection = self._connection, None
                connection.result()  # the SetupError, said plainly by `python -m bot`
                raise SetupError("discord.setup.intents_refused", reason="closed")
            if unreachable not in done:
                log.warning("Discord not ready after %.0f s; carrying on", self.ready_timeout)
            # else it keeps trying (a short note each time); the rest runs meanwhile
        self._connection.add_done_callback(_connection_ended)  # an end later is logged

    async def _connect(self) -> None:
        """Log in (again and again while the API cannot be reached), then run the gateway."""
        token = self.settings.discord_token
        assert token is not None
        delay = LOGIN_BACKOFF[0]
        while True:
            try:
                await self.client.login(token.get_secret_value())
                break
            except discord.LoginFailure:
                await self.client.close()  # its HTTP session too: no "Unclosed client session"
                raise SetupError("discord.setup.token_refused") from None
            except (OSError, TimeoutError, aiohttp.ClientError, discord.DiscordServerError) \
                    as error:
                log.warning("Discord API at %s unreachable (%s); trying again in %.0f s",
                            discord.http.Route.BASE, _short(error), delay)
                await self.client.http.close()
                self.client.http.connector = discord.utils.MISSING  # a fresh one next time
                self._unreachable.set()
                await asyncio.sleep(delay)
                delay = min(delay * 2, LOGIN_BACKOFF[1])
        try:
            await self.client.connect(reconnect=True)
        except discord.ConnectionClosed as error:
            log.error("Discord closed the gateway: code %s", error.code)
            key = "discord.setup.token_refused" if error.code == 4004 else \
                "discord.setup.intents_refused"
            raise SetupError(key, reason=f"{error.code}") from None
        except discord.PrivilegedIntentsRequired:
            raise SetupError("discord.setup.intents_refused", reason="4014") from None

    async def stop(self) -> None:
        """Let presses being answered finish, drop queued deliveries and disconnect."""
        try:  # an answer cut off by the closing session would be an error, not a reply
            async with asyncio.timeout(STOP_GRACE):
                while self._answering:
                    await asyncio.sleep(0.01)
        except TimeoutError:
            log.warning("stopping with %d interactions still being answered",
                        len(self._answering))
        await self.outbox.stop()
        for task in list(self._picture_tasks):
            task.cancel()
        self.pictures.close()
        await self.client.close()
        if self._connection is not None:
            if self.client.user is None:  # still trying to reach Discord: stop trying
                self._connection.cancel()
            try:
                await asyncio.wait_for(self._connection, timeout=5.0)
            except (TimeoutError, asyncio.CancelledError):
                self._connection.cancel()
            except SetupError:
                pass  # said when it happened
            except Exception:
                log.exception("the Discord connection ended with an error")
            self._connection = None

    def connected(self) -> bool:
        """Logged in, the gateway open and ready (every shard of this process)."""
        client = self.client
        return client.user is not None and client.is_ready() and not client.is_closed()

    def backlog(self) -> list[Backlog]:
        """The channels with calls waiting in their lanes (players' DMs as one line)."""
        return [Backlog(name, count, age) for name, count, age
                in self.outbox.backlog(_channel_name)]

    async def drain(self, timeout: float = 10.0) -> None:
        """Wait until every queued (or held) delivery went out (tests, tools)."""
        async with asyncio.timeout(timeout):
            while any(slot.hold is not None for rooms in self.panels.values()
                      for slot in rooms.values()):
                await asyncio.sleep(0.01)
        await self.outbox.drain(timeout)

    # -- the table -------------------------------------------------------------------------

    async def show_table(self, view: TableView) -> None:
        """Queue the room's table; a newer view folds into a queued one."""
        slot = self.tables.get(view.room_id)
        if slot is None:
            place = view.place
            slot = self.tables[view.room_id] = TableSlot(
                int(place.thread or place.channel),
                int(place.community) if place.community.isdigit() else None)
        if view.counter < slot.shown:
            return
        if view.phase is Phase.PLAYING and (slot.view is None
                                            or slot.view.phase is not Phase.PLAYING):
            slot.hand_from = view.counter
        if slot.riding and view.phase is not Phase.PLAYING:
            self._unseat_riders(slot, view)
        slot.shown, slot.view = view.counter, view
        self.pictures.table(view)
        seated = {seat.user.user_id for seat in view.seats if seat.user is not None}
        if view.phase is Phase.CLOSED:  # its panels will not be pressed again
            for user in seated:
                self.panels.get(user, {}).pop(view.room_id, None)
        for user, rooms in self.panels.items():  # those who left see so, never a prompt
            if view.room_id in rooms and user not in seated:
                self.retire_panel(user, view.room_id, "discord.panel_left")
        self.outbox.push(("channel", slot.channel_id), ("table", view.room_id), view,
                         self._unreachable_noted(self._put_table))

    def repost_table(self, room_id: str) -> bool:
        """Post the room's table again at the bottom of its channel (/paiju table)."""
        slot = self.tables.get(room_id)
        if slot is None or slot.view is None:
            return False
        slot.repost = True
        self.outbox.push(("channel", slot.channel_id), ("table", room_id), slot.view,
                         self._unreachable_noted(self._put_table))
        return True

    def table_shown(self, room_id: str) -> int:
        """The counter of the newest table view of a room handed over (-1: none yet)."""
        slot = self.tables.get(room_id)
        return slot.shown if slot is not None else -1

    def _channel(self, channel_id: int, guild_id: int | None) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(channel_id, guild_id=guild_id)

    async def _put_table(self, view: TableView) -> None:
        slot = self.tables[view.room_id]
        channel = self._channel(slot.channel_id, slot.guild_id)
        content, components = table_content(view)
        riders = slot.riding.aboard() if view.phase is Phase.PLAYING else []
        if riders:
            content = clip("\n".join([content, *(text for text, _ in riders)]), MAX_TABLE)
        if view.phase is Phase.CLOSED and slot.phase is Phase.OVER and slot.over_text:
            # The last one left a finished table: it keeps showing how the hand ended (the
            # final play, everyone's cards), closed, rather than only "This table is closed."
            content = clip(closed_over(slot.over_text, view), MAX_TABLE)
        if slot.message_id is None and not slot.searched:
            slot.searched = True
            slot.message_id = await self._find_table(channel, view.room_id)
        if slot.message_id is not None and not slot.repost \
                and not new_message(slot.phase, view.phase):
            try:
                await channel.get_partial_message(slot.message_id).edit(content=content,
                                                                        view=components)
                slot.riding.shown(riders)
                slot.phase = view.phase
                slot.over_text = content if view.phase is Phase.OVER else None
                return
            except discord.NotFound:
                slot.message_id = None  # deleted by someone: post it again
            except discord.HTTPException as error:
                if error.code != THREAD_ARCHIVED:
                    raise
                # An idle thread was archived: a new message reopens it, the old one goes.
                log.info("room %s: thread %s archived, posting the table again",
                         view.room_id, slot.channel_id)
        # The old message goes, unless it is a closed room's final table (history, no buttons).
        old = slot.message_id if slot.phase is not Phase.CLOSED else None
        sent = await channel.send(content, view=components,
                                  allowed_mentions=discord.AllowedMentions.none())
        self.posted[slot.channel_id] += 1
        slot.riding.shown(riders)
        slot.message_id, slot.phase, slot.repost = sent.id, view.phase, False
        slot.over_text = content if view.phase is Phase.OVER else None
        if old is not None:
            try:
                await channel.get_partial_message(old).delete()
            except discord.HTTPException as error:
                log.info("room %s: old table %s not deleted: %s", view.room_id, old, error)

    async def _find_table(self, channel: discord.PartialMessageable, room_id: str) -> int | None:
        """The room's table message posted before a restart, if it is recent."""
        me = self.client.user
        if me is None:
            return None
        try:
            async for message in channel.history(limit=HISTORY_LOOKBACK):
                if message.author.id == me.id and _carries_room(message, room_id):
                    return message.id
        except discord.HTTPException as error:
            log.info("room %s: cannot read the channel's history: %s", room_id, error)
        return None

    # -- announcements ---------------------------------------------------------------------

    async def announce(self, note: Announcement) -> asyncio.Future[Any] | None:
        """Queue a note for the channel (a future of whether Discord took it), or a nudge
        for one person."""
        if note.private_to is not None:
            self.outbox.push(("dm", note.private_to.user_id), None, note, self._nudge_note)
            return None
        place = note.place
        channel_id = int(place.thread or place.channel)
        table = self._rides(note, channel_id)
        if table is not None:  # no message of its own: the table's next edit shows it
            done = table.riding.add(note.text)
            assert table.view is not None
            self.outbox.push(("channel", channel_id), ("table", note.room_id), table.view,
                             self._unreachable_noted(self._put_table))
            return done
        if self.pictures.takes(note):  # with its picture attached: still one message
            return self.outbox.push(("channel", channel_id), None, note,
                                    self._post_picture_note)
        return self.outbox.push(("channel", channel_id), None, note, self._post_note)

    def _rides(self, note: Announcement, channel_id: int) -> TableSlot | None:
        """The table a passing note of the hand being played rides on (a bomb, 报牌: no
        result, no picture, nobody to notify), instead of a request of its own."""
        if not passing(note):
            return None
        slot = self.tables.get(note.room_id)
        if slot is None or slot.message_id is None or slot.view is None \
                or slot.view.phase is not Phase.PLAYING or slot.channel_id != channel_id:
            return None
        return slot

    def _unseat_riders(self, slot: TableSlot, view: TableView) -> None:
        """The hand is over: its notes no edit showed go to the channel as one message,
        before the result (and the next hand's table)."""
        riders = slot.riding.unseat()
        note = Announcement(view.room_id, view.place, view.lang, "riders",
                            "\n".join(text for text, _ in riders))
        Riders.follow(self.outbox.push(("channel", slot.channel_id), None, note,
                                       self._post_note), riders)

    def post_last_play(self, room_id: str) -> None:
        """Post the room's last play as a picture after its table (/paiju table)."""
        note = self.pictures.last_play_note(room_id)
        slot = self.tables.get(room_id)
        if note is not None and slot is not None:
            self.outbox.push(("channel", slot.channel_id), None, note, self._post_picture_note)

    async def _post_picture_note(self, note: Announcement) -> bool:
        """A note with its picture; the text alone if the picture is refused."""
        file = await self.pictures.note_file(note)
        messages = note_messages(note.text, [u.user_id for u in note.mentions])
        if file is None or len(messages) != 1:
            return await self._post_note(note)
        place = note.place
        guild = int(place.community) if place.community.isdigit() else None
        channel = self._channel(int(place.thread or place.channel), guild)
        content, users = messages[0]
        try:
            await channel.send(content, file=file, allowed_mentions=discord.AllowedMentions(
                users=[discord.Object(id=int(user)) for user in users], everyone=False,
                roles=False))
            self.posted[channel.id] += 1
        except discord.HTTPException as error:
            if error.status not in (400, 403, 413):
                raise
            log.info("room %s: picture for %s refused (%s): the text goes instead",
                     note.room_id, note.kind, error)
            return await self._post_note(note)
        return True

    async def _post_note(self, note: Announcement) -> bool:
        place = note.place
        guild = int(place.community) if place.community.isdigit() else None
        channel = self._channel(int(place.thread or place.channel), guild)
        for content, users in note_messages(note.text, [u.user_id for u in note.mentions]):
            await channel.send(content, allowed_mentions=discord.AllowedMentions(
                users=[discord.Object(id=int(user)) for user in users], everyone=False,
                roles=False))
            self.posted[channel.id] += 1
        return True

    async def _nudge_note(self, note: Announcement) -> None:
        assert note.private_to is not None
        if not await self._dm(note.private_to.user_id, note.text):
            # No DM: say it in the channel, with a mention (the game goes on either way).
            await self._post_note(Announcement(note.room_id, note.place, note.lang, note.kind,
                                               note.text, (note.private_to,)))

    async def _dm(self, user_id: str, content: str) -> bool:
        """Send a DM; False (and quiet for a while) if the user does not take DMs."""
        refused = self.dm_refused.get(user_id)
        if refused is not None and time.monotonic() - refused < DM_QUIET:
            return False
        try:
            channel_id = self._dm_channels.get(user_id)
            if channel_id is None:
                channel = await self.client.create_dm(discord.Object(id=int(user_id)))
                channel_id = self._dm_channels[user_id] = channel.id
            await self._channel(channel_id, None).send(clip(content, MAX_TABLE))
        except discord.Forbidden as error:
            self.dm_refused[user_id] = time.monotonic()
            log.info("user %s takes no DMs (%s): nudges off for a while", user_id, error.code)
            return False
        self.dm_refused.pop(user_id, None)
        return True

    # -- private views ---------------------------------------------------------------------

    def remember(self, view: PrivateView) -> PanelSlot:
        """The player's slot for the room, holding `view` unless a newer one is held."""
        rooms = self.panels.setdefault(view.user.user_id, {})
        slot = rooms.get(view.room_id)
        if slot is None:
            slot = rooms[view.room_id] = PanelSlot(view)
        elif view.counter >= slot.view.counter:
            slot.view = view
        return slot

    async def show_private(self, view: PrivateView) -> Delivery:
        """Hold the view for the player's next interaction; refresh a live panel; nudge."""
        slot = self.remember(view)
        if slot.view is not view:
            return Delivery.HELD  # older than what is held
        self.pictures.prepare(view)  # drawn ahead, in a thread, for the panel to carry
        user = view.user.user_id
        if slot.hold is not None:  # a held prompt: this newer view goes out instead
            slot.hold.cancel()
            slot.hold = None
        if user in self._answering:
            return Delivery.HELD  # the interaction being answered shows it (see catch_up)
        if slot.live(self.panel_ttl):
            if view.prompt is not None and view.prompt.suggestions_pending:
                # One edit for a new prompt, not two in a row: wait a moment for its
                # suggestions (the view that brings them goes at once).
                slot.hold = asyncio.get_running_loop().call_later(
                    PROMPT_HOLD, self._release_panel, user, view.room_id)
            else:
                self._queue_panel(user, view.room_id)
        else:
            self._nudge_if_wanted(slot)
        return Delivery.HELD

    def _nudge_if_wanted(self, slot: PanelSlot) -> None:
        """DM "your turn" once per prompt to a person the AI does not play for."""
        view, prompt = slot.view, slot.view.prompt
        if not self.nudges or prompt is None or prompt.deadline is None \
                or slot.nudged == view.counter:
            return
        slot.nudged = view.counter
        self.outbox.push(("dm", view.user.user_id), ("nudge", view.room_id), view,
                         self._unreachable_noted(self._nudge_turn))

    async def _nudge_turn(self, view: PrivateView) -> None:
        table = self.tables.get(view.room_id)
        if table is None:
            return
        # Link only a message that stays: while a new hand's table is still to be posted
        # (the old message then goes), wait for it.
        waited = 0.0
        while table.view is not None and waited < NUDGE_WAIT and (
                table.message_id is None or table.repost
                or new_message(table.phase, table.view.phase)):
            await asyncio.sleep(0.02)
            waited += 0.02
        link = ""
        if table.message_id is not None and table.guild_id is not None:
            link = (f"https://discord.com/channels/{table.guild_id}/{table.channel_id}/"
                    f"{table.message_id}")
        await self._dm(view.user.user_id, translate("discord.nudge", view.lang,
                                                    channel=f"<#{table.channel_id}>", link=link))

    @staticmethod
    def _unreachable_noted(run: Any) -> Any:
        """A delivery that Discord could not be reached for is one log line, not a traceback
        (the next view of that table or panel goes out whole when Discord is back)."""

        async def guarded(content: Any) -> Any:
            try:
                return await run(content)
            except (OSError, aiohttp.ClientError) as error:
                log.warning("Discord unreachable (%s): a %s was not delivered", _short(error),
                            run.__name__.strip("_").replace("_", " "))
                return None

        return guarded

    def hand_started(self, room_id: str) -> int | None:
        """The counter the hand being played began at; None when no hand is played."""
        slot = self.tables.get(room_id)
        if slot is None or slot.view is None or slot.view.phase is not Phase.PLAYING:
            return None
        return slot.hand_from

    def reuse_panel(self, user_id: str, room_id: str) -> bool:
        """Whether the user's open panel at the room can be brought up to date in place
        rather than answered with a new one: its token lives, and nothing of ours was posted
        in the channel since it was opened (so it is still down by the table)."""
        slot = self.panels.get(user_id, {}).get(room_id)
        table = self.tables.get(room_id)
        return slot is not None and table is not None and slot.live(self.panel_ttl) \
            and slot.posts_at == self.posted[table.channel_id]

    def opened(self, slot: PanelSlot, room_id: str, interaction: discord.Interaction[Any], *,
               retire: bool) -> None:
        """A new panel message answered `interaction`: an older live one says it moved."""
        old = slot.interaction
        if retire and old is not None and old is not interaction and slot.live(self.panel_ttl):
            self._retire(old, slot.view.lang, "discord.panel_moved")
        table = self.tables.get(room_id)
        slot.posts_at = self.posted[table.channel_id] if table is not None else -1

    def retire_panel(self, user_id: str, room_id: str, key: str) -> None:
        """The user's panel at the room is done with: a live one says why, without buttons."""
        slot = self.panels.get(user_id, {}).pop(room_id, None)
        if slot is None:
            return
        if slot.hold is not None:
            slot.hold.cancel()
        if slot.interaction is not None and slot.live(self.panel_ttl):
            self._retire(slot.interaction, slot.view.lang, key)

    def _retire(self, interaction: discord.Interaction[Any], lang: str, key: str) -> None:
        async def edit(_: None) -> None:
            try:
                await interaction.edit_original_response(content=translate(key, lang),
                                                         view=None, attachments=[])
            except discord.HTTPException as error:
                log.info("old panel of %s not retired: %s", interaction.user.id, error)

        self.outbox.push(("retire", interaction.id), None, None, edit)

    def catch_up(self, user_id: str) -> None:
        """After answering a user: refresh each live panel that shows an older view."""
        for room_id, slot in self.panels.get(user_id, {}).items():
            if not slot.live(self.panel_ttl):
                slot.interaction = None  # a dead token: let go of the interaction
                self._nudge_if_wanted(slot)
            elif slot.rendered != slot.view:
                self._queue_panel(user_id, room_id)

    def _release_panel(self, user_id: str, room_id: str) -> None:
        slot = self.panels.get(user_id, {}).get(room_id)
        if slot is not None and slot.hold is not None:
            slot.hold = None
            self._queue_panel(user_id, room_id)

    def _queue_panel(self, user_id: str, room_id: str) -> None:
        self.outbox.push(("panel", user_id, room_id), "panel", (user_id, room_id),
                         self._unreachable_noted(self._edit_panel))

    async def _edit_panel(self, key: tuple[str, str], *, now: bool = False) -> bool:
        """Bring the live panel to the newest view (`now`: even while its owner is being
        answered and if it looks up to date, to learn whether it is still there); whether
        the panel shows it."""
        user_id, room_id = key
        slot = self.panels.get(user_id, {}).get(room_id)
        if slot is None or not slot.live(self.panel_ttl):
            return False
        if not now and (user_id in self._answering
                        or (slot.rendered == slot.view and not self._lacks_picture(slot))):
            return slot.rendered == slot.view
        assert slot.interaction is not None
        view = slot.view
        since = view.prompt.since if view.prompt is not None else view.counter
        drafted = slot.drafted == since
        panel = render_panel(view, slot.draft if drafted else None,
                             play_url=play_link(self.settings, view),
                             choices=slot.choices if drafted else ())
        files = self.pictures.panel_files(slot, view, new_message=False)
        extra: dict[str, Any] = {} if files is None else {"attachments": files}
        try:
            await slot.interaction.edit_original_response(content=panel.content,
                                                          view=panel.view, **extra)
        except discord.HTTPException as error:
            # The token expired or the panel was dismissed: the next press opens a new one.
            log.info("panel of %s at %s not edited: %s", user_id, room_id, error)
            self.pictures.not_shown(slot, files)
            slot.interaction = None
            if not now:
                self._nudge_if_wanted(slot)
            return False
        self.pictures.shown(slot, view, files, new_message=False)
        slot.rendered = view
        self.picture_later(user_id, view)
        return True

    async def refresh_panel(self, user_id: str, room_id: str) -> bool:
        """Draw the open panel anew now (My hand): False when it is gone (dismissed)."""
        return await self._edit_panel((user_id, room_id), now=True)

    def _lacks_picture(self, slot: PanelSlot) -> bool:
        """The panel shows another hand picture than its view's, and that one is drawn."""
        content = hand_content(slot.view) if self.pictures.enabled else None
        return content is not None and slot.pictured != content \
            and self.pictures.ready(slot.view)

    def picture_later(self, user_id: str, view: PrivateView) -> None:
        """Once the hand's picture is drawn, bring it to the live panel by one media edit."""
        content = hand_content(view) if self.pictures.enabled else None
        slot = self.panels.get(user_id, {}).get(view.room_id)
        if content is None or slot is None or slot.pictured == content:
            return

        async def when_drawn() -> None:
            if await self.pictures.wait_drawn(view) and self.pictures.ready(view):
                self._queue_panel(user_id, view.room_id)

        task = asyncio.create_task(when_drawn(), name=f"picture:{user_id}")
        self._picture_tasks.add(task)
        task.add_done_callback(self._picture_tasks.discard)
