-- Version 7: a player's conditional moves in a game ("if this reply, then that
-- answer"), kept so that a restart forgets none. A line is its actions in the
-- log's text form separated by spaces; a game's lines for one player by newlines.

CREATE TABLE premoves (
    game_id BIGINT NOT NULL REFERENCES games(id),
    user_id BIGINT NOT NULL,
    lines   TEXT NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
