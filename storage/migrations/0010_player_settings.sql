-- Settings a player keeps for the tables they open (the console's `settings stake=50`):
-- game '' holds those of every game (stake, mode, lang), a game's name its rule options.
CREATE TABLE player_settings (
    player_id INTEGER NOT NULL REFERENCES players (id),
    game      TEXT NOT NULL,
    name      TEXT NOT NULL,
    value     TEXT NOT NULL,
    PRIMARY KEY (player_id, game, name)
) WITHOUT ROWID;
