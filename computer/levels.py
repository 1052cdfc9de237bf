"""The eight levels offered to players, and what each means to each engine.

A level is a node budget for both engines, never a time: a level plays
the same moves on an idle machine and on a busy one, and each level
searches about twice the nodes of the one below (the low ones add noise
too, so they blunder like people), except that Fairy-Stockfish's top
budgets rise more slowly: its level 8 must answer within about two seconds,
and at hundreds of thousands of nodes its strength hardly grows. A variant
whose nodes cost more (see :attr:`computer.plugin.Plugin.node_share`) gets a
share of the budget, so its moves take about as long.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Level:
    """``skill`` is Fairy-Stockfish's ``Skill Level`` (-20 to 20) and
    ``engine_nodes`` its budget per move; ``seconds`` about how long a move
    takes, which a built-in search worker is allowed (plus a grace) before
    it is thought hung; ``nodes`` the built-in search's budget per move;
    ``noise`` centipawns of random error that the built-in search adds at
    the root."""

    number: int
    skill: int
    seconds: float
    nodes: int
    noise: int
    engine_nodes: int


LEVELS: dict[int, Level] = {
    1: Level(1, -9, 0.05, 150, 500, 1_000),
    2: Level(2, -5, 0.1, 400, 150, 3_000),
    3: Level(3, -1, 0.2, 1_000, 60, 10_000),
    4: Level(4, 3, 0.4, 2_500, 25, 30_000),
    5: Level(5, 7, 0.6, 7_000, 0, 80_000),
    6: Level(6, 11, 0.9, 15_000, 0, 120_000),
    7: Level(7, 15, 1.2, 35_000, 0, 200_000),
    8: Level(8, 20, 2.0, 140_000, 0, 300_000),
}
DEFAULT_LEVEL = 4


def level(number: int) -> Level:
    """Level ``number``. :raises ValueError: outside 1 to 8."""
    try:
        return LEVELS[number]
    except KeyError:
        raise ValueError(f"no computer level {number}; levels are 1 to {len(LEVELS)}") from None
