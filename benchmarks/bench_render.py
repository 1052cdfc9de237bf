"""Rendering speed and size: the layered renderer against drawing from scratch.

Both draw the same public middlegame image with the PNG cache bypassed. The
fast way reuses the prerendered board and sprites; the naive way clears those
caches first, so every line, disc and glyph is drawn again each time (the
fonts stay loaded). Times are medians of processor time, the cost of the
drawing itself, which a busy machine does not inflate as it does wall-clock
time (also given, ``png_wall_ms``).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator

from benchmarks import Figure
from render import board, panel, pieces, samples, stamps, tiles
from render.frame import draw_frame
from render.image import encode_png
from render.options import RenderOptions

FAST_RUNS = 60
NAIVE_RUNS = 6

_LAYER_CACHES = (
    board.board_layer,
    pieces.piece_sprite,
    pieces.mini_piece,
    pieces.check_ring,
    pieces.move_corners,
    pieces.move_dot,
    tiles.tile,
    tiles.empty_slot,
    panel._card,
    panel._banner,
    panel._blank,
    stamps._stamp,
)


def _times_ms(draw: Callable[[], bytes], runs: int) -> tuple[list[float], list[float]]:
    """Processor and wall-clock milliseconds of each of ``runs`` calls."""
    cpu, wall = [], []
    for _ in range(runs):
        start_cpu, start_wall = time.process_time(), time.perf_counter()
        draw()
        cpu.append((time.process_time() - start_cpu) * 1000)
        wall.append((time.perf_counter() - start_wall) * 1000)
    return cpu, wall


_VIEW = samples.middlegame()
_OPTIONS = RenderOptions()


def _naive_png() -> bytes:
    for cached in _LAYER_CACHES:
        cached.cache_clear()
    return _fast_png()


def _fast_png() -> bytes:
    return encode_png(draw_frame(_VIEW, samples.PLAYERS, _OPTIONS))


def run() -> Iterator[Figure]:
    data = _fast_png()  # warm the layers
    if _naive_png() != data:
        raise AssertionError("the naive and the layered drawing differ")
    fast_cpu, fast_wall = _times_ms(_fast_png, FAST_RUNS)
    naive_cpu, _ = _times_ms(_naive_png, NAIVE_RUNS)
    fast, naive = statistics.median(fast_cpu), statistics.median(naive_cpu)
    yield "render.png_ms", fast, "ms"
    yield "render.png_wall_ms", statistics.median(fast_wall), "ms"
    yield "render.png_bytes", len(data), "bytes"
    yield "render.naive_png_ms", naive, "ms"
    yield "render.naive_over_fast", naive / fast, "x"
