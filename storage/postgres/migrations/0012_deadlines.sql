-- Version 12, lazy games: the active games the bot let go of from memory
-- because nothing happens to them for a while, each with the moment it must
-- hold them again (a reminder or the deadline) and the player they wait for
-- (for digests). A game without a row here is held from the start; a commit
-- removes its row, since whoever committed holds the game.

CREATE TABLE wakes (
    game_id    BIGINT PRIMARY KEY REFERENCES games(id),
    wake_at    DOUBLE PRECISION NOT NULL,      -- unix time; 'Infinity': nothing will happen
    waiting_id BIGINT                          -- the player to move, NULL: nobody
);

CREATE INDEX wakes_wake_at ON wakes(wake_at);
CREATE INDEX wakes_waiting ON wakes(waiting_id);
CREATE INDEX games_active ON games(id) WHERE status = 'active';

-- An entry wakes its game (in the database itself: no round trip of its own).
CREATE FUNCTION entries_wake() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM wakes WHERE game_id = NEW.game_id;
    RETURN NULL;
END
$$;

CREATE TRIGGER entries_wake AFTER INSERT ON entries
    FOR EACH ROW EXECUTE FUNCTION entries_wake();
