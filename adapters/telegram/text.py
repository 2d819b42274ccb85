"""Telegram text: HTML escaping, mentions, and the size limits of messages and alerts.

Every text the host renders is plain; we send HTML (the simplest mode to escape correctly:
only `& < >`), so player names may contain anything.
"""

from __future__ import annotations

import html

MAX_MESSAGE = 4096  # characters (UTF-16 code units) of a message after entity parsing
CHUNK = 3900  # what we aim for, leaving room for a bold title or a mention
MAX_ALERT = 200  # answerCallbackQuery text


def escape(text: str) -> str:
    """Plain text made safe for parse_mode=HTML."""
    return html.escape(text, quote=False)


def bold(text: str) -> str:
    """Plain text, escaped and bold."""
    return f"<b>{escape(text)}</b>"


MENTION = '<a href="tg://user?id='


def mention(user_id: str | int, label: str) -> str:
    """A link that notifies the user (works without a username)."""
    return f'{MENTION}{int(user_id)}">{escape(label)}</a>'


def utf16_len(text: str) -> int:
    """Length as Telegram counts it."""
    return len(text.encode("utf-16-le")) // 2


def split_plain(text: str, limit: int = CHUNK) -> list[str]:
    """Plain text cut into pieces under `limit`, at line breaks where possible."""
    pieces: list[str] = []
    current = ""
    for line in text.split("\n"):
        while utf16_len(line) > limit:  # one huge line: cut it hard
            head = clip(line, limit, ellipsis="")
            if current:
                pieces.append(current)
                current = ""
            pieces.append(head)
            line = line[len(head):]
        candidate = f"{current}\n{line}" if current else line
        if utf16_len(candidate) > limit:
            pieces.append(current)
            current = line
        else:
            current = candidate
    if current.strip() or not pieces:
        pieces.append(current)
    return [p for p in pieces if p.strip()] or [text[:1] or "…"]


def clip(text: str, limit: int, ellipsis: str = "…") -> str:
    """`text` shortened to at most `limit` UTF-16 units (for texts that cannot be split)."""
    if utf16_len(text) <= limit:
        return text
    budget = limit - utf16_len(ellipsis)
    out = []
    used = 0
    for char in text:
        size = utf16_len(char)
        if used + size > budget:
            break
        out.append(char)
        used += size
    return "".join(out) + ellipsis


def alert(text: str) -> str:
    """A callback answer text within Telegram's 200 characters."""
    return clip(text.strip(), MAX_ALERT)
