-- Announcements kept until delivered (PostgreSQL twin of ../0007_kept_announcements.sql).
CREATE TABLE kept_announcements (
    key        TEXT COLLATE "C" PRIMARY KEY,
    room_id    TEXT NOT NULL,
    body       TEXT NOT NULL,
    created_at DOUBLE PRECISION NOT NULL
);
