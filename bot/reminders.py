"""Reminders before a correspondence deadline, at the times each player chose.

By default a player is reminded once, at the time control's own moment (4 h
before a ``1d`` deadline, 12 h before a ``3d`` one). ``/settings
reminders:`` chooses up to :data:`MOST` moments instead, in hours before the
deadline (``12h 1h``). Each moment sends one DM; when the bot finds several
passed at once (it was away) it sends one. Whether a deadline has had a
reminder is stored (``games.reminded``); after a restart the moments already
passed of a reminded deadline count as sent, so none is sent twice.
"""

from __future__ import annotations

import re

from storage import Store

from .errors import BotError

MOST = 4
LONGEST = 72  # hours: a 3-day deadline's whole turn
SPLIT = re.compile(r"[\s,，;；、]+")
OFF = {"default", "默认"}


def parse(text: str) -> list[int]:
    """Hours before a deadline, from ``"12h 1h"`` (or ``12,1``, ``12小时``),
    soonest last; ``default`` means none chosen.

    :raises BotError: on a word that is not 1 to 72 hours, or too many.
    """
    words = [word for word in SPLIT.split(text.strip().lower()) if word]
    if words and all(word in OFF for word in words):
        return []
    hours = set()
    for word in words:
        number = word.removesuffix("小时").removesuffix("hours").removesuffix("h")
        if not number.isdigit() or not 1 <= int(number) <= LONGEST:
            raise BotError("reminder_hours", word=word, most=LONGEST)
        hours.add(int(number))
    if not hours or len(hours) > MOST:
        raise BotError("reminder_count", most=MOST)
    return sorted(hours, reverse=True)


class ReminderPlans:
    """Each player's chosen reminder hours, read once from storage."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._hours: dict[int, list[int]] | None = None

    async def plans(self) -> dict[int, list[int]]:
        """Every player's chosen hours (read once; the clock loop asks each sweep)."""
        if self._hours is None:
            self._hours = await self.store.reminder_hours()
        return self._hours

    async def hours(self, user_id: int) -> list[int]:
        """The hours chosen; empty: the time control's own moment."""
        return list((await self.plans()).get(user_id, []))

    async def choose(self, user_id: int, hours: list[int]) -> None:
        await self.store.set_reminder_hours(user_id, hours)
        await self.store.wake_games_of(user_id, 0.0)  # their wakes are worked out again
        plans = await self.plans()
        if hours:
            plans[user_id] = hours
        else:
            plans.pop(user_id, None)
