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
    1: LevelRating(770, 113, 52),
    2: LevelRating(1079, 95, 92),
    3: LevelRating(1279, 81, 92),
    4: LevelRating(1476, 69, 92),
    5: LevelRating(1718, 73, 92),
    6: LevelRating(1795, 80, 92),
    7: LevelRating(1920, 88, 92),
    8: LevelRating(2229, 100, 104),
}
