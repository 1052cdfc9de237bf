-- Version 3: when each rating last moved, so that the rating periods a player
-- sits out widen their deviation (storage.ratings). Filled from the last rated
-- game each player finished in the variant.

ALTER TABLE ratings ADD COLUMN rated_at DOUBLE PRECISION;  -- unix time; NULL: never rated

UPDATE ratings SET rated_at = (
    SELECT MAX(g.finished_at) FROM games AS g
    WHERE g.variant = ratings.variant AND g.rated AND g.status = 'finished'
      AND ratings.user_id IN (g.red_id, g.black_id))
WHERE rated_games > 0;
