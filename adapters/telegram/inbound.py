"""Updates → host commands, and the host's replies back to the sender.

Groups stay quiet: a command that changes a room answers through the table (edited in
place); only refusals and informational answers (stats, leaderboard, rules, ...) become
group messages. Hints never appear in a group: they go to the player's private chat. Every
callback query is answered, refusals with an alert only the presser sees.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from telegram import (
    Bot,
    BotCommand,
    CallbackQuery,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    Message,
    Update,
    User,
)
from telegram.constants import ChatMemberStatus, ChatType
from telegram.error import TelegramError
from telegram.ext import Application, CallbackQueryHandler, ContextTypes, MessageHandler, filters

from adapters.common import intents
from adapters.telegram.admin import admin_command
from adapters.telegram.pictures import FLIP_ORDER
from adapters.telegram.render import chat_link, deep_link, deep_link_message
from adapters.telegram.text import alert, escape, split_plain
from adapters.telegram.vocabulary import COMMANDS, Said, read
from bot.errors import PaijuError, Reason
from bot.games import registry
from bot.host import commands as cmd
from bot.host.payload import decode_payload
from bot.host.views import Place, Reply
from bot.i18n import LANGUAGES, normalise_language, translate
from bot.tournament.intents import VERBS as CUP_VERBS
from bot.tournament.intents import cup_command

if TYPE_CHECKING:
    from adapters.telegram.adapter import TelegramAdapter

log = logging.getLogger(__name__)

PLATFORM = "telegram"
QUIET_WHEN_DONE = {"new", "join", "leave", "addbot", "removebot", "start_game", "again",
                   "play", "pass", "hand", "close"}
"""Intents whose success shows on the table or the panel: no extra message for them."""
MANAGING = {"settings", "close", "addbot", "removebot", "start_game"}
"""Intents where a chat administrator may act for a room they do not sit in."""
CHATTER_REFUSALS = {Reason.NO_ROOM, Reason.NOT_SEATED, Reason.NO_GAME, Reason.NOT_YOUR_TURN,
                    Reason.EMPTY_ACTION, Reason.NO_COMPETITION, Reason.UNKNOWN_WORDS}
"""Refusals not worth a group message when a plain-text trigger was probably just talk."""
PERSONAL = {"play", "pass", "hint", "hand", "auto", "join", "leave", "again", "start_game",
            "puzzle"}
"""Intents whose refusal concerns the sender alone ("It's not your turn.", an illegal move):
told to them privately when the bot can write to them, so the group's 20 messages a minute
are kept for the table."""
ORGANISING = {"new", "close", "cancel", "role"}
"""`/cup` verbs for organisers: only for these is the sender's admin status looked up."""


def actor_of(user: User, is_admin: bool = False) -> cmd.Actor:
    """The person behind an update."""
    return cmd.Actor(PLATFORM, str(user.id), user.full_name or str(user.id),
                     normalise_language(user.language_code), is_admin)


def place_of(message: Message) -> Place:
    """Where a message was: a private chat, a group, or a forum topic of a supergroup."""
    chat = message.chat
    if chat.type == ChatType.PRIVATE:
        return Place(PLATFORM, str(chat.id))
    thread = str(message.message_thread_id) if message.is_topic_message else ""
    return Place(PLATFORM, str(chat.id), thread, str(chat.id), chat.title or "")


def _thread_of(message: Message) -> int | None:
    """The forum topic a message was in (None outside topics)."""
    return message.message_thread_id if message.is_topic_message else None


def install(app: Application, adapter: TelegramAdapter) -> None:
    """Add the handlers of the adapter to its Application."""
    inbound = Inbound(adapter)
    app.add_handler(MessageHandler(filters.UpdateType.MESSAGE & filters.TEXT, inbound.on_message))
    app.add_handler(MessageHandler(filters.StatusUpdate.MIGRATE, inbound.on_migrate))
    app.add_handler(CallbackQueryHandler(inbound.on_press))
    app.add_error_handler(inbound.on_error)


async def register_commands(bot: Bot) -> None:
    """setMyCommands in every catalogue language (English is also the default list)."""
    for lang in LANGUAGES:
        # each game by its first word in the language (its name where it has none)
        games = " | ".join((record.aliases.get(lang) or (record.name,))[0]
                           for record in registry.modules())
        commands = [BotCommand(name, translate(f"telegram.cmd.{name}", lang, games=games)[:256])
                    for name in COMMANDS]
        try:
            await bot.set_my_commands(commands, language_code=None if lang == "en" else lang)
        except TelegramError as error:
            log.warning("telegram: setMyCommands(%s) failed: %s", lang, error)


class Inbound:
    """The handlers: messages and button presses."""

    def __init__(self, adapter: TelegramAdapter) -> None:
        self.adapter = adapter

    async def handle(self, command: cmd.Command) -> Reply:
        """Ask the host."""
        assert self.adapter.host is not None, "the adapter was not started"
        return await self.adapter.host.handle(command)

    def place(self, message: Message) -> Place:
        """Where a message was, for the host: a supergroup that was a group before keeps
        the group's rooms (and its leaderboard)."""
        place = place_of(message)
        old = self.adapter.memory.moved_from(message.chat.id)
        if old is None:
            return place
        return Place(PLATFORM, str(old), place.thread, str(old), place.community_name)

    # -- messages ----------------------------------------------------------------------

    async def on_migrate(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A group was upgraded to a supergroup (both sides say so): follow it there."""
        message = update.effective_message
        if message is None:
            return
        if message.migrate_from_chat_id:
            self.adapter.chat_moved(message.migrate_from_chat_id, message.chat.id)
        elif message.migrate_to_chat_id:
            self.adapter.chat_moved(message.chat.id, message.migrate_to_chat_id)

    async def on_message(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A text message: a command, a Chinese trigger, or typed cards in a private chat."""
        message = update.message
        if message is None or message.from_user is None:
            return
        if message.from_user.is_bot:
            if message.sender_chat is not None and message.sender_chat.id == message.chat.id:
                await self.on_anonymous(message)
            return
        private = message.chat.type == ChatType.PRIVATE
        user = message.from_user
        if private:
            self.adapter.met(user.id)
        if user.username:  # `/admin beans @name ...` finds them by it
            self.adapter.usernames[user.username.lower()] = user.id
        said = read(message.text or "", self.adapter.username)
        if said is None:
            if not private:
                return  # group chatter is not for us
            if (message.text or "").startswith("/"):
                said = Said("help", (), True)
            else:
                said = Said("play", ((message.text or "").strip(),), False)  # typed cards
        if said.intent == "start":
            await self.on_start(message, user, said.args)
            return
        if said.intent == "cup":
            await self.on_cup(message, user, said)
            return
        if said.intent == "admin":
            await self.on_admin(message, user, said.typed_command)
            return
        is_admin = not private and said.intent in MANAGING and await self._is_admin(message)
        actor = actor_of(user, is_admin)
        place = self.place(message)
        if said.intent == "new":
            command, changes = intents.new_room(actor, place, said.args)
            reply = await self.handle(command)
            if reply.ok and changes:
                reply = await self.handle(cmd.RoomSettings(actor, place, changes=changes))
        else:
            if said.intent == "hand":
                self.adapter.wants_new_panel.add(user.id)
            reply = await self.handle(intents.command(said.intent, actor, place, said.args))
        if not reply.ok and not private and not said.typed_command \
                and reply.reason in CHATTER_REFUSALS:
            return  # a plain word that only looked like a trigger: no lecture in the group
        markup = None
        if said.intent == "puzzle" and reply.ok and not private and not said.args:
            # Answers go to the private chat: the way there comes with the puzzle.
            markup = InlineKeyboardMarkup([[InlineKeyboardButton(
                translate("telegram.puzzle_button", actor.lang),
                url=chat_link(self.adapter.username))]])
        await self.respond(said.intent, reply, message, actor, markup=markup)

    async def on_anonymous(self, message: Message) -> None:
        """An administrator posting as the group: their commands cannot name a player."""
        said = read(message.text or "", self.adapter.username)
        if said is None or not said.typed_command:
            return  # talk, or a plain word: no lecture
        # No language comes with the group's name: both of ours.
        text = "\n".join(translate("telegram.anonymous", lang) for lang in LANGUAGES)
        await self.adapter.send(message.chat.id, escape(text), thread=_thread_of(message),
                                reply_to=message.message_id)

    async def on_start(self, message: Message, user: User, args: tuple[str, ...]) -> None:
        """/start, maybe from a deep link `t.me/<bot>?start=<room>`: show the hand or seat them."""
        actor = actor_of(user)
        if message.chat.type != ChatType.PRIVATE:
            await self.respond("help", await self.handle(cmd.Help(actor, self.place(message))),
                               message, actor)
            return
        room = args[0] if args else None
        self.adapter.wants_new_panel.add(user.id)
        reply = await self.handle(cmd.ShowHand(actor, None, room=room))
        intent = "hand"
        if not reply.ok and room is not None and reply.reason is Reason.NOT_SEATED:
            reply = await self.handle(cmd.Join(actor, None, room=room))
            intent = "start"
        elif not reply.ok:
            reply = await self.handle(cmd.Help(actor, None))
            intent = "help"
            reply = Reply(True, translate("telegram.welcome", actor.lang) + "\n\n" + reply.text,
                          reply.key)
        await self.respond(intent, reply, message, actor)

    async def on_cup(self, message: Message, user: User, said: Said) -> None:
        """`/cup [words]` (or `比赛 ...`, `报名`): a competition command, answered in place."""
        private = message.chat.type == ChatType.PRIVATE
        verb = CUP_VERBS.get(said.args[0].lower()) if said.args else None
        is_admin = not private and verb in ORGANISING and await self._is_admin(message)
        actor = actor_of(user, is_admin)
        # Competitions live in groups: from a private chat the service finds the sender's own.
        place = None if private else self.place(message)
        try:
            command = cup_command(actor, place, said.args)
        except PaijuError as error:  # words that are no competition command
            reply = Reply(False, error.render(actor.lang), error.key, reason=error.reason)
        else:
            reply = await self.handle(command)
        if not reply.ok and not private and not said.typed_command \
                and reply.reason in CHATTER_REFUSALS:
            return
        markup = None
        if reply.ok and not private and verb == "join" \
                and self.adapter.reachable.get(user.id) is not True:
            # Their table will deal them cards privately: the way to the private chat comes
            # with the sign-up's confirmation, not as a surprise when the table opens.
            markup = InlineKeyboardMarkup([[InlineKeyboardButton(
                translate("telegram.cup_chat_button", actor.lang),
                url=chat_link(self.adapter.username))]])
        await self.respond("cup", reply, message, actor, markup=markup)

    async def on_admin(self, message: Message, user: User, typed: bool) -> None:
        """`/admin <tool> ...` (or `管理 ...`): an admin's tools, for group admins only. The
        plain word answers only an admin naming a tool (`管理员在吗?` is talk)."""
        private = message.chat.type == ChatType.PRIVATE
        actor = actor_of(user, not private and await self._is_admin(message))
        command = await admin_command(self, message, actor, self.place(message))
        if not typed and (command is None or not actor.is_admin):
            return
        if command is None:
            reply = Reply(True, translate("admin.usage", actor.lang), "admin.usage")
        else:
            reply = await self.handle(command)
            if reply.ok and isinstance(command, cmd.AdminClose):
                return  # the group is told by the table and the host's note
        await self.respond("admin", reply, message, actor)
        for name, data in reply.documents:  # an export: its files, under the answer
            await self.adapter.send_document(message.chat.id, name, data,
                                             thread=_thread_of(message),
                                             reply_to=message.message_id)

    async def respond(self, intent: str, reply: Reply, message: Message, actor: cmd.Actor,
                      markup: InlineKeyboardMarkup | None = None) -> None:
        """Show a command's reply where it belongs (`markup` under its last piece)."""
        adapter = self.adapter
        chat_id = message.chat.id
        private = message.chat.type == ChatType.PRIVATE
        thread = _thread_of(message)
        user_id = int(actor.user_id)
        if (reply.private_refused or self._unreached(user_id, reply)) and not private \
                and reply.room_id:
            html, markup = deep_link_message(adapter.username, reply.room_id, actor.user_id,
                                             actor.name, actor.lang)
            await adapter.send(chat_id, html, thread=thread, markup=markup,
                               reply_to=message.message_id)
            return
        if reply.ok and intent == "table" and reply.table is not None and not private:
            adapter.repost_table(reply.table)
            adapter.pictures.last_play(reply.table)  # 🖼 the last play, with pictures on
            return
        if reply.ok and intent == "hint" and reply.action and reply.room_id:
            adapter.show_hint(user_id, reply.room_id, reply.action)  # Play on the panel
        if reply.ok and intent == "hint" and not private:
            if not await adapter.send(user_id, escape(reply.text)) and reply.room_id:
                html, markup = deep_link_message(adapter.username, reply.room_id,
                                                 actor.user_id, actor.name, actor.lang)
                await adapter.send(chat_id, html, thread=thread, markup=markup)
            return
        if reply.ok and intent in QUIET_WHEN_DONE:
            return
        if not reply.ok and not private and intent in PERSONAL \
                and adapter.reachable.get(user_id) and await adapter.send(user_id,
                                                                          escape(reply.text)):
            return
        pieces = split_plain(reply.text)
        for index, piece in enumerate(pieces):
            await adapter.send(chat_id, escape(piece), thread=thread,
                               markup=markup if index == len(pieces) - 1 else None,
                               reply_to=None if private else message.message_id)

    def _unreached(self, user_id: int, reply: Reply) -> bool:
        """A successful reply whose sender the bot cannot (or never did) write to privately,
        though they sit at its table: show them the way to the private chat."""
        known = self.adapter.reachable.get(user_id)
        return reply.ok and (known is False or (known is None and reply.seated))

    async def _is_admin(self, message: Message) -> bool:
        """Whether the sender administers the group (they may manage any room in it)."""
        assert message.from_user is not None
        try:
            member = await message.chat.get_member(message.from_user.id)
        except TelegramError as error:
            log.info("telegram: getChatMember failed: %s", error)
            return False
        return member.status in (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)

    # -- button presses ------------------------------------------------------------------

    async def on_press(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A button: a draft toggle (ours), or a host payload; always answered."""
        query = update.callback_query
        if query is None:
            return
        answered = False
        try:
            answered = await self._press(query)
        finally:
            if not answered:
                await query.answer()

    async def _press(self, query: CallbackQuery) -> bool:
        """Handle a press; True if the query was answered with something to say."""
        user = query.from_user
        actor = actor_of(user)
        lang = actor.lang
        message = query.message if isinstance(query.message, Message) else None
        try:
            payload = decode_payload(query.data or "")
        except PaijuError as error:
            await query.answer(alert(error.render(lang)), show_alert=True)
            return True
        if message is not None and message.chat.type == ChatType.PRIVATE:
            if message.chat.id != user.id:
                await query.answer(alert(translate("telegram.not_yours", lang)), show_alert=True)
                return True
            self.adapter.met(user.id)
        if payload.code == FLIP_ORDER:  # ⇅ under a hand photo of before: ⇅ Sort does it
            await query.answer(alert(translate("host.stale", lang)), show_alert=True)
            return True
        if payload.is_adapter_code:
            refusal = None if message is None else await self.adapter.redraw_panel(
                actor, payload, message.message_id)
            if message is None or refusal is not None:
                await query.answer(alert(translate(refusal or "host.stale", lang)),
                                   show_alert=True)
                return True
            return False
        if payload.code == "!hand":
            self.adapter.wants_new_panel.add(user.id)
        place = self.place(message) if message is not None else None
        reply = await self.handle(cmd.Press(actor, place, payload=query.data or ""))
        if reply.ok and payload.code == "!hint" and reply.action and reply.room_id:
            # One tap plays it: the hinted move is drafted on the panel, Play under it.
            self.adapter.show_hint(user.id, reply.room_id, reply.action)
        if not reply.ok:
            await query.answer(alert(reply.text), show_alert=True)
        elif reply.room_id and (reply.private_refused or self._unreached(user.id, reply)):
            # Their cards cannot reach them: the answer opens the private chat on this room.
            await query.answer(alert(translate("telegram.open_chat", lang)),
                               url=deep_link(self.adapter.username, reply.room_id))
        else:  # the commitment in full (🎲/🔒) stays up to be read or copied
            await query.answer(alert(reply.text), show_alert=payload.code == "!seed")
        return True

    async def on_error(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        """Every handler error lands here: logged with its traceback."""
        log.error("telegram: update %r failed", update, exc_info=context.error)
