-- Version 6: whether a player wants their private board by DM after every
-- move of a hidden-information game, or only when it shows them something new.

ALTER TABLE prefs ADD COLUMN boards TEXT NOT NULL DEFAULT 'news'
    CHECK (boards IN ('news', 'every'));
