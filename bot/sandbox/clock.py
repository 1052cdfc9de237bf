"""The sandbox's clock: SimCord's virtual clock, run by a ticker, kept between starts.

SimCord's clock moves only when told to. The ticker moves it one second per
second, under the same lock as the browser's actions, because SimCord refuses
an action while time is being advanced. The time reached is kept beside the
database, so a game's clock stands still while the sandbox is stopped and
carries on at the next start.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path

import simcord

log = logging.getLogger(__name__)

SAVE_EVERY = 10  # ticks between two saves of the time reached


class KeptTime:
    """The virtual time reached, in a small file beside the sandbox's database."""

    def __init__(self, db_path: str) -> None:
        self.path = Path(db_path + ".clock")

    def restore(self, env: simcord.Env) -> None:
        """Move the (not yet started) world's clock to the time kept, or on a
        first start to the real time, so that messages carry today's date."""
        try:
            elapsed = float(self.path.read_text(encoding="ascii"))
        except (OSError, ValueError):
            elapsed = (datetime.now(UTC) - env.now()).total_seconds()
        env.backend.advance_clock(max(0.0, elapsed))

    def save(self, env: simcord.Env) -> None:
        self.path.write_text(repr(env.backend.clock.elapsed), encoding="ascii")


class Ticker:
    """Advances ``env`` by a second each second while holding ``turn``; calls
    ``changed`` after a tick in which the bot did something (a flag fell)."""

    def __init__(
        self,
        env: simcord.Env,
        turn: asyncio.Lock,
        changed: Callable[[], Awaitable[None]],
        kept: KeptTime,
    ) -> None:
        self.env = env
        self.turn = turn
        self.changed = changed
        self.kept = kept
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="sandbox ticker")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self.kept.save(self.env)

    async def _run(self) -> None:
        ticks = 0
        while True:
            await asyncio.sleep(1)
            async with self.turn:
                try:
                    await self.env.advance_time(1)
                    await self.changed()
                except TimeoutError:  # the bot is slow to settle: the next tick catches up
                    log.warning("the bot did not settle within a tick")
                except Exception:  # a stopped clock would stop every game's clock
                    log.exception("the clock could not advance")
            ticks += 1
            if ticks % SAVE_EVERY == 0:
                self.kept.save(self.env)
