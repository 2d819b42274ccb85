"""Card art on Discord: the hand as an attachment of the ephemeral panel, the bottom cards
and the result card attached to the channel's notes; the text always complete without them.

- The panel: the hand's picture is drawn (in a worker thread) as soon as the host hands the
  view over; a panel going out while it is ready carries it in the same request. A panel
  message keeps its attachment over edits; it is replaced (the edit lists the new file as
  its only attachment) only when the hand's cards changed, and a panel sent before its
  picture was ready gets it by one media edit. Never a picture in place of a prompt.
- The channel: the landlord's note carries the bottom cards, the result note the result
  card (one request, as the text note was), drawn from what the note carries
  (`Announcement.art`: the settled hand's result, the bottom as dealt), never from the
  room's table when it is sent. A refused or too large upload goes as text.
"""

from __future__ import annotations

import asyncio
import io
import logging
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

import discord

from bot.cards import format_pretty, parse_cards
from bot.host.views import Announcement, NoteArt, PrivateView, TableView
from bot.i18n import translate
from bot.pictures import Picture, Pictures

if TYPE_CHECKING:
    from adapters.discord.adapter import PanelSlot

log = logging.getLogger("adapters.discord")

MAX_UPLOAD = 10 * 1024 * 1024  # bytes a bot may attach to one message (no boosts)
TABLE_PICTURE = "pictures.table"  # the kind of the last play's picture (🖼 table)
Content = tuple[Any, ...]


def hand_content(view: PrivateView) -> Content | None:
    """What the hand picture of a view depicts (None: no picture for it)."""
    if not (view.pictures and view.hand and view.hand_id):
        return None
    return (tuple(sorted(view.hand)), tuple(sorted(view.marked)), view.game, view.groups,
            tuple(sorted(view.wild)))


def as_file(picture: Picture, name: str) -> discord.File:
    """A picture as an upload."""
    return discord.File(io.BytesIO(picture.png), filename=name)


class DiscordPictures:
    """The adapter's card art: drawn ahead in a thread, attached where it is due."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.renderer = Pictures()
        self.tables: dict[str, TableView] = {}  # the newest table view of each room (/table)
        self._drawn: dict[Content, Future[Picture]] = {}
        self._pool: ThreadPoolExecutor | None = None

    def close(self) -> None:
        """Stop the drawing thread."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def _submit(self, draw: Any, *args: Any, **kwargs: Any) -> Future[Picture]:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(1, thread_name_prefix="pictures")
        return self._pool.submit(draw, *args, **kwargs)

    # -- the panel -------------------------------------------------------------------------

    def prepare(self, view: PrivateView) -> Future[Picture] | None:
        """Start drawing the view's hand picture (once per content); its future."""
        content = hand_content(view) if self.enabled else None
        if content is None:
            return None
        found = self._drawn.get(content)
        if found is None:
            if len(self._drawn) > 256:  # old hands: the renderer's own cache still has them
                self._drawn = {k: f for k, f in self._drawn.items() if not f.done()}
            if view.groups:  # 田忌赛马, arranged: the three groups with their values
                found = self._submit(self.renderer.arrangement, view.groups, view.lang,
                                              view.game)
            else:
                found = self._submit(self.renderer.hand, view.hand, bottom=view.marked,
                                     game=view.game, wild=view.wild)
            self._drawn[content] = found
        return found

    def panel_files(self, slot: PanelSlot, view: PrivateView, *,
                    new_message: bool) -> list[discord.File] | None:
        """The attachments for a panel request: a list to set them, None to leave them be.

        Only a ready picture goes (a panel never waits for one); `slot.pictured` notes what
        the panel message shows once the request went through (`shown`), `slot.uploading`
        what another request is carrying to it now (an edit from the outbox and a press's
        answer may overlap: the picture goes with one of them)."""
        content = hand_content(view) if self.enabled else None
        if content is None or (not new_message and content in (slot.pictured,
                                                                slot.uploading)):
            return None
        future = self.prepare(view)
        if future is None or not future.done() or future.exception() is not None:
            return None
        picture = future.result()
        if len(picture.png) > MAX_UPLOAD:
            return None
        slot.uploading = content
        return [as_file(picture, f"hand-{view.room_id}.png")]

    @staticmethod
    def shown(slot: PanelSlot, view: PrivateView, files: list[discord.File] | None, *,
              new_message: bool) -> None:
        """Record what the panel message shows after a request with `files`."""
        if files:
            slot.pictured = hand_content(view)
            slot.uploading = None
        elif new_message:
            slot.pictured = None

    @staticmethod
    def not_shown(slot: PanelSlot, files: list[discord.File] | None) -> None:
        """A request with `files` failed: its picture is no longer on its way."""
        if files:
            slot.uploading = None

    def ready(self, view: PrivateView) -> bool:
        """The view's hand picture is drawn and may be attached."""
        future = self.prepare(view)
        return future is not None and future.done() and future.exception() is None \
            and len(future.result().png) <= MAX_UPLOAD

    async def wait_drawn(self, view: PrivateView) -> bool:
        """Wait (off the loop) until the view's picture is drawn; False if there is none."""
        future = self.prepare(view)
        if future is None:
            return False
        try:
            await asyncio.wrap_future(future)
        except Exception:
            log.exception("hand picture not drawn")
            return False
        return True

    # -- the channel -----------------------------------------------------------------------

    def table(self, view: TableView) -> None:
        """Remember the room's newest table (its bottom cards and result)."""
        held = self.tables.get(view.room_id)
        if held is None or view.counter >= held.counter:
            self.tables[view.room_id] = view

    def last_play_note(self, room_id: str) -> Announcement | None:
        """The note that carries the room's last play as a picture (None: nothing to show)."""
        view = self.tables.get(room_id)
        if not (self.enabled and view is not None and view.pictures and view.last_play):
            return None
        seat, cards = view.last_play
        name = view.seats[seat].name if 0 <= seat < len(view.seats) else "?"
        text = translate("pictures.last_play_caption", view.lang, player=name,
                         cards=format_pretty(parse_cards(" ".join(cards)), view.lang))
        return Announcement(view.room_id, view.place, view.lang, TABLE_PICTURE, text,
                            picture="table", art=NoteArt(tuple(cards), tuple(
                                c for c in cards if c in view.wild)))

    def takes(self, note: Announcement) -> bool:
        """Whether this note goes out with a picture attached."""
        return self.enabled and note.private_to is None and note.art is not None

    async def note_file(self, note: Announcement) -> discord.File | None:
        """The picture of a note (drawn in the thread), None if it could not be."""
        art = note.art
        assert art is not None
        try:
            if art.result is not None:
                future = self._submit(self.renderer.result, art.result, note.lang)
            else:
                title = "pictures.last_play" if note.picture == "table" else "pictures.bottom"
                future = self._submit(self.renderer.cards, art.cards, title, note.lang,
                                      art.wild)
            picture = await asyncio.wrap_future(future)
        except Exception:  # a drawing bug must not cost the note
            log.exception("room %s: picture for %s not drawn", note.room_id, note.kind)
            return None
        if len(picture.png) > MAX_UPLOAD:
            return None
        return as_file(picture, f"{note.kind.replace('.', '-')}.png")
