-- Achievements per player, game and achievement, and the current run of wins in a role
-- (PostgreSQL twin of ../0013_achievements.sql).
CREATE TABLE achievements (
    player_id     BIGINT NOT NULL REFERENCES players (id),
    game          TEXT NOT NULL,
    achievement   TEXT NOT NULL,
    times         INTEGER NOT NULL DEFAULT 0,
    first_game_id TEXT NOT NULL,
    PRIMARY KEY (player_id, game, achievement)
);
ALTER TABLE role_standings ADD COLUMN streak INTEGER NOT NULL DEFAULT 0;
