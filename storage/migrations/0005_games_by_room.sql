-- Game records of a room (`Storage.hands_recorded`: a room reopened where its snapshot was
-- lost numbers its hands after the recorded ones), without reading the whole games table.
CREATE INDEX games_room ON games (room_id);
