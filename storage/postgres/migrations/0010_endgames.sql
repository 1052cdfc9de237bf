-- Version 10: practical endgames. One row per finished try (the game it was
-- played in): who tried which endgame, whether they did what it asks, and in
-- how many of their own moves.

CREATE TABLE endgame_tries (
    game_id    BIGINT PRIMARY KEY REFERENCES games(id),
    user_id    BIGINT NOT NULL,
    endgame_id TEXT NOT NULL,
    solved     INTEGER NOT NULL CHECK (solved IN (0, 1)),
    moves      INTEGER NOT NULL,
    at         DOUBLE PRECISION NOT NULL
);

CREATE INDEX endgame_tries_by_user ON endgame_tries (user_id, endgame_id);
