"""Card art on Telegram: the private hand as the panel's photo, the bottom cards and the
result card in the group, each falling back to the text view that always goes out complete.

- The hand: with pictures on, a player's panel *is* a photo of their hand, with the panel's
  text as its caption and its buttons under it (⇅ Sort among them turns the photo with the
  text: big→small ⇄ small→big, the player's own order). So
  a new prompt costs one call, as a text panel did: no photo of its own and no edit of it
  after each play. An edit changes the caption alone while the cards are the same, the
  photo with it (`editMessageMedia`, still one call) when they changed; a picture already
  uploaded is sent again by its file id. A caption too long for Telegram (1,024) makes a
  text panel instead.
- The group: the landlord's note goes out as a photo of the bottom cards, the result note as
  the result card, each with the note's text as its caption (one request, as the text note
  was), drawn from what the note carries (`Announcement.art`: the settled hand's result,
  the bottom as dealt), never from the room's table when it is sent. A refused, too large
  or rate-limited photo sends the text note instead.

Pictures are drawn in a worker thread (Pillow releases the GIL while it encodes), never on
the event loop.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import TYPE_CHECKING, Any

from telegram import Message
from telegram.constants import ParseMode
from telegram.error import BadRequest, ChatMigrated, Forbidden, RetryAfter, TelegramError

from adapters.common.outbox import Kind
from adapters.telegram.text import utf16_len
from bot.cards import format_pretty, parse_cards
from bot.host.views import Announcement, NoteArt, PrivateView, TableView
from bot.i18n import translate
from bot.pictures import Picture, Pictures

if TYPE_CHECKING:
    from adapters.telegram.adapter import TelegramAdapter

log = logging.getLogger(__name__)

MAX_PHOTO_BYTES = 10 * 1024 * 1024  # Bot API: photos up to 10 MB
MAX_CAPTION = 1024  # Bot API: caption characters after entity parsing
TABLE_PICTURE = "pictures.table"  # the kind of the last play's picture (🖼 table)
FLIP_ORDER = "~o"  # a button under hand photos before they were panels: answered as stale
FILE_IDS_KEPT = 4096  # uploaded pictures remembered by content (sent again by file id)
Content = tuple[Any, ...]


def _content(view: PrivateView) -> Content:
    """What the photo shows (the order only where it changes the picture: one card, or
    only one kind of card, looks the same either way: no edit that changes nothing)."""
    shown_order = (view.order or "down") if len(set(view.hand)) > 1 and not view.groups \
        else ""
    return (tuple(sorted(view.hand)), tuple(sorted(view.marked)), view.game, shown_order,
            view.groups, tuple(sorted(view.wild)))


class TelegramPictures:
    """The adapter's card art: what to draw, when, and where it goes."""

    def __init__(self, adapter: TelegramAdapter) -> None:
        self.adapter = adapter
        self.enabled = adapter.settings.pictures
        self.renderer = Pictures()
        self.file_ids: dict[Content, str] = {}  # a picture uploaded once, by its content
        self._pool: ThreadPoolExecutor | None = None

    def close(self) -> None:
        """Stop the drawing thread."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    async def _draw(self, draw: Any, *args: Any, **kwargs: Any) -> Picture:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(1, thread_name_prefix="pictures")
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, partial(draw, *args, **kwargs))

    # -- the private hand: the panel's photo ---------------------------------------------

    def panel_content(self, view: PrivateView, caption: str) -> Content | None:
        """What the panel's photo shows (None: a text panel: pictures off, no cards, or a
        caption too long for a photo)."""
        if not (self.enabled and view.pictures and view.hand and view.hand_id) \
                or utf16_len(caption) > MAX_CAPTION:
            return None
        return _content(view)

    async def photo(self, view: PrivateView, content: Content) -> str | bytes | None:
        """The panel's picture: its file id if it went up before, else the PNG (None: it
        could not be drawn, or is too large)."""
        known = self.file_ids.get(content)
        if known is not None:
            return known
        try:
            if view.groups:  # 田忌赛马, arranged: the three groups with their values
                picture = await self._draw(self.renderer.arrangement, view.groups, view.lang,
                                           view.game)
            else:
                picture = await self._draw(self.renderer.hand, view.hand, order=content[3]
                                           or "down", bottom=view.marked, game=view.game,
                                           wild=view.wild)
        except Exception:  # a drawing bug must not cost the panel: it goes as text
            log.exception("hand picture not drawn")
            return None
        if len(picture.png) > MAX_PHOTO_BYTES:
            log.warning("hand picture of %d bytes: too large to send", len(picture.png))
            return None
        return picture.png

    def uploaded(self, content: Content, message: Message) -> None:
        """Remember the file id of a picture Telegram took (next time: sent by its id)."""
        if message.photo:
            if len(self.file_ids) >= FILE_IDS_KEPT:
                self.file_ids.clear()
            self.file_ids[content] = message.photo[-1].file_id

    # -- the group -------------------------------------------------------------------------

    def last_play(self, view: TableView) -> None:
        """On request (/table): the last play as a picture under the table, if any (an
        answer to the asker, ahead of the group's log and table)."""
        if not (self.enabled and view.pictures and view.last_play):
            return
        seat, cards = view.last_play
        name = view.seats[seat].name if 0 <= seat < len(view.seats) else "?"
        text = translate("pictures.last_play_caption", view.lang, player=name,
                         cards=format_pretty(parse_cards(" ".join(cards)), view.lang))
        note = Announcement(view.room_id, view.place, view.lang, TABLE_PICTURE, text,
                            picture="table", art=NoteArt(tuple(cards), tuple(
                                c for c in cards if c in view.wild)))
        place = (int(view.place.channel), int(view.place.thread) if view.place.thread else None)
        self.adapter.outbox.push(place[0], None, (place, note), self._run_last_play,
                                 kind=Kind.REPLY)

    async def _run_last_play(self, job: tuple[tuple[int, int | None], Announcement]) -> bool:
        place, note = job
        return await self.run_note(place, note, [note.text])

    def takes(self, note: Announcement) -> bool:
        """Whether this note goes out as a picture with its text as the caption."""
        return self.enabled and note.private_to is None and note.art is not None

    async def run_note(self, place: tuple[int, int | None], note: Announcement,
                       texts: list[str]) -> bool:
        """Inside the group's lane: a note as a photo with `texts` as its caption; the texts
        alone if the photo will not go. Whether Telegram took it (a kept result that was not
        taken is sent again after a restart)."""
        chat_id, thread = place
        art = note.art
        assert art is not None
        caption = "\n".join(texts)
        fits = utf16_len(caption) <= MAX_CAPTION
        try:
            if art.result is not None:
                picture = await self._draw(self.renderer.result, art.result, note.lang)
            else:
                title = "pictures.last_play" if note.picture == "table" else "pictures.bottom"
                picture = await self._draw(self.renderer.cards, art.cards, title, note.lang,
                                           art.wild)
        except Exception:  # a drawing bug must not cost the note
            log.exception("room %s: picture for %s not drawn", note.room_id, note.kind)
            picture = None
        if picture is not None and len(picture.png) <= MAX_PHOTO_BYTES:
            bot = self.adapter.application.bot
            try:
                await bot.send_photo(
                    self.adapter.chat_now(chat_id), picture.png,
                    caption=caption if fits else None, parse_mode=ParseMode.HTML,
                    message_thread_id=thread, filename=f"{note.kind}.png")
                if fits:
                    return True
                self.adapter.outbox.charge(chat_id)  # the caption follows as text
            except ChatMigrated as error:
                self.adapter.chat_moved(chat_id, error.new_chat_id)
                self.adapter.outbox.charge(chat_id)
            except (BadRequest, Forbidden, RetryAfter, TelegramError) as error:
                log.info("room %s: picture for %s refused (%s): the text goes instead",
                         note.room_id, note.kind, error)
                self.adapter.outbox.charge(chat_id)
        return await self.adapter.send_texts(chat_id, texts, thread=thread)
