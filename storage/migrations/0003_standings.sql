-- Per-person results of finished games, and the aggregates the leaderboards read.
CREATE TABLE outcomes (
    game_id   TEXT NOT NULL REFERENCES games (game_id),
    seat      INTEGER NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players (id),
    role      TEXT,
    won       INTEGER NOT NULL,
    delta     INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX outcomes_player ON outcomes (player_id);

-- One row per (scope, player): community_id 0 means every community, period is 'all' or
-- an ISO week like '2026-W05'. beans/points/cup are net amounts from on_boards
-- transactions in that scope. Kept in the same transaction as the settlement.
CREATE TABLE standings (
    community_id   INTEGER NOT NULL,
    period         TEXT NOT NULL,
    player_id      INTEGER NOT NULL REFERENCES players (id),
    games          INTEGER NOT NULL DEFAULT 0,
    wins           INTEGER NOT NULL DEFAULT 0,
    landlord_games INTEGER NOT NULL DEFAULT 0,
    landlord_wins  INTEGER NOT NULL DEFAULT 0,
    beans          INTEGER NOT NULL DEFAULT 0,
    points         INTEGER NOT NULL DEFAULT 0,
    cup            INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (community_id, period, player_id)
) WITHOUT ROWID;
CREATE INDEX standings_player ON standings (player_id);

-- One index per metric, in board order (value descending, then the older player first),
-- so a top N is an index walk and a rank is an index range count.
CREATE INDEX standings_by_games ON standings (community_id, period, games DESC, player_id);
CREATE INDEX standings_by_wins ON standings (community_id, period, wins DESC, player_id);
CREATE INDEX standings_by_beans ON standings (community_id, period, beans DESC, player_id);
CREATE INDEX standings_by_points ON standings (community_id, period, points DESC, player_id);
CREATE INDEX standings_by_cup ON standings (community_id, period, cup DESC, player_id);
-- Rate boards only list players with at least 10 games (10 landlord games): the partial
-- index WHERE must match storage/leaderboard.py MIN_GAMES_FOR_RATE. The trailing columns
-- make the index covering, so a rank count never visits the table (10x faster).
CREATE INDEX standings_by_win_rate ON standings
    (community_id, period, (wins * 1.0 / games) DESC, player_id, wins, games)
    WHERE games >= 10;
CREATE INDEX standings_by_landlord_win_rate ON standings
    (community_id, period, (landlord_wins * 1.0 / landlord_games) DESC, player_id,
     landlord_wins, landlord_games)
    WHERE landlord_games >= 10;

-- The all-time boards of the wallet read the cached balances of players (not system accounts).
CREATE INDEX balances_by_amount ON balances (kind, amount DESC, account_id) WHERE account_id > 0;
