"""The latest moves of a live board in one message, at the 200th ply of a
seeded random game: written for the last plies only (``boards.recent_actions``,
what each turn's message costs) against the whole public move list written
(``movelist.listed_actions``). Medians of processor time."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Iterator

from benchmarks import Figure
from bot.boards import recent_actions
from bot.movelist import listed_actions
from rules.match import Match

PLIES = 200
RUNS = 10


def _game() -> Match:
    rng = random.Random(1)
    match = Match.start("xiangqi", {}, 0)
    while len(match.entries) < PLIES and match.outcome is None:
        match.apply(rng.choice(match.game.legal_actions()).text)
    return match


def _cpu_ms(work: Callable[[], object]) -> float:
    times = []
    for _ in range(RUNS):
        start = time.process_time()
        work()
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times)


def run() -> Iterator[Figure]:
    match = _game()
    recent = _cpu_ms(lambda: recent_actions(match.game, running=True))
    whole = _cpu_ms(lambda: listed_actions(match, running=True))
    yield "liveboard.recent_moves_ms", recent, "ms"
    yield "liveboard.whole_list_ms", whole, "ms"
    yield "liveboard.whole_over_recent", whole / recent, "x"
