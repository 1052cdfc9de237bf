"""Each level's estimated Elo rating, as measured by ``python -m benchmarks elo``
(see BENCHMARKS.md): the built-in search at the level against Fairy-Stockfish
at full strength on a ladder of node budgets, and against the levels next to
it, in standard xiangqi, on a scale where Fairy-Stockfish at 1,000 nodes a
move is 1500.

The scale is a proxy: in the bot, Fairy-Stockfish itself plays standard
xiangqi games at each level, and the built-in search the hidden variants and
successor xiangqi, so a level's rating says how strong the level plays in
standard xiangqi, estimated, not a rating a player earns against it. A level
missing from the table has not been measured yet.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class LevelRating:
    """The estimate, its standard error (Elo points), and the games behind it."""

    rating: int
    error: int
    games: int


LEVEL_RATINGS: dict[int, LevelRating] = {
    1: LevelRating(803, 111, 92),
    2: LevelRating(1101, 94, 92),
    3: LevelRating(1294, 80, 92),
    4: LevelRating(1484, 69, 92),
    5: LevelRating(1722, 72, 92),
    6: LevelRating(1801, 79, 92),
    7: LevelRating(1940, 85, 92),
    8: LevelRating(2076, 91, 220),
}
