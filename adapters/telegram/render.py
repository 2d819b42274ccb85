"""Group-side rendering: the table message, announcements, deep links (HTML + keyboards)."""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from adapters.telegram.text import CHUNK, MENTION, bold, escape, mention, split_plain, utf16_len
from bot.host.views import Announcement, TableView
from bot.i18n import translate

TABLE_BUTTONS_PER_ROW = 4
MAX_MENTIONS = 50  # user links in one message (Telegram's; it notifies only the first few)
BELL = 3  # what " 🔔" adds to a message, in UTF-16 units

def table_message(view: TableView) -> tuple[str, InlineKeyboardMarkup | None]:
    """The table's HTML (title in bold) and its buttons."""
    title, _, rest = view.text.partition("\n")
    body = bold(title) + ("\n" + escape(rest) if rest else "")
    buttons = [InlineKeyboardButton(b.label, callback_data=b.payload)
               for b in view.buttons]
    rows = [buttons[i:i + TABLE_BUTTONS_PER_ROW]
            for i in range(0, len(buttons), TABLE_BUTTONS_PER_ROW)]
    return body, InlineKeyboardMarkup(rows) if rows else None


def note_texts(note: Announcement) -> list[str]:
    """An announcement as HTML messages: its text cut at line ends under the length limit
    (never clipped: a big competition's draw runs long), then a notifying link per person it
    concerns, at most MAX_MENTIONS in a message."""
    plain = split_plain(note.text)
    texts = [escape(piece) for piece in plain]
    bells = [mention(user.user_id, "🔔") for user in note.mentions]
    batches = [bells[i:i + MAX_MENTIONS] for i in range(0, len(bells), MAX_MENTIONS)]
    if batches and utf16_len(plain[-1]) + BELL * len(batches[0]) <= CHUNK:
        texts[-1] += " " + " ".join(batches.pop(0))
    texts += [" ".join(batch) for batch in batches]
    return texts


def mentions_in(html: str) -> int:
    """How many notifying links a message of ours holds."""
    return html.count(MENTION)


def deep_link(username: str, room_id: str) -> str:
    """The link that opens a private chat with the bot and tells it the room."""
    return f"https://t.me/{username}?start={room_id}"


def chat_link(username: str) -> str:
    """The link that opens a private chat with the bot (its Start button says hello)."""
    return f"https://t.me/{username}"


def deep_link_message(username: str, room_id: str, user_id: str, name: str,
                      lang: str) -> tuple[str, InlineKeyboardMarkup]:
    """The group message for a player the bot cannot reach privately yet."""
    text = translate("telegram.deep_link", lang, name="\x00")
    head, _, tail = text.partition("\x00")
    html = escape(head) + mention(user_id, name) + escape(tail)
    button = InlineKeyboardButton(translate("telegram.deep_link_button", lang),
                                  url=deep_link(username, room_id))
    return html, InlineKeyboardMarkup([[button]])
