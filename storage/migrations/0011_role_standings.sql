-- Each player's games and wins per game and per role in the game's own words (doudizhu3
-- landlord / farmer, dabangzi dealer / attacker, ...), all time, overall (community 0) and
-- per community: `/me` and the player pages read them, whatever the game. Kept in the
-- settling transaction; filled here from the outcomes recorded so far.
CREATE TABLE role_standings (
    community_id INTEGER NOT NULL,
    player_id    INTEGER NOT NULL REFERENCES players (id),
    game         TEXT NOT NULL,
    role         TEXT NOT NULL,
    games        INTEGER NOT NULL DEFAULT 0,
    wins         INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (community_id, player_id, game, role)
) WITHOUT ROWID;
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
