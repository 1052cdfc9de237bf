"""Built-in searches in worker processes, so that they never hold the event loop.

A :class:`SearchPool` starts up to ``size`` worker processes
(``python -m computer.worker``) on demand and gives each one request at a
time. A worker that dies during a request is replaced at once and the
request searched again by the new one; one that does not answer in time
(stopped, stuck) is killed by a :class:`~computer.watchdog.Watchdog`, and
the request fails with :class:`EngineError` for the caller to try again.
It reads a worker's answer only while that request runs, so nothing waits
on the workers between searches.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import pickle
import sys
from collections.abc import Awaitable
from typing import TypeVar

from rules.knowledge import Knowledge
from rules.variant import find_variant

from .levels import Level
from .player import Choice
from .search import Budget
from .uci import EngineError, EngineTerminatedError
from .watchdog import Watchdog
from .worker import HEADER, READY, frame

log = logging.getLogger(__name__)

ANSWER_GRACE = 30.0  # seconds beyond the level's time before a worker is given up
START_GRACE = 60.0  # seconds for a new worker to be ready (Python and its imports)
T = TypeVar("T")


class SearchPool:
    """``grace``: how long past its level's time a worker may take to answer."""

    def __init__(self, size: int = 2, *, grace: float = ANSWER_GRACE) -> None:
        self.size = size
        self.grace = grace
        self._idle: list[asyncio.subprocess.Process] = []
        self._all: set[asyncio.subprocess.Process] = set()
        self._free = asyncio.Semaphore(size)

    async def _start(self) -> asyncio.subprocess.Process:
        """A new worker, once it says it is ready: starting Python on a busy
        machine never eats into a search's time."""
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "computer.worker",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        self._all.add(process)
        try:
            ready = await self._guarded(process, START_GRACE, self._frame(process), "start")
            if ready != READY:
                raise EngineError(f"a search worker started with {ready[:40]!r}")
        except BaseException:
            await self._discard(process)
            raise
        return process

    async def choose(
        self, knowledge: Knowledge, level: Level, seed: int, budget: Budget | None = None
    ) -> Choice:
        """The built-in player's choice, searched in a worker (with ``budget``,
        else the level's own).

        :raises EngineTerminatedError: when a worker died twice in a row.
        :raises EngineError: when the search failed or took far too long.
        """
        seconds = level.seconds if budget is None else budget.seconds or 0.0
        answer = await self._task(knowledge, "choose", (knowledge, level, seed, budget), seconds)
        assert isinstance(answer, Choice)
        return answer

    async def weigh(self, knowledge: Knowledge, scale: int = 1) -> dict[str, int]:
        """A review's weighing of every action from ``knowledge``
        (:func:`computer.hidden_review.weigh`), searched in a worker to a
        fixed depth: a worker may take :attr:`grace` seconds over it.

        :raises EngineError: as :meth:`choose`.
        """
        answer = await self._task(knowledge, "weigh", (knowledge, scale), 0.0)
        assert isinstance(answer, dict)
        return answer

    async def _task(
        self, knowledge: Knowledge, task: str, arguments: tuple[object, ...], seconds: float
    ) -> object:
        """A worker's answer to ``task`` over ``knowledge``'s variant, searched
        again by a new worker if the first one died."""
        # The module that registers the variant, for the worker to import: a
        # variant registered outside ``rules`` is otherwise unknown there.
        home = find_variant(knowledge.variant).__module__
        request = (home, task, arguments)
        try:
            answer = await self._search(request, seconds)
        except EngineTerminatedError:
            log.warning("a search worker died; a new one searches again")
            answer = await self._search(request, seconds)
        if isinstance(answer, str):
            raise EngineError(f"the search failed: {answer}")
        return answer

    async def _search(self, request: object, seconds: float) -> object:
        """One worker's answer to ``request``, given ``seconds`` plus the
        grace; a worker that fails is discarded."""
        async with self._free:
            process = self._idle.pop() if self._idle else await self._start()
            try:
                answer = await self._guarded(
                    process, seconds + self.grace, self._ask(process, request), "answer"
                )
            except BaseException:
                await self._discard(process)
                raise
            self._idle.append(process)
        return answer

    @staticmethod
    async def _guarded(
        process: asyncio.subprocess.Process, seconds: float, work: Awaitable[T], what: str
    ) -> T:
        """``work``, with ``process`` killed if it takes over ``seconds``.

        :raises EngineError: when it was killed for that.
        """
        with Watchdog(process, seconds) as guard:
            try:
                return await work
            except EngineTerminatedError:
                if guard.fired:
                    raise EngineError(f"a search worker did not {what} in time") from None
                raise

    async def _ask(self, process: asyncio.subprocess.Process, request: object) -> object:
        await self._send(process, request)
        return await self._receive(process)

    async def _send(self, process: asyncio.subprocess.Process, request: object) -> None:
        assert process.stdin is not None
        try:
            process.stdin.write(frame(pickle.dumps(request)))
            await process.stdin.drain()
        except (BrokenPipeError, ConnectionResetError) as exc:
            raise EngineTerminatedError("a search worker died") from exc

    async def _receive(self, process: asyncio.subprocess.Process) -> object:
        return pickle.loads(await self._frame(process))

    @staticmethod
    async def _frame(process: asyncio.subprocess.Process) -> bytes:
        assert process.stdout is not None
        try:
            (size,) = HEADER.unpack(await process.stdout.readexactly(HEADER.size))
            return await process.stdout.readexactly(size)
        except asyncio.IncompleteReadError as exc:
            raise EngineTerminatedError("a search worker died") from exc

    async def _discard(self, process: asyncio.subprocess.Process) -> None:
        self._all.discard(process)
        if process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await process.wait()

    async def close(self) -> None:
        """Stop every worker (closing their input ends them; stragglers are killed)."""
        self._idle.clear()
        for process in list(self._all):
            if process.stdin is not None:
                process.stdin.close()
            try:
                await asyncio.wait_for(process.wait(), 1.0)
            except TimeoutError:
                await self._discard(process)
            self._all.discard(process)
