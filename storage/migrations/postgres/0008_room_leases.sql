-- Room leases (PostgreSQL twin of ../0008_room_leases.sql).
CREATE TABLE room_leases (
    room_id    TEXT COLLATE "C" PRIMARY KEY,
    owner      TEXT NOT NULL,
    expires_at DOUBLE PRECISION NOT NULL
);
CREATE INDEX room_leases_owner ON room_leases (owner);
