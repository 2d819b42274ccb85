-- Game records of a room (PostgreSQL twin of ../0005_games_by_room.sql).
CREATE INDEX games_room ON games (room_id);
