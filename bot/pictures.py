"""Board images for a reader: the renderer called with that reader's preferences,
drawn off the event loop.

Drawing a board takes a few milliseconds of processor time; on the event loop
a burst of moves in many games would queue behind every picture. Pillow lets
go of the interpreter lock while it pastes and encodes, so a pool of threads,
one per core, draws pictures while the loop goes on with the rules and the
database (``BENCHMARKS.md``, "Thousands of games at once", has the figures).
The renderer's text drawing holds the lock, so its fonts are never used by
two threads at once.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from render import Players, RenderOptions, render_png
from rules.pieces import Color
from rules.view import View
from storage import Prefs


def clock_text(ms: int | None) -> str | None:
    """``m:ss`` for a clock face, ``None`` when the game has no game time."""
    if ms is None:
        return None
    seconds = ms // 1000
    return f"{seconds // 60}:{seconds % 60:02d}"


_DRAWING = ThreadPoolExecutor(max_workers=os.cpu_count() or 1, thread_name_prefix="boards")


async def off_loop(draw: Callable[[], bytes]) -> bytes:
    """A picture (``functools.partial(board_png, ...)``), drawn in the pool of drawing threads."""
    return await asyncio.get_running_loop().run_in_executor(_DRAWING, draw)


def board_png(
    view: View,
    names: tuple[str, str],
    clocks: tuple[int | None, int | None],
    prefs: Prefs,
    lang: str,
    side: Color | None,
    *,
    bottom: Color | None = None,
    faces: tuple[str | None, str | None] | None = None,
) -> bytes:
    """The image of ``view`` for a reader with ``prefs`` and language ``lang``
    who plays ``side`` (None: a watcher).

    With orientation ``auto`` the reader's own side is at the bottom;
    ``bottom`` overrides that (a server's public orientation), ``faces`` the
    clock texts drawn from ``clocks``.
    """
    perspective = side if side is not None and prefs.orientation == "auto" else Color.RED
    perspective = bottom or perspective
    red, black = faces or (clock_text(clocks[0]), clock_text(clocks[1]))
    players = Players(names[0], names[1], red, black)
    options = RenderOptions(
        traditional=prefs.traditional,
        labels=prefs.labels,
        perspective=perspective,
        lang=lang,
    )
    return render_png(view, players=players, options=options)
