-- Per-person results and leaderboard aggregates (PostgreSQL twin of ../0003_standings.sql).
CREATE TABLE outcomes (
    game_id   TEXT COLLATE "C" NOT NULL REFERENCES games (game_id),
    seat      INTEGER NOT NULL,
    player_id BIGINT NOT NULL REFERENCES players (id),
    role      TEXT,
    won       INTEGER NOT NULL,
    delta     BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX outcomes_player ON outcomes (player_id);

CREATE TABLE standings (
    community_id   BIGINT NOT NULL,
    period         TEXT NOT NULL,
    player_id      BIGINT NOT NULL REFERENCES players (id),
    games          BIGINT NOT NULL DEFAULT 0,
    wins           BIGINT NOT NULL DEFAULT 0,
    landlord_games BIGINT NOT NULL DEFAULT 0,
    landlord_wins  BIGINT NOT NULL DEFAULT 0,
    beans          BIGINT NOT NULL DEFAULT 0,
    points         BIGINT NOT NULL DEFAULT 0,
    cup            BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (community_id, period, player_id)
);
CREATE INDEX standings_player ON standings (player_id);

CREATE INDEX standings_by_games ON standings (community_id, period, games DESC, player_id);
CREATE INDEX standings_by_wins ON standings (community_id, period, wins DESC, player_id);
CREATE INDEX standings_by_beans ON standings (community_id, period, beans DESC, player_id);
CREATE INDEX standings_by_points ON standings (community_id, period, points DESC, player_id);
CREATE INDEX standings_by_cup ON standings (community_id, period, cup DESC, player_id);
-- The expressions match storage/leaderboard.py's PostgreSQL rates (double precision
-- division), and the WHERE its MIN_GAMES_FOR_RATE.
CREATE INDEX standings_by_win_rate ON standings
    (community_id, period, (wins::double precision / games) DESC, player_id)
    WHERE games >= 10;
CREATE INDEX standings_by_landlord_win_rate ON standings
    (community_id, period, (landlord_wins::double precision / landlord_games) DESC, player_id)
    WHERE landlord_games >= 10;

CREATE INDEX balances_by_amount ON balances (kind, amount DESC, account_id) WHERE account_id > 0;
