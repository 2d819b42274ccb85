-- Room leases: which bot process owns a room until when (epoch seconds), renewed by its
-- heartbeat. A process acts on a room only while it holds the room's lease; a lease that
-- expired (its process died) is taken over by another process, which loads the saved room.
CREATE TABLE room_leases (
    room_id    TEXT PRIMARY KEY,
    owner      TEXT NOT NULL,
    expires_at REAL NOT NULL
) WITHOUT ROWID;
CREATE INDEX room_leases_owner ON room_leases (owner);
