-- Ratings per community as well as overall (PostgreSQL twin of ../0015_ratings_per_community.sql):
-- community_id 0 is the overall rating; the ratings so far become the overall ones.
ALTER TABLE ratings ADD COLUMN community_id BIGINT NOT NULL DEFAULT 0;
ALTER TABLE ratings DROP CONSTRAINT ratings_pkey;
ALTER TABLE ratings ADD PRIMARY KEY (player_id, community_id, game, role);
DROP INDEX ratings_by_value;
CREATE INDEX ratings_by_value ON ratings (community_id, (mu - 3 * sigma) DESC, player_id);
ALTER TABLE rating_history ADD COLUMN community_id BIGINT NOT NULL DEFAULT 0;
ALTER TABLE rating_history DROP CONSTRAINT rating_history_pkey;
ALTER TABLE rating_history ADD PRIMARY KEY (game_id, player_id, community_id);
DROP INDEX rating_history_player;
CREATE INDEX rating_history_player ON rating_history (player_id, community_id, at);
