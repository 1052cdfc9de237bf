"""The eight levels offered to players, and what each means to each engine."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Level:
    """``skill`` is Fairy-Stockfish's ``Skill Level`` (-20 to 20); ``seconds``
    the thinking time per move of either engine; ``depth`` the built-in
    search's deepest iteration; ``noise`` centipawns of random error that
    the built-in search adds at the root, so low levels blunder like people."""

    number: int
    skill: int
    seconds: float
    depth: int
    noise: int


LEVELS: dict[int, Level] = {
    1: Level(1, -9, 0.05, 1, 300),
    2: Level(2, -5, 0.1, 2, 150),
    3: Level(3, -1, 0.2, 2, 60),
    4: Level(4, 3, 0.4, 3, 25),
    5: Level(5, 7, 0.6, 4, 10),
    6: Level(6, 11, 0.9, 5, 0),
    7: Level(7, 15, 1.2, 6, 0),
    8: Level(8, 20, 1.5, 8, 0),
}
DEFAULT_LEVEL = 4


def level(number: int) -> Level:
    """Level ``number``. :raises ValueError: outside 1 to 8."""
    try:
        return LEVELS[number]
    except KeyError:
        raise ValueError(f"no computer level {number}; levels are 1 to {len(LEVELS)}") from None
