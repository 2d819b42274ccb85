-- Replays that teach and the daily 残局 (PostgreSQL twin of ../0014_teaching.sql).
CREATE TABLE analyses (
    game_id   TEXT COLLATE "C" PRIMARY KEY REFERENCES games (game_id),
    status    TEXT NOT NULL CHECK (status IN ('pending', 'done', 'failed')),
    data      TEXT,
    at        DOUBLE PRECISION NOT NULL
);
CREATE TABLE puzzles (
    day  TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    data TEXT NOT NULL
);
CREATE TABLE puzzle_answers (
    community_id BIGINT NOT NULL REFERENCES communities (id),
    day          TEXT NOT NULL,
    player_id    BIGINT NOT NULL REFERENCES players (id),
    answer       TEXT NOT NULL,
    solved       INTEGER NOT NULL,
    at           DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (community_id, day, player_id)
);
