"""Built-in searches in worker processes, so that they never hold the event loop.

A :class:`SearchPool` starts up to ``size`` worker processes
(``python -m computer.worker``) on demand and gives each one request at a
time; a worker that dies is replaced on the next request. It reads a
worker's answer only while that request runs, so nothing waits on the
workers between searches.
"""

from __future__ import annotations

import asyncio
import contextlib
import pickle
import sys

from .knowledge import Knowledge
from .levels import Level
from .player import Choice
from .uci import EngineError, EngineTerminatedError
from .worker import HEADER, frame

ANSWER_GRACE = 30.0  # seconds beyond the level's time before a worker is given up


class SearchPool:
    def __init__(self, size: int = 2) -> None:
        self.size = size
        self._idle: list[asyncio.subprocess.Process] = []
        self._all: set[asyncio.subprocess.Process] = set()
        self._free = asyncio.Semaphore(size)

    async def _start(self) -> asyncio.subprocess.Process:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "computer.worker",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        self._all.add(process)
        return process

    async def choose(self, knowledge: Knowledge, level: Level, seed: int) -> Choice:
        """The built-in player's choice, searched in a worker.

        :raises EngineTerminatedError: when the worker died during the search.
        :raises EngineError: when the search failed or took far too long.
        """
        async with self._free:
            process = self._idle.pop() if self._idle else await self._start()
            try:
                answer = await asyncio.wait_for(
                    self._ask(process, (knowledge, level, seed)), level.seconds + ANSWER_GRACE
                )
            except BaseException:
                await self._discard(process)
                raise
            self._idle.append(process)
        if isinstance(answer, str):
            raise EngineError(f"the search failed: {answer}")
        assert isinstance(answer, Choice)
        return answer

    async def _ask(self, process: asyncio.subprocess.Process, request: object) -> object:
        assert process.stdin is not None and process.stdout is not None
        try:
            process.stdin.write(frame(pickle.dumps(request)))
            await process.stdin.drain()
            (size,) = HEADER.unpack(await process.stdout.readexactly(HEADER.size))
            return pickle.loads(await process.stdout.readexactly(size))
        except (asyncio.IncompleteReadError, BrokenPipeError, ConnectionResetError) as exc:
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
