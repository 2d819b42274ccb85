"""Card art on Telegram: the private hand as a photo, the bottom cards and the result card in
the group, each falling back to the text view that always goes out complete on its own.

- The hand: one `sendPhoto` in the private chat per hand (its game id), then
  `editMessageMedia` only when the cards change (a play, the bottom cards taken) or the
  player flips the order with the ⇅ button under it (big→small ⇄ small→big); never a new
  photo per move. It queues behind the panel in the player's lane, so it never delays a
  prompt.
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
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, InputMediaPhoto
from telegram.constants import ParseMode
from telegram.error import BadRequest, ChatMigrated, Forbidden, RetryAfter, TelegramError

from adapters.common.outbox import Kind
from adapters.telegram.calls import message_gone, not_modified
from adapters.telegram.text import utf16_len
from bot.cards import format_pretty, parse_cards
from bot.host.payload import encode_payload
from bot.host.views import Announcement, NoteArt, PrivateView, TableView
from bot.i18n import translate
from bot.pictures import Picture, Pictures

if TYPE_CHECKING:
    from adapters.telegram.adapter import TelegramAdapter

log = logging.getLogger(__name__)

MAX_PHOTO_BYTES = 10 * 1024 * 1024  # Bot API: photos up to 10 MB
MAX_CAPTION = 1024  # Bot API: caption characters after entity parsing
TABLE_PICTURE = "pictures.table"  # the kind of the last play's picture (🖼 table)
FLIP_ORDER = "~o"  # the button under the hand's photo: big→small ⇄ small→big
ORDERS = ("down", "up")  # big → small (the default), small → big


@dataclass(slots=True)
class HandPhoto:
    """The photo of one player's hand at one room."""

    want: PrivateView | None = None  # the newest view whose hand should be shown
    message_id: int | None = None
    hand_id: str = ""  # the hand the photo shows (a new hand gets a new photo)
    shown: tuple[Any, ...] = ()  # the content it shows


def _content(view: PrivateView, order: str) -> tuple[Any, ...]:
    """What the photo shows (the order only where it changes the picture: one card, or
    only one kind of card, looks the same either way: no edit that changes nothing)."""
    shown_order = order if len(set(view.hand)) > 1 and not view.groups else ""
    return (tuple(sorted(view.hand)), tuple(sorted(view.marked)), view.game, shown_order,
            view.groups, tuple(sorted(view.wild)))


class TelegramPictures:
    """The adapter's card art: what to draw, when, and where it goes."""

    def __init__(self, adapter: TelegramAdapter) -> None:
        self.adapter = adapter
        self.enabled = adapter.settings.pictures
        self.renderer = Pictures()
        self.hands: dict[tuple[int, str], HandPhoto] = {}
        self.orders: dict[int, str] = {}  # user id → how they sort their hand's picture
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

    # -- the private hand ------------------------------------------------------------------

    def private(self, view: PrivateView) -> None:
        """After the panel is queued: queue the hand's photo if it shows other cards."""
        user_id = int(view.user.user_id)
        if not (self.enabled and view.pictures and view.hand and view.hand_id) \
                or self.adapter.reachable.get(user_id) is False:
            return
        key = (user_id, view.room_id)
        slot = self.hands.setdefault(key, HandPhoto())
        if slot.want is not None and view.counter < slot.want.counter:
            return
        slot.want = view
        if slot.hand_id == view.hand_id and slot.shown == _content(view, self._order(user_id)):
            return
        self.adapter.outbox.push(user_id, ("photo", view.room_id), key, self._run_hand)

    def _order(self, user_id: int) -> str:
        return self.orders.get(user_id, ORDERS[0])

    def flip(self, user_id: int, room_id: str) -> bool:
        """The player pressed ⇅ under their hand: sort it the other way (False: no photo)."""
        slot = self.hands.get((user_id, room_id))
        if slot is None or slot.want is None:
            return False
        now = self._order(user_id)
        self.orders[user_id] = ORDERS[1 - ORDERS.index(now)]
        self.adapter.outbox.push(user_id, ("photo", room_id), (user_id, room_id),
                                 self._run_hand)
        return True

    def _markup(self, view: PrivateView, order: str) -> InlineKeyboardMarkup:
        key = "pictures.sort_up" if order == "down" else "pictures.sort_down"
        return InlineKeyboardMarkup([[InlineKeyboardButton(
            translate(key, view.lang), callback_data=encode_payload(view.room_id, 0,
                                                                    FLIP_ORDER))]])

    async def _run_hand(self, key: tuple[int, str]) -> None:
        slot = self.hands.get(key)
        view = slot.want if slot is not None else None
        if slot is None or view is None:
            return
        user_id = key[0]
        order = self._order(user_id)
        content = _content(view, order)
        if slot.hand_id == view.hand_id and slot.shown == content:
            return
        if view.groups:  # 田忌赛马, arranged: the three groups with their values
            picture = await self._draw(self.renderer.arrangement, view.groups, view.lang,
                                              view.game)
        else:
            picture = await self._draw(self.renderer.hand, view.hand, order=order,
                                       bottom=view.marked, game=view.game, wild=view.wild)
        markup = self._markup(view, order)
        if len(picture.png) > MAX_PHOTO_BYTES:
            log.warning("hand picture of %d bytes: too large to send", len(picture.png))
            return
        bot = self.adapter.application.bot
        name = f"hand-{view.room_id}.png"
        try:
            if slot.message_id is not None and slot.hand_id == view.hand_id:
                try:
                    await bot.edit_message_media(
                        InputMediaPhoto(picture.png, filename=name), chat_id=user_id,
                        message_id=slot.message_id, reply_markup=markup)
                    slot.shown = content
                    return
                except BadRequest as error:
                    if not_modified(error):
                        slot.shown = content
                        return
                    if not message_gone(error):
                        raise
            old = slot.message_id
            sent = await bot.send_photo(user_id, picture.png, filename=name,
                                        reply_markup=markup)
            if old is not None:  # the last hand's photo: its ⇅ no longer applies
                await self.adapter.strip_keyboard(user_id, old)
        except (BadRequest, Forbidden, RetryAfter, TelegramError) as error:
            # The panel's text shows the whole hand: a photo that did not go is no loss.
            log.info("hand picture for %s not sent: %s", user_id, error)
            return
        slot.message_id, slot.hand_id, slot.shown = sent.message_id, view.hand_id, content

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
