-- Version 8, correspondence comforts: a player's conditional moves in a game
-- ("if this reply, then that answer"), kept so that a restart forgets none. A
-- line is its actions in the log's text form separated by spaces; a game's
-- lines for one player by newlines.

CREATE TABLE premoves (
    game_id BIGINT NOT NULL REFERENCES games(id),
    user_id BIGINT NOT NULL,
    lines   TEXT NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

-- A player's vacations: their correspondence clocks stop from start to end;
-- closed once its end (early or on time) has been handled and told.
CREATE TABLE vacations (
    user_id   BIGINT NOT NULL,
    starts_at DOUBLE PRECISION NOT NULL,
    ends_at   DOUBLE PRECISION NOT NULL,
    closed    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, starts_at)
);

-- A player's daily digest DM: the hour (UTC) it is sent, and when it last was.
CREATE TABLE digests (
    user_id BIGINT PRIMARY KEY,
    hour    INTEGER NOT NULL CHECK (hour BETWEEN 0 AND 23),
    sent_at DOUBLE PRECISION NOT NULL
);

-- The hours before a correspondence deadline a player chose to be reminded at.
CREATE TABLE reminder_plans (
    user_id BIGINT PRIMARY KEY,
    hours   TEXT NOT NULL
);
