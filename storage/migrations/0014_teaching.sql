-- Replays that teach and the daily 残局 (issue 40).
-- `analyses`: the strong AI's rating of each decision people made in a finished game,
-- computed once off the event loop. A row is claimed ('pending', with the time of the
-- claim) before the work starts, so two requests never compute it twice; 'done' keeps
-- the result (JSON), 'failed' the reason. A claim older than the web's limit is stale
-- (its process died) and may be taken over.
CREATE TABLE analyses (
    game_id   TEXT PRIMARY KEY REFERENCES games (game_id),
    status    TEXT NOT NULL CHECK (status IN ('pending', 'done', 'failed')),
    data      TEXT,
    at        REAL NOT NULL
) WITHOUT ROWID;
-- The day's puzzle (one for every group, by the storage's day), kept once generated.
CREATE TABLE puzzles (
    day  TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    data TEXT NOT NULL
) WITHOUT ROWID;
-- One answer per person, group and day (the first counts).
CREATE TABLE puzzle_answers (
    community_id INTEGER NOT NULL REFERENCES communities (id),
    day          TEXT NOT NULL,
    player_id    INTEGER NOT NULL REFERENCES players (id),
    answer       TEXT NOT NULL,
    solved       INTEGER NOT NULL,
    at           REAL NOT NULL,
    PRIMARY KEY (community_id, day, player_id)
) WITHOUT ROWID;
