-- Seasons (monthly by default): standings rows whose period is a season's first month
-- ("2026-12"), added to in the settling transaction like the weekly rows (storage/standings.py).
-- A season's rows stop changing when it ends: its frozen standings. The rows of games and
-- transfers booked before this migration are rebuilt here from the outcomes and the ledger
-- (monthly seasons, months counted in UTC).
INSERT INTO standings (community_id, period, player_id, games, wins, landlord_games, landlord_wins)
SELECT scope, season, player_id, COUNT(*), SUM(won), SUM(role = 'landlord'),
       SUM(role = 'landlord' AND won)
FROM (
    SELECT 0 AS scope, strftime('%Y-%m', g.finished_at, 'unixepoch') AS season,
           o.player_id, o.won, o.role
    FROM outcomes o JOIN games g USING (game_id) WHERE g.finished_at IS NOT NULL
    UNION ALL
    SELECT g.community_id, strftime('%Y-%m', g.finished_at, 'unixepoch'),
           o.player_id, o.won, o.role
    FROM outcomes o JOIN games g USING (game_id)
    WHERE g.finished_at IS NOT NULL AND g.community_id IS NOT NULL
)
GROUP BY scope, season, player_id;

INSERT INTO standings (community_id, period, player_id, beans, points, cup)
SELECT scope, season, account_id,
       SUM(CASE kind WHEN 'beans' THEN amount ELSE 0 END),
       SUM(CASE kind WHEN 'points' THEN amount ELSE 0 END),
       SUM(CASE kind WHEN 'cup' THEN amount ELSE 0 END)
FROM (
    SELECT 0 AS scope, strftime('%Y-%m', t.at, 'unixepoch') AS season,
           e.account_id, e.kind, e.amount
    FROM ledger_entries e JOIN ledger_txns t ON t.id = e.txn_id
    WHERE t.on_boards = 1 AND e.account_id > 0
    UNION ALL
    SELECT t.community_id, strftime('%Y-%m', t.at, 'unixepoch'), e.account_id, e.kind, e.amount
    FROM ledger_entries e JOIN ledger_txns t ON t.id = e.txn_id
    WHERE t.on_boards = 1 AND e.account_id > 0 AND t.community_id IS NOT NULL
)
WHERE true
GROUP BY scope, season, account_id
ON CONFLICT (community_id, period, player_id) DO UPDATE SET
    beans = beans + excluded.beans, points = points + excluded.points, cup = cup + excluded.cup;
