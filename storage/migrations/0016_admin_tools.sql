-- An admin's tools in the chat (issue 57): every use audited, and who is barred where.
-- admin_log: one row per use (a bean adjustment names its ledger transaction by key
-- `admin:<id>`); target and amount are empty where the action has none (an export).
CREATE TABLE admin_log (
    id           INTEGER PRIMARY KEY,
    community_id INTEGER NOT NULL REFERENCES communities (id),
    admin_id     INTEGER NOT NULL REFERENCES players (id),
    action       TEXT NOT NULL,
    target_id    INTEGER REFERENCES players (id),
    amount       INTEGER,
    reason       TEXT NOT NULL DEFAULT '',
    at           REAL NOT NULL
);
CREATE INDEX admin_log_community ON admin_log (community_id, at);
CREATE INDEX admin_log_target ON admin_log (target_id, at);
-- A barred person is refused a seat at the community's tables until unbarred.
CREATE TABLE barred (
    community_id INTEGER NOT NULL REFERENCES communities (id),
    player_id    INTEGER NOT NULL REFERENCES players (id),
    by_id        INTEGER NOT NULL REFERENCES players (id),
    reason       TEXT NOT NULL DEFAULT '',
    at           REAL NOT NULL,
    PRIMARY KEY (community_id, player_id)
) WITHOUT ROWID;
-- The role (a Discord role id) whose members may use the admin tools besides the admins.
CREATE TABLE admin_roles (
    community_id INTEGER PRIMARY KEY REFERENCES communities (id),
    role         TEXT NOT NULL,
    by_id        INTEGER NOT NULL REFERENCES players (id),
    at           REAL NOT NULL
);
