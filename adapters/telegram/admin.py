"""`/admin ...` in a Telegram group: an admin's tools (the host checks and audits them).

Who a tool is for: the author of the message the command replies to, or a person named in
it (a mention Telegram resolved to an account, an @username the bot has seen write, or a
numeric user id the group knows). `/admin beans @ann +100 reason` gives Ann 100 beans;
`-50` takes 50; `/admin bar @ann reason` bars her from the group's tables, `/admin unbar
@ann` lets her sit again; `/admin close` closes the table of the chat (or topic), mid-hand
too; `/admin export` sends the group's records as CSV files.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from telegram import Message, MessageEntity, User
from telegram.error import TelegramError

from bot.host import commands as cmd
from bot.host.views import Place, UserRef

if TYPE_CHECKING:
    from adapters.telegram.inbound import Inbound

PLATFORM = "telegram"
BEANS_WORDS = ("beans", "bean", "豆", "豆子", "欢乐豆")
BAR_WORDS = ("bar", "ban", "禁止", "禁赛")
UNBAR_WORDS = ("unbar", "unban", "解禁", "解除禁止")
CLOSE_WORDS = ("close", "关桌", "关闭")
EXPORT_WORDS = ("export", "csv", "导出")
AMOUNT = re.compile(r"^[+-]?\d[\d,]*$")


def amount_of(word: str) -> int | None:
    """`+100`, `-50`, `1,000` as an int; None for anything else."""
    return int(word.replace(",", "")) if AMOUNT.match(word) else None


def _replied_to(message: Message) -> User | None:
    """The author of the message replied to (not a forum topic's opening message, which
    every message in a topic "replies" to)."""
    replied = message.reply_to_message
    if replied is None or replied.forum_topic_created is not None or replied.from_user is None:
        return None
    return None if replied.from_user.is_bot else replied.from_user


def _words_without_mentions(message: Message) -> tuple[list[str], User | None]:
    """The command's words with a resolved mention (text_mention) cut out, and its user."""
    text = message.text or ""
    for entity in message.entities:
        if entity.type == MessageEntity.TEXT_MENTION and entity.user is not None:
            cut = message.parse_entity(entity)
            return text.replace(cut, " ", 1).split()[1:], entity.user
    return text.split()[1:], None


async def read_target(inbound: Inbound, message: Message,
                      words: list[str]) -> tuple[User | None, list[str]]:
    """Who the command names, and the words left after the name."""
    user = _replied_to(message)
    if user is not None:
        return user, words
    if not words:
        return None, words
    first, rest = words[0], words[1:]
    if first.startswith("@"):
        known = inbound.adapter.usernames.get(first[1:].lower())
        if known is None:
            return None, rest
        return await _member(message, known), rest
    if first.isdigit():
        return await _member(message, int(first)), rest
    return None, words


async def _member(message: Message, user_id: int) -> User | None:
    """A member of the group by id (None when the group does not know them)."""
    try:
        member = await message.chat.get_member(user_id)
    except TelegramError:
        return None
    return None if member.user.is_bot else member.user


async def admin_command(inbound: Inbound, message: Message, actor: cmd.Actor,
                        place: Place) -> cmd.Command | None:
    """The host command of `/admin <tool> ...`; None: the words name no tool (usage)."""
    words, mentioned = _words_without_mentions(message)
    tool = words[0].lower() if words else ""
    if tool in CLOSE_WORDS:
        return cmd.AdminClose(actor, place)
    if tool in EXPORT_WORDS:
        return cmd.AdminExport(actor, place)
    if tool not in (*BEANS_WORDS, *BAR_WORDS, *UNBAR_WORDS):
        return None
    words = words[1:]
    if mentioned is not None:
        user: User | None = mentioned
    else:
        user, words = await read_target(inbound, message, words)
    target = UserRef(PLATFORM, str(user.id)) if user else None
    name = (user.full_name or str(user.id)) if user else ""
    if tool not in BEANS_WORDS:
        return cmd.AdminBar(actor, place, target=target, target_name=name,
                            barred=tool in BAR_WORDS, reason=" ".join(words))
    amount = amount_of(words[0]) if words else None
    reason = " ".join(words[1:]) if words else ""
    return cmd.AdminBeans(actor, place, target=target, target_name=name, amount=amount or 0,
                          reason=reason)
