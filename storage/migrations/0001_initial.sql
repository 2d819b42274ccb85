-- Identities, live rooms and game records.
PRAGMA application_id = 1348561226;  -- 0x5061694A, "PaiJ": marks the file as ours

CREATE TABLE players (
    id           INTEGER PRIMARY KEY,
    platform     TEXT NOT NULL,
    user_id      TEXT NOT NULL,
    display_name TEXT NOT NULL,
    created_at   REAL NOT NULL,
    UNIQUE (platform, user_id)
);

CREATE TABLE communities (
    id          INTEGER PRIMARY KEY,
    platform    TEXT NOT NULL,
    external_id TEXT NOT NULL,
    name        TEXT NOT NULL DEFAULT '',
    UNIQUE (platform, external_id)
);

-- The latest snapshot of every running room (JSON); deleted when the room closes.
-- A rowid table: snapshots are kilobytes, too big for a WITHOUT ROWID b-tree.
CREATE TABLE rooms (
    room_id    TEXT PRIMARY KEY,
    snapshot   TEXT NOT NULL,
    updated_at REAL NOT NULL
);

-- Game records outlive their rooms, so room_id is not a foreign key.
-- seed is TEXT because engines may use seeds wider than SQLite's 64-bit integers.
CREATE TABLE games (
    game_id      TEXT PRIMARY KEY,
    room_id      TEXT NOT NULL,
    community_id INTEGER REFERENCES communities (id),
    game         TEXT NOT NULL,
    options      TEXT NOT NULL,
    seed         TEXT NOT NULL,
    seats        TEXT NOT NULL,
    stake        INTEGER NOT NULL,
    mode         TEXT NOT NULL,
    started_at   REAL NOT NULL,
    finished_at  REAL,
    result       TEXT
);
CREATE INDEX games_finished ON games (finished_at) WHERE finished_at IS NOT NULL;

CREATE TABLE game_actions (
    game_id TEXT NOT NULL REFERENCES games (game_id),
    idx     INTEGER NOT NULL,
    seat    INTEGER NOT NULL,
    action  TEXT NOT NULL,
    at      REAL NOT NULL,
    PRIMARY KEY (game_id, idx)
) WITHOUT ROWID;
