-- Each player's games and wins per game and role (PostgreSQL twin of
-- ../0011_role_standings.sql).
CREATE TABLE role_standings (
    community_id BIGINT NOT NULL,
    player_id    BIGINT NOT NULL REFERENCES players (id),
    game         TEXT NOT NULL,
    role         TEXT NOT NULL,
    games        INTEGER NOT NULL DEFAULT 0,
    wins         INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (community_id, player_id, game, role)
);
INSERT INTO role_standings (community_id, player_id, game, role, games, wins)
SELECT 0, o.player_id, g.game, o.role, COUNT(*), SUM(o.won)
FROM outcomes o JOIN games g ON g.game_id = o.game_id
WHERE o.role IS NOT NULL
GROUP BY o.player_id, g.game, o.role;
INSERT INTO role_standings (community_id, player_id, game, role, games, wins)
SELECT g.community_id, o.player_id, g.game, o.role, COUNT(*), SUM(o.won)
FROM outcomes o JOIN games g ON g.game_id = o.game_id
WHERE o.role IS NOT NULL AND g.community_id IS NOT NULL
GROUP BY g.community_id, o.player_id, g.game, o.role;
