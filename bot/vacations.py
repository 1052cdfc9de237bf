"""Vacations: a player's correspondence clocks stop while they are away.

The idea is the outages' (``bot/outages.py``): the time away is added to
deadlines. When a vacation starts, each correspondence game (``1d``, ``3d``;
never a rapid one) in which the player is to move has its deadline moved on
by the whole vacation; a turn of theirs that begins during it (the opponent
moved) gets the rest of the vacation on top of its budget (:meth:`paused`,
called by the manager as it hands the clock over). So every deadline of the
player's holds exactly the vacation time left in it, and a vacation that
ends early (the player moves, and so is back) takes that time away again.

Each player has :data:`ALLOWANCE_DAYS` days a calendar year (UTC). Who is
away, and until when, is kept in memory and in the ``vacations`` table; the
clock loop closes the vacations that have run out, and each closing is told
in the player's games' threads, as each start is.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from storage import Store

from . import timecontrol as tc
from .errors import BotError

if TYPE_CHECKING:
    from .manager import GameManager

ALLOWANCE_DAYS = 30
DAY = 86_400.0


def correspondence(manager: GameManager) -> bool:
    """A game whose clock gives days per move (not rapid, not unclocked)."""
    control = manager.control
    return control is not None and control.game_ms is None and not manager.finished


def year_start(now: float) -> float:
    """The start of ``now``'s calendar year (UTC), when the allowance renews."""
    year = datetime.datetime.fromtimestamp(now, datetime.UTC).year
    return datetime.datetime(year, 1, 1, tzinfo=datetime.UTC).timestamp()


class Vacations:
    """Who is away until when (see the module)."""

    def __init__(self, store: Store, now: Callable[[], float]) -> None:
        self.store = store
        self.now = now
        self._away: dict[int, float] = {}  # user id -> when their vacation ends

    async def load(self) -> None:
        """Read the open vacations (at start-up, before the games load)."""
        self._away = await self.store.open_vacations()

    def until(self, user_id: int) -> float | None:
        """When ``user_id``'s vacation ends, while they are on one."""
        return self._away.get(user_id)

    def paused(self, manager: GameManager, clocks: tc.Clocks) -> tc.Clocks:
        """The clocks of a turn that begins now, stopped for the rest of the
        vacation of the player it begins for."""
        until = self._away.get(manager.ids[manager.match.game.turn])
        if until is None or clocks.deadline is None or not correspondence(manager):
            return clocks
        return replace(clocks, deadline=clocks.deadline + max(0.0, until - self.now()))

    async def days_used(self, user_id: int) -> int:
        """Days of this year's allowance used, the running vacation whole; a day
        begun counts (a vacation ended after an hour costs a day)."""
        since = year_start(self.now())
        spans = await self.store.vacations(user_id, since)
        return math.ceil(sum(ends - starts for starts, ends in spans) / DAY - 1e-6)

    async def start(self, user_id: int, days: int, games: list[GameManager]) -> float:
        """Start a vacation of ``days`` and stop the clocks of ``games`` (the
        player's); when it ends.

        :raises BotError: when already away, or past the year's allowance.
        """
        if user_id in self._away:
            raise BotError("vacation_already", until=f"<t:{int(self._away[user_id])}:f>")
        left = ALLOWANCE_DAYS - await self.days_used(user_id)
        if days < 1 or days > left:
            raise BotError("vacation_allowance", left=left, most=ALLOWANCE_DAYS)
        now = self.now()
        ends = now + days * DAY
        await self.store.add_vacation(user_id, now, ends)
        self._away[user_id] = ends
        await self._shift(user_id, games, days * DAY)
        return ends

    async def end(self, user_id: int, games: list[GameManager]) -> bool:
        """End ``user_id``'s vacation now (early, or as it runs out): the time
        it would still have stopped their clocks is taken back. ``False`` if
        they were not away."""
        until = self._away.pop(user_id, None)
        if until is None:
            return False
        now = self.now()
        await self.store.close_vacation(user_id, now)
        if until > now:
            await self._shift(user_id, games, now - until)
        return True

    def ended(self) -> list[int]:
        """The players whose vacation has run out, still to be closed."""
        now = self.now()
        return [user_id for user_id, until in self._away.items() if until <= now]

    async def _shift(self, user_id: int, games: list[GameManager], seconds: float) -> None:
        """Move by ``seconds`` the deadlines of ``games`` where ``user_id`` is to move."""
        for manager in games:
            async with manager.lock:
                if not correspondence(manager) or manager.clocks.deadline is None:
                    continue
                if manager.ids[manager.match.game.turn] != user_id:
                    continue
                await self.store.shift_deadline(manager.id, seconds)
                deadline = manager.clocks.deadline + seconds
                manager.clocks = replace(manager.clocks, deadline=deadline)
                manager.reminded = False  # a reminder is owed for the new deadline
