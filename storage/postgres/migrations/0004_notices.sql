-- Version 4: what the bot needs to speak to a player after a restart (their
-- last Discord locale), how they want to be told it is their turn, and how far
-- each game's notices have gone, so a notice is sent once even across restarts.

ALTER TABLE players ADD COLUMN locale TEXT;  -- NULL: never seen

ALTER TABLE prefs ADD COLUMN notify TEXT NOT NULL DEFAULT 'thread'
    CHECK (notify IN ('off', 'thread', 'dm', 'both'));

-- The number of entries whose notice was handled; NULL: not even the start.
ALTER TABLE games ADD COLUMN notified INTEGER;

-- Games stored before notices existed owe none.
UPDATE games SET notified = (SELECT count(*) FROM entries AS e WHERE e.game_id = games.id);
