"""How long a tournament round takes to pair: a Swiss round by the FIDE Dutch
system (``caissify-pairings``, pure Python) for fields of 16, 32 and 64
players, at the last of seven rounds of seeded random results, and an arena
wave of 128 free players after five waves. A Swiss round is paired in a
thread (the bot answers meanwhile); an arena wave on the event loop."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

from benchmarks import Figure
from tournaments import Pairing, Result, arena, swiss

ROUNDS = 7
FIELDS = (16, 32, 64)


def _history(players: int, rounds: int, rng: random.Random) -> list[Pairing]:
    seeds = list(range(1, players + 1))
    history: list[Pairing] = []
    for number in range(1, rounds + 1):
        for p in swiss.pair_round(seeds, set(seeds), history, number, ROUNDS):
            result = p.result or rng.choice([Result.RED, Result.BLACK, Result.DRAW])
            history.append(Pairing(number, p.table, p.red, p.black, result))
    return history


def run() -> Iterator[Figure]:
    rng = random.Random(1)
    for players in FIELDS:
        seeds = list(range(1, players + 1))
        history = _history(players, ROUNDS - 1, rng)
        start = time.perf_counter()
        swiss.pair_round(seeds, set(seeds), history, ROUNDS, ROUNDS)
        yield f"swiss_round_{players}_players", time.perf_counter() - start, "s"
    free = list(range(1, 129))
    waves: list[Pairing] = []
    for wave in range(1, 6):  # five waves of results, then the one timed
        for p in arena.pair_free(free, waves, wave):
            waves.append(Pairing(wave, p.table, p.red, p.black, rng.choice(list(Result)[:3])))
    start = time.perf_counter()
    arena.pair_free(free, waves, 6)
    yield "arena_wave_128_players", time.perf_counter() - start, "s"
