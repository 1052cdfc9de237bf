-- Version 5: when each shard was last served, so that the time the bot was
-- away is given back to the clocks of the games it could not hear.

CREATE TABLE heartbeats (
    shard_count INTEGER NOT NULL,
    shard_id    INTEGER NOT NULL,
    at          DOUBLE PRECISION NOT NULL,  -- unix time the shard was last served
    PRIMARY KEY (shard_count, shard_id)
);
