-- Version 2: the server leaderboard. Who played a variant in a guild, with a
-- copy of their rating so the board is read in order from one index.

CREATE TABLE guild_players (
    guild_id  BIGINT NOT NULL,
    variant   TEXT NOT NULL,
    user_id   BIGINT NOT NULL REFERENCES players(id),
    rating    DOUBLE PRECISION,                      -- ratings.rating once rated, else NULL
    PRIMARY KEY (guild_id, variant, user_id)
);
CREATE INDEX guild_board ON guild_players(guild_id, variant, rating DESC, user_id)
    WHERE rating IS NOT NULL;
-- A rating change updates the player's copy in every guild they played in.
CREATE INDEX guild_players_user ON guild_players(user_id, variant);

INSERT INTO guild_players (guild_id, variant, user_id, rating)
SELECT DISTINCT g.guild_id, g.variant, p.id,
       CASE WHEN r.rated_games > 0 THEN r.rating END
FROM games AS g
JOIN players AS p ON p.id IN (g.red_id, g.black_id)
LEFT JOIN ratings AS r ON r.user_id = p.id AND r.variant = g.variant
WHERE g.status = 'finished' AND g.guild_id IS NOT NULL
ON CONFLICT DO NOTHING;
