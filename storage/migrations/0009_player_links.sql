-- One person on several platforms. A player linked to another (linked_to) plays with that
-- one's wallet, record and leaderboard rows; their own account keeps its ledger history.
-- A link code, made by /link on one platform and typed on the other, proves both sides agree.
ALTER TABLE players ADD COLUMN linked_to INTEGER REFERENCES players (id);
CREATE TABLE link_codes (
    code       TEXT PRIMARY KEY,
    player_id  INTEGER NOT NULL UNIQUE REFERENCES players (id),
    expires_at REAL NOT NULL
) WITHOUT ROWID;
