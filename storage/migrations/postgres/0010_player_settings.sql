-- Settings a player keeps (PostgreSQL twin of ../0010_player_settings.sql).
CREATE TABLE player_settings (
    player_id BIGINT NOT NULL REFERENCES players (id),
    game      TEXT NOT NULL,
    name      TEXT NOT NULL,
    value     TEXT NOT NULL,
    PRIMARY KEY (player_id, game, name)
);
