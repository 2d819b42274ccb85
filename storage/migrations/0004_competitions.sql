-- Competitions (比赛): one row per competition, its whole state as JSON (bot.tournament).
-- The place columns find the competition of a channel; phase finds the live ones on start.
CREATE TABLE competitions (
    id           INTEGER PRIMARY KEY,
    platform     TEXT NOT NULL,
    channel      TEXT NOT NULL,
    thread       TEXT NOT NULL DEFAULT '',
    community_id INTEGER REFERENCES communities (id),
    phase        TEXT NOT NULL,
    state        TEXT NOT NULL,
    created_at   REAL NOT NULL,
    updated_at   REAL NOT NULL
);
CREATE INDEX competitions_live ON competitions (phase) WHERE phase IN ('signup', 'running');
CREATE INDEX competitions_place ON competitions (platform, channel, thread, id);

-- The role (a Discord role id) whose members may organise competitions in a community,
-- as named by its admins; admins always may.
CREATE TABLE cup_organisers (
    community_id INTEGER PRIMARY KEY REFERENCES communities (id),
    role         TEXT NOT NULL
);
