-- Version 9, puzzles: a member's puzzle rating (Glicko-2, beside the game
-- ratings) and streak; every puzzle a member was given, so that none comes
-- twice, with how far they got and how it ended; each server's daily puzzle,
-- the channel and minute of the day (UTC) it is posted at, and its posts.

CREATE TABLE puzzle_ratings (
    user_id     BIGINT PRIMARY KEY,
    rating      DOUBLE PRECISION NOT NULL,
    rd          DOUBLE PRECISION NOT NULL,
    volatility  DOUBLE PRECISION NOT NULL,
    rated_at    DOUBLE PRECISION NOT NULL,
    solved      INTEGER NOT NULL DEFAULT 0,
    failed      INTEGER NOT NULL DEFAULT 0,
    streak      INTEGER NOT NULL DEFAULT 0,     -- puzzles solved since the last failed
    best_streak INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE puzzle_attempts (
    user_id     BIGINT NOT NULL,
    puzzle_id   TEXT NOT NULL,
    variant     TEXT NOT NULL,
    guild_id    BIGINT,                         -- where it was asked for; NULL in DMs
    daily       INTEGER NOT NULL DEFAULT 0,     -- 1: that server's daily puzzle
    started_at  DOUBLE PRECISION NOT NULL,
    plies       INTEGER NOT NULL DEFAULT 0,     -- plies of the solution played so far
    result      TEXT CHECK (result IN ('solved', 'failed')),  -- NULL while being solved
    finished_at DOUBLE PRECISION,
    PRIMARY KEY (user_id, puzzle_id)
);

CREATE INDEX puzzle_attempts_open ON puzzle_attempts (user_id) WHERE result IS NULL;
CREATE INDEX puzzle_attempts_guild ON puzzle_attempts (guild_id, user_id);

CREATE TABLE daily_puzzle_plans (
    guild_id   BIGINT PRIMARY KEY,
    channel_id BIGINT NOT NULL,
    minute     INTEGER NOT NULL CHECK (minute BETWEEN 0 AND 1439),
    since      DOUBLE PRECISION NOT NULL        -- when chosen: no day before is owed
);

CREATE TABLE daily_puzzles (
    guild_id   BIGINT NOT NULL,
    day        TEXT NOT NULL,                   -- YYYY-MM-DD (UTC)
    puzzle_id  TEXT NOT NULL,
    channel_id BIGINT NOT NULL,
    message_id BIGINT,                          -- NULL until the post is sent
    PRIMARY KEY (guild_id, day)
);
