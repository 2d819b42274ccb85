-- Announcements a game produced (its result, the events of its last move), kept in the same
-- transaction as the move until the platform took them: a SIGTERM or a crash before they
-- went out loses none, and they are sent after the restart. The key (game id, kind, index)
-- makes saving one twice a no-op, so a resend is never a second announcement.
CREATE TABLE kept_announcements (
    key TEXT PRIMARY KEY,
    room_id TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at REAL NOT NULL
);
