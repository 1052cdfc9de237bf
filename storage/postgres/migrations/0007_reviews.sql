-- Version 7: a finished game's computer review, kept once it is made, so that
-- asking again shows it without analysing the game again.

CREATE TABLE reviews (
    game_id  BIGINT PRIMARY KEY REFERENCES games(id),
    body     TEXT NOT NULL                           -- JSON: computer.review.Review
);
