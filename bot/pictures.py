"""Board images for a reader: the renderer called with that reader's preferences,
drawn off the event loop.

Drawing a board takes a few milliseconds of processor time, nearly all of it
holding the interpreter lock: on the event loop, or in threads of this
process, a burst of moves in many games queues behind every picture. So
boards are drawn in worker processes, one per core, that receive what the
renderer needs (a view, the names and options: plain data) and send back
PNG bytes, while the loop goes on with the rules and the database
(``BENCHMARKS.md``, "Thousands of games at once", has the figures). The
workers come from a fork server that has imported this module once; they
start with the bot (:func:`start_drawing`) and end with it, and a pool whose
worker died is replaced by the next board.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.connection import Connection
from typing import Any

from render import Players, RenderOptions, render_png
from rules.pieces import Color
from rules.variant import find_variant
from rules.view import View
from storage import Prefs


def clock_text(ms: int | None) -> str | None:
    """``m:ss`` for a clock face, ``None`` when the game has no game time."""
    if ms is None:
        return None
    seconds = ms // 1000
    return f"{seconds // 60}:{seconds % 60:02d}"


class _Drawing:
    """The pool of drawing processes, started once per process."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._lifeline: Connection | None = None  # the workers read its other end

    def pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            size = os.cpu_count() or 1
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload([__name__])  # the workers' code, read once
            reader, writer = context.Pipe(duplex=False)
            self._lifeline = writer
            self._pool = ProcessPoolExecutor(
                size, mp_context=context, initializer=_live_while, initargs=(reader,)
            )
            # Every worker starts now, in a context of its own: none inherits
            # anything of the request that first draws (a test's clock included).
            contextvars.Context().run(_start, self._pool, size)
        return self._pool

    def replace(self, broken: ProcessPoolExecutor) -> None:
        """Start a new pool at the next board, unless another did already."""
        if self._pool is broken:
            broken.shutdown(wait=False)
            self._pool = None


def _live_while(lifeline: Connection) -> None:
    """A worker ends when the bot does, however it ends (a SIGKILL too): the
    bot holds the other end of ``lifeline``, which reads the end of its input
    only once the bot is gone. Otherwise an orphan worker would wait for
    boards forever, keeping the bot's output open."""

    def watch() -> None:
        with contextlib.suppress(EOFError, OSError):
            lifeline.recv_bytes()
        os._exit(0)

    threading.Thread(target=watch, name="lifeline", daemon=True).start()


def _start(pool: ProcessPoolExecutor, size: int) -> None:
    """Start the ``size`` workers of ``pool``: one first board each, drawn at
    once (a pool starts a worker for a call no worker is free for), which also
    reads the fonts before a player waits for them."""
    first = find_variant("xiangqi").start({}, 0).view(None)
    for _ in range(size):
        pool.submit(render_png, first)


_DRAWING = _Drawing()


def start_drawing() -> None:
    """Start the drawing processes (the bot's start-up: its first board need not wait)."""
    _DRAWING.pool()


async def board_drawn(view: View, *dressing: Any, **placed: Any) -> bytes:
    """:func:`board_png` (the same arguments), drawn in a drawing process; once
    more in a new pool if a worker died on the way (the board is wanted, and a
    new worker draws it)."""
    players, options = _dressed(*dressing, **placed)
    loop = asyncio.get_running_loop()
    pool = _DRAWING.pool()
    try:
        return await loop.run_in_executor(pool, render_png, view, players, options)
    except BrokenProcessPool:
        _DRAWING.replace(pool)
        return await loop.run_in_executor(_DRAWING.pool(), render_png, view, players, options)


def board_png(view: View, *dressing: Any, **placed: Any) -> bytes:
    """The image of ``view`` dressed for its reader (the arguments of :func:`_dressed`)."""
    return render_png(view, *_dressed(*dressing, **placed))


def _dressed(
    names: tuple[str, str],
    clocks: tuple[int | None, int | None],
    prefs: Prefs,
    lang: str,
    side: Color | None,
    bottom: Color | None = None,
    faces: tuple[str | None, str | None] | None = None,
) -> tuple[Players, RenderOptions]:
    """The renderer's players and options for a board seen by a reader with
    ``prefs`` and language ``lang`` who plays ``side`` (None: a watcher).

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
    return players, options
