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

Each call to a worker costs the loop about a millisecond of its own (the
call's pickling, the threads that carry it, the 30 KB answer), as much as a
third of a board's drawing. So each worker holds at most one batch of
boards at a time: a board asked for while a worker is free goes at once,
alone, and those asked for while every worker is busy wait and go together,
shared among the workers as they come free.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import multiprocessing
import os
import threading
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
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


Job = tuple[View, Players, RenderOptions]
BATCH_MOST = 32  # boards in one call: a worker's batch is at most ~0.1 s of drawing


def draw_batch(jobs: Sequence[Job]) -> list[bytes | Exception]:
    """The boards of ``jobs``, in a worker: a board that fails is its error,
    sent back in its place, so that it fails alone."""
    drawn: list[bytes | Exception] = []
    for job in jobs:
        try:
            drawn.append(render_png(*job))
        except Exception as error:  # carried back to the board's own caller
            drawn.append(error)
    return drawn


@dataclass
class _Queue:
    """The boards an event loop waits for, and how many batches its workers hold."""

    loop: asyncio.AbstractEventLoop
    waiting: list[tuple[Job, asyncio.Future[bytes]]] = field(default_factory=list)
    held: int = 0


class _Drawing:
    """The pool of drawing processes, started once per process."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._lifeline: Connection | None = None  # the workers read its other end
        self._size = os.cpu_count() or 1
        self._queue: _Queue | None = None

    async def draw(self, job: Job) -> bytes:
        """``job``'s board, drawn in a worker as part of the next batch."""
        loop = asyncio.get_running_loop()
        if self._queue is None or self._queue.loop is not loop:
            self._queue = _Queue(loop)  # a loop's batches die with it
        queue = self._queue
        future: asyncio.Future[bytes] = loop.create_future()
        queue.waiting.append((job, future))
        self._send(queue)
        return await future

    def _send(self, queue: _Queue) -> None:
        """Give the waiting boards to the free workers, an even share each."""
        while queue.waiting and queue.held < self._size:
            share = min(BATCH_MOST, -(-len(queue.waiting) // self._size))
            batch, queue.waiting = queue.waiting[:share], queue.waiting[share:]
            queue.held += 1
            self._submit(queue, batch, retried=False)

    def _submit(
        self, queue: _Queue, batch: list[tuple[Job, asyncio.Future[bytes]]], *, retried: bool
    ) -> None:
        pool = self.pool()
        jobs = [job for job, _ in batch]
        try:
            done = pool.submit(draw_batch, jobs)
        except (BrokenProcessPool, RuntimeError) as error:  # died, or shut down, before the call
            done = Future()
            done.set_exception(error)

        def back(done: Future[list[bytes | Exception]]) -> None:
            with contextlib.suppress(RuntimeError):  # the loop closed: nobody waits
                queue.loop.call_soon_threadsafe(self._back, queue, pool, batch, done, retried)

        done.add_done_callback(back)

    def _back(
        self,
        queue: _Queue,
        pool: ProcessPoolExecutor,
        batch: list[tuple[Job, asyncio.Future[bytes]]],
        done: Future[list[bytes | Exception]],
        retried: bool,
    ) -> None:
        """A batch came back: its boards to their callers, once more in a new
        pool if a worker died on the way (the boards are wanted, and a new
        worker draws them), then the next batch to the worker now free."""
        error = done.exception()
        if isinstance(error, BrokenProcessPool) and not retried:
            self.replace(pool)
            self._submit(queue, batch, retried=True)
            return
        queue.held -= 1
        answers: list[bytes | BaseException] = (
            list(done.result()) if error is None else [error] * len(batch)
        )
        for (_, future), answer in zip(batch, answers, strict=True):
            if future.done():  # its caller gave up
                continue
            if isinstance(answer, BaseException):
                future.set_exception(answer)
            else:
                future.set_result(answer)
        self._send(queue)

    def pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            size = self._size
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
    """:func:`board_png` (the same arguments), drawn in a drawing process."""
    return await _DRAWING.draw((view, *_dressed(*dressing, **placed)))


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
