"""Announcements kept with a move until delivered: saved in the move's transaction, once per
key (saving the same move again keeps one), oldest first, forgotten once delivered."""

from __future__ import annotations

from storage import Storage
from storage.records import KeptAnnouncement


async def test_a_kept_announcement_is_saved_once_per_key_until_delivered(
        storage: Storage) -> None:
    first = KeptAnnouncement("g1:0:host.result", "room-1", '{"text": "🏁"}')
    second = KeptAnnouncement("g1:1:ddz.spring", "room-1", '{"text": "spring"}')
    await storage.save_room("room-1", {"n": 1}, announcements=[first, second])
    await storage.save_room("room-1", {"n": 1}, announcements=[first])  # a resave: no copy
    assert await storage.kept_announcements() == [first, second]
    await storage.announcement_delivered(first.key)
    assert await storage.kept_announcements() == [second]
    await storage.announcement_delivered(first.key)  # twice: nothing happens
    assert await storage.kept_announcements() == [second]
