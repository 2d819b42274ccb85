-- A skill rating (OpenSkill's Plackett-Luce: mean and uncertainty) per player, game and role
-- in the game's own words: 斗地主's landlord and farmer apart (with equal players the
-- landlord wins less than half his hands, so one rating would mislead), one per role of every
-- game that gives roles, role '' for a game that gives none (田忌赛马). Global, not per
-- community: a person has one skill. AI seats are never stored. Updated in the settling
-- transaction, once per game; `rating_history` keeps each rated game's new value (the chart).
CREATE TABLE ratings (
    player_id INTEGER NOT NULL REFERENCES players (id),
    game      TEXT NOT NULL,
    role      TEXT NOT NULL,
    mu        REAL NOT NULL,
    sigma     REAL NOT NULL,
    games     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (player_id, game, role)
) WITHOUT ROWID;
CREATE INDEX ratings_by_value ON ratings (game, role, (mu - 3 * sigma) DESC, player_id);
CREATE TABLE rating_history (
    game_id   TEXT NOT NULL REFERENCES games (game_id),
    player_id INTEGER NOT NULL REFERENCES players (id),
    game      TEXT NOT NULL,
    role      TEXT NOT NULL,
    mu        REAL NOT NULL,
    sigma     REAL NOT NULL,
    at        REAL NOT NULL,
    PRIMARY KEY (game_id, player_id)
) WITHOUT ROWID;
CREATE INDEX rating_history_player ON rating_history (player_id, at);
-- Hands a person's seat was carried by 托管 (the AI made most of its moves): counted, shown
-- in /me, and not rated.
ALTER TABLE standings ADD COLUMN carried INTEGER NOT NULL DEFAULT 0;
