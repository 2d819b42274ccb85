"""The hand picture of a Discord panel goes with one request at a time: an edit from the
outbox and the answer to a press may be under way together for the same panel message, and
only one of them may carry the picture (the other would upload the same hand again)."""

from __future__ import annotations

from adapters.discord.adapter import PanelSlot
from adapters.discord.pictures import DiscordPictures
from bot.host.views import PrivateView, UserRef

HAND = ("3s", "3h", "7d", "Ts", "Qc", "Ah", "2s", "B")


def _view() -> PrivateView:
    return PrivateView("room1", 4, UserRef("discord", "1"), 0, "en", "doudizhu3", "",
                       HAND, "337TQA2B", pictures=True, hand_id="g1")


def test_a_picture_in_flight_is_not_sent_again_until_its_request_ends() -> None:
    pictures = DiscordPictures(True)
    try:
        view = _view()
        pictures.prepare(view).result(timeout=60)  # type: ignore[union-attr]
        slot = PanelSlot(view)
        first = pictures.panel_files(slot, view, new_message=False)
        assert first  # the first request carries the picture
        # A second request for the same message while the first is under way: no picture.
        assert pictures.panel_files(slot, view, new_message=False) is None
        # The first failed: the picture is no longer on its way, the next request takes it.
        pictures.not_shown(slot, first)
        again = pictures.panel_files(slot, view, new_message=False)
        assert again
        pictures.shown(slot, view, again, new_message=False)
        assert slot.uploading is None
        assert pictures.panel_files(slot, view, new_message=False) is None  # it is shown
        # A new panel message needs its own picture, even while the old one's is on its way.
        assert pictures.panel_files(slot, view, new_message=True)
    finally:
        pictures.close()
