"""The daily digest: one DM a day, at the hour a player chose, listing every
game waiting for their move (most urgent first) with its time left and a
link that opens it, in their language.

A player who chooses it (``/settings notify:digest``) gets no notice per move
(their ``notify`` is ``off``); reminders before a deadline still come. When
it was last sent is stored, so a restart neither skips nor repeats a day: a
digest whose hour passed while the bot was away is sent at the next sweep.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

from rules.variant import find_variant
from storage import Store

from .dms import DirectMessages
from .hub import GameHub
from .i18n import t
from .manager import GameManager
from .notices import jump_url
from .pictures import clock_text
from .players import PlayerDirectory

DEFAULT_HOUR = 8  # UTC
LISTED = 25  # games in one digest, the most urgent


def last_due(hour: int, now: float) -> float:
    """The latest ``hour``:00 UTC at or before ``now``."""
    moment = datetime.datetime.fromtimestamp(now, datetime.UTC)
    due = moment.replace(hour=hour, minute=0, second=0, microsecond=0)
    if due > moment:
        due -= datetime.timedelta(days=1)
    return due.timestamp()


class Digests:
    """Who gets a digest at which hour, and sending them when due."""

    def __init__(
        self,
        store: Store,
        hub: GameHub,
        players: PlayerDirectory,
        dms: DirectMessages,
        now: Callable[[], float],
    ) -> None:
        self.store = store
        self.hub = hub
        self.players = players
        self.dms = dms
        self.now = now
        self._plans: dict[int, tuple[int, float]] | None = None  # user -> (hour, sent at)

    async def _all(self) -> dict[int, tuple[int, float]]:
        if self._plans is None:
            self._plans = await self.store.digests()
        return self._plans

    async def hour(self, user_id: int) -> int | None:
        plan = (await self._all()).get(user_id)
        return None if plan is None else plan[0]

    async def choose(self, user_id: int, hour: int | None) -> None:
        """Start (or move) a player's digest, the first at the next ``hour``; or stop it."""
        now = self.now()
        await self.store.set_digest(user_id, hour, now)
        plans = await self._all()
        if hour is None:
            plans.pop(user_id, None)
        else:
            plans[user_id] = (hour, now)

    async def sweep(self) -> None:
        """Send the digests whose hour has come since they were last sent."""
        now = self.now()
        for user_id, (hour, sent) in list((await self._all()).items()):
            if sent >= last_due(hour, now):
                continue
            await self.store.digest_sent(user_id, now)
            (await self._all())[user_id] = (hour, now)
            text = await self.text(user_id)
            if text is not None:
                await self.dms.dm(user_id, text)

    async def text(self, user_id: int) -> str | None:
        """The digest of ``user_id``; ``None`` when no game waits for them."""
        waiting = await self.hub.waiting_for(user_id)  # those asleep are loaded
        if not waiting:
            return None
        waiting.sort(key=lambda m: (m.clocks.deadline is None, m.clocks.deadline or 0.0, m.id))
        await self.players.recall(user_id)
        lang = await self.players.language(user_id)
        lines = [t(lang, "digest.head", count=len(waiting))]
        lines += [self._line(manager, user_id, lang) for manager in waiting[:LISTED]]
        if len(waiting) > LISTED:
            lines.append(t(lang, "games.more", count=len(waiting) - LISTED))
        return "\n".join(lines)

    def _line(self, manager: GameManager, user_id: int, lang: str) -> str:
        variant = find_variant(manager.variant)
        opponent = manager.ids[1] if manager.ids[0] == user_id else manager.ids[0]
        deadline = manager.clocks.deadline
        if deadline is None:
            left = t(lang, "digest.no_clock")
        elif manager.control is not None and manager.control.game_ms is not None:
            left = clock_text(int(max(0.0, deadline - self.now()) * 1000)) or ""
        else:
            left = f"<t:{int(deadline)}:R>"
        return t(
            lang,
            "digest.line",
            game=manager.id,
            variant=variant.title_zh if lang == "zh" else variant.title_en,
            opponent=self.players.name(opponent),
            left=left,
            url=jump_url(manager.guild_id, manager.channel_id),
        )
