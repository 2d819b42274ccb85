-- Skill ratings per player, game and role, their history, and hands carried by 托管
-- (PostgreSQL twin of ../0012_ratings.sql).
CREATE TABLE ratings (
    player_id BIGINT NOT NULL REFERENCES players (id),
    game      TEXT NOT NULL,
    role      TEXT NOT NULL,
    mu        DOUBLE PRECISION NOT NULL,
    sigma     DOUBLE PRECISION NOT NULL,
    games     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (player_id, game, role)
);
CREATE INDEX ratings_by_value ON ratings (game, role, (mu - 3 * sigma) DESC, player_id);
CREATE TABLE rating_history (
    game_id   TEXT COLLATE "C" NOT NULL REFERENCES games (game_id),
    player_id BIGINT NOT NULL REFERENCES players (id),
    game      TEXT NOT NULL,
    role      TEXT NOT NULL,
    mu        DOUBLE PRECISION NOT NULL,
    sigma     DOUBLE PRECISION NOT NULL,
    at        DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, player_id)
);
CREATE INDEX rating_history_player ON rating_history (player_id, at);
ALTER TABLE standings ADD COLUMN carried BIGINT NOT NULL DEFAULT 0;
