"""The picture of ``/games``: nine small boards of different games, drawn
anew (the small boards' cache cleared) and again from that cache. Times are
medians of processor time, as in ``bench_render``."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Iterator

from benchmarks import Figure
from render import thumbnails
from render.thumbnails import MAX_BOARDS, Thumb, thumbnails_png
from rules.match import Match

RUNS = 10


def _thumbs() -> list[Thumb]:
    """Nine games of a few seeded random moves each."""
    rng = random.Random(11)
    thumbs = []
    for number in range(MAX_BOARDS):
        match = Match.start("xiangqi", {}, 0)
        for _ in range(2 * number + 2):
            match.apply(rng.choice(match.game.legal_actions()).text)
        thumbs.append(Thumb(f"#{number + 1} 对手", match.game.view(None)))
    return thumbs


def _cpu_ms(thumbs: list[Thumb], fresh: bool) -> float:
    times = []
    for _ in range(RUNS):
        if fresh:
            thumbnails._small.cache_clear()
        start = time.process_time()
        thumbnails_png(thumbs)
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times)


def run() -> Iterator[Figure]:
    thumbs = _thumbs()
    data = thumbnails_png(thumbs)
    yield "thumbnails.nine_fresh_ms", _cpu_ms(thumbs, fresh=True), "ms"
    yield "thumbnails.nine_cached_ms", _cpu_ms(thumbs, fresh=False), "ms"
    yield "thumbnails.nine_bytes", len(data), "bytes"
