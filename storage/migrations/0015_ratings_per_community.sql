-- Ratings kept per community as well as overall (issue 52): a community's pages show the
-- skill its members showed there; community_id 0 is the overall rating (global pages).
-- The ratings rated so far become the overall ones; a community's start with the next hand
-- played there (the model reads only what happened at its own tables).
CREATE TABLE ratings_scoped (
    player_id    INTEGER NOT NULL REFERENCES players (id),
    community_id INTEGER NOT NULL DEFAULT 0,
    game         TEXT NOT NULL,
    role         TEXT NOT NULL,
    mu           REAL NOT NULL,
    sigma        REAL NOT NULL,
    games        INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (player_id, community_id, game, role)
) WITHOUT ROWID;
INSERT INTO ratings_scoped (player_id, community_id, game, role, mu, sigma, games)
    SELECT player_id, 0, game, role, mu, sigma, games FROM ratings;
DROP TABLE ratings;
ALTER TABLE ratings_scoped RENAME TO ratings;
CREATE INDEX ratings_by_value ON ratings (community_id, (mu - 3 * sigma) DESC, player_id);
CREATE TABLE rating_history_scoped (
    game_id      TEXT NOT NULL REFERENCES games (game_id),
    player_id    INTEGER NOT NULL REFERENCES players (id),
    community_id INTEGER NOT NULL DEFAULT 0,
    game         TEXT NOT NULL,
    role         TEXT NOT NULL,
    mu           REAL NOT NULL,
    sigma        REAL NOT NULL,
    at           REAL NOT NULL,
    PRIMARY KEY (game_id, player_id, community_id)
) WITHOUT ROWID;
INSERT INTO rating_history_scoped (game_id, player_id, community_id, game, role, mu, sigma, at)
    SELECT game_id, player_id, 0, game, role, mu, sigma, at FROM rating_history;
DROP TABLE rating_history;
ALTER TABLE rating_history_scoped RENAME TO rating_history;
CREATE INDEX rating_history_player ON rating_history (player_id, community_id, at);
