-- Seasons (PostgreSQL twin of ../0006_seasons.sql): the season rows of games and transfers
-- booked before this migration, rebuilt from the outcomes and the ledger (months in UTC).
INSERT INTO standings (community_id, period, player_id, games, wins, landlord_games, landlord_wins)
SELECT scope, season, player_id, COUNT(*), SUM(won),
       SUM(CASE WHEN role = 'landlord' THEN 1 ELSE 0 END),
       SUM(CASE WHEN role = 'landlord' AND won = 1 THEN 1 ELSE 0 END)
FROM (
    SELECT 0 AS scope, to_char(to_timestamp(g.finished_at) AT TIME ZONE 'UTC', 'YYYY-MM') AS season,
           o.player_id, o.won, o.role
    FROM outcomes o JOIN games g USING (game_id) WHERE g.finished_at IS NOT NULL
    UNION ALL
    SELECT g.community_id, to_char(to_timestamp(g.finished_at) AT TIME ZONE 'UTC', 'YYYY-MM'),
           o.player_id, o.won, o.role
    FROM outcomes o JOIN games g USING (game_id)
    WHERE g.finished_at IS NOT NULL AND g.community_id IS NOT NULL
) AS played
GROUP BY scope, season, player_id;

INSERT INTO standings (community_id, period, player_id, beans, points, cup)
SELECT scope, season, account_id,
       SUM(CASE kind WHEN 'beans' THEN amount ELSE 0 END),
       SUM(CASE kind WHEN 'points' THEN amount ELSE 0 END),
       SUM(CASE kind WHEN 'cup' THEN amount ELSE 0 END)
FROM (
    SELECT 0 AS scope, to_char(to_timestamp(t.at) AT TIME ZONE 'UTC', 'YYYY-MM') AS season,
           e.account_id, e.kind, e.amount
    FROM ledger_entries e JOIN ledger_txns t ON t.id = e.txn_id
    WHERE t.on_boards = 1 AND e.account_id > 0
    UNION ALL
    SELECT t.community_id, to_char(to_timestamp(t.at) AT TIME ZONE 'UTC', 'YYYY-MM'),
           e.account_id, e.kind, e.amount
    FROM ledger_entries e JOIN ledger_txns t ON t.id = e.txn_id
    WHERE t.on_boards = 1 AND e.account_id > 0 AND t.community_id IS NOT NULL
) AS booked
GROUP BY scope, season, account_id
ON CONFLICT (community_id, period, player_id) DO UPDATE SET
    beans = standings.beans + excluded.beans, points = standings.points + excluded.points,
    cup = standings.cup + excluded.cup;
