"""The clock loop's step that keeps memory to the games being played: it
loads the games whose wake draws near and lets go of those nothing will
happen to for a while (``bot/lazy.py`` says which)."""

from __future__ import annotations

import logging
from collections.abc import Callable

from storage import Wake

from . import lazy
from .hub import GameHub
from .manager import GameManager
from .notices import Notifier
from .reminders import ReminderPlans

log = logging.getLogger(__name__)


class Sleeper:
    """Every :data:`~bot.lazy.CHECK_SECONDS`: wake what is due, then let go of what is idle."""

    def __init__(
        self,
        hub: GameHub,
        notifier: Notifier,
        reminders: ReminderPlans,
        sent: Callable[[GameManager], float | None],
        now: Callable[[], float],
    ) -> None:
        self.hub = hub
        self.notifier = notifier
        self.reminders = reminders
        self.sent = sent  # the latest reminder moment sent for a game's deadline
        self.now = now
        self._next_check = 0.0

    async def sweep(self) -> None:
        now = self.now()
        if now < self._next_check:
            return
        self._next_check = now + lazy.CHECK_SECONDS
        woken = await self.hub.wake()
        wakes = await self.wakes(now)
        asleep = await self.hub.put_to_sleep(wakes) if wakes else []
        if woken or asleep:
            log.debug("games woken %d, let go of %d", woken, len(asleep))

    async def wakes(self, now: float) -> dict[int, Wake]:
        """The wake of each game idle long enough that may be let go of now."""
        plans = await self.reminders.plans()
        wakes: dict[int, Wake] = {}
        for manager in self.hub.active():
            if now - self.hub.idle_since(manager) < lazy.IDLE or self.notifier.owes(manager):
                continue
            waiting = manager.player_id(manager.match.game.turn)
            chosen = [hour * 3600.0 for hour in plans.get(waiting, ())]
            wake = lazy.wake_of(manager, chosen, self.sent(manager), now)
            if wake is not None:
                wakes[manager.id] = wake
                if len(wakes) >= lazy.BATCH:
                    break
        return wakes
