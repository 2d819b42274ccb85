-- Achievements in each game's own words (斗地主's 春天 / 反春 / 连炸 / the landlord's streak,
-- 田忌赛马's 通杀): which game awards what is the game's (its record's `achievements` and
-- `streaks`); kept here per player, game and achievement with how often and the first game.
-- `role_standings.streak` is the current run of wins in a role (all time), for the streaks.
CREATE TABLE achievements (
    player_id     INTEGER NOT NULL REFERENCES players (id),
    game          TEXT NOT NULL,
    achievement   TEXT NOT NULL,
    times         INTEGER NOT NULL DEFAULT 0,
    first_game_id TEXT NOT NULL,
    PRIMARY KEY (player_id, game, achievement)
) WITHOUT ROWID;
ALTER TABLE role_standings ADD COLUMN streak INTEGER NOT NULL DEFAULT 0;
