"""A guard that kills a child process which overruns its time.

Engines and search workers are read until they answer; one that hangs
(stopped, stuck, babbling) would be read forever. The guard kills it at its
deadline, so the reader sees the process end and gives the request up.

It keeps time with a thread, not with an event-loop timer: a hang is a fact
of the wall clock, and a loop's clock may be virtual (SimCord's is, in the
tests) or late (a loop busy elsewhere). The kill itself runs on the loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from types import TracebackType


class Watchdog:
    """``with Watchdog(process, seconds) as guard:`` — inside, ``process`` is
    killed once ``seconds`` pass; ``guard.fired`` then tells the reader why
    the process ended. Leaving the block (in time) calls the guard off."""

    def __init__(self, process: asyncio.subprocess.Process, seconds: float) -> None:
        self.process = process
        self.seconds = seconds
        self.fired = False
        self._over = False
        self._loop = asyncio.get_running_loop()
        self._timer = threading.Timer(max(0.0, seconds), self._bark)
        self._timer.daemon = True

    def _bark(self) -> None:
        with contextlib.suppress(RuntimeError):  # the loop is closed: nothing to guard
            self._loop.call_soon_threadsafe(self._bite)

    def _bite(self) -> None:
        if self._over or self.process.returncode is not None:
            return
        self.fired = True
        with contextlib.suppress(ProcessLookupError):
            self.process.kill()

    def __enter__(self) -> Watchdog:
        self._timer.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._over = True
        self._timer.cancel()
