"""Random playouts: plies per second of third-generation xiangqi beside xiangqi.

Both variants play the same way through the ``Game`` interface: the side to
move picks one of ``legal_actions()`` at random and ``push``es it, which also
adjudicates (mate, repetition with its chase test, the no-capture limit).
Fanbing does more per ply (flips, the new pieces, 骉's borrowed rule); the
issue asks it to stay within 3x of xiangqi. Games are seeded, so both runs
replay the same games every time; the figure is the median of a few runs.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Iterator

from benchmarks import Figure
from rules import find_variant

GAMES = 8
RUNS = 3


def plies_per_s(variant: str) -> float:
    cls = find_variant(variant)
    rates = []
    for _ in range(RUNS):
        plies = 0
        start = time.perf_counter()
        for seed in range(GAMES):
            rng = random.Random(seed)
            game = cls.start({}, rng.getrandbits(62))
            while game.outcome() is None:
                game.push(rng.choice(game.legal_actions()))
            plies += game.ply
        rates.append(plies / (time.perf_counter() - start))
    return statistics.median(rates)


def run() -> Iterator[Figure]:
    xiangqi = plies_per_s("xiangqi")
    yield "fanbing.xiangqi_playout_plies_per_s", xiangqi, "plies/s"
    fanbing = plies_per_s("fanbing")
    yield "fanbing.fanbing_playout_plies_per_s", fanbing, "plies/s"
    yield "fanbing.slowdown_vs_xiangqi", xiangqi / fanbing, "x"
