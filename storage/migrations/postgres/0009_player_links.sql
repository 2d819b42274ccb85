-- One person on several platforms (PostgreSQL twin of ../0009_player_links.sql).
ALTER TABLE players ADD COLUMN linked_to BIGINT REFERENCES players (id);
CREATE TABLE link_codes (
    code       TEXT PRIMARY KEY,
    player_id  BIGINT NOT NULL UNIQUE REFERENCES players (id),
    expires_at DOUBLE PRECISION NOT NULL
);
