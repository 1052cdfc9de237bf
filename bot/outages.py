"""The time the bot was away is given back to the clocks.

Nobody should lose on time because they could not reach the bot. Every
:data:`HEARTBEAT_SECONDS`, and when it stops, the bot notes in the database
that this process's shards are served (a heartbeat).
At start-up, a shard whose last beat is older than :data:`OUTAGE_SECONDS`
has the whole gap added to the deadlines of its games that were still
running then, as lichess does after its own outages. While a shard's gateway
connection is down its games are not timed out, and when it comes back the
time it was down is given back in the same way. Shorter gaps (a quick restart,
a reconnect within seconds) give nothing back.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from storage import Shards, Store

log = logging.getLogger(__name__)

OUTAGE_SECONDS = 30.0
# How often the heartbeat is written: well under an outage, so that a bot
# that is serving never looks away, and seldom enough to cost nothing.
HEARTBEAT_SECONDS = 20.0


class Outages:
    """Heartbeats and gateway drops of one process's ``shards``."""

    def __init__(
        self,
        store: Store,
        shards: Shards,
        now: Callable[[], float],
        changed: Callable[[int], None],
    ) -> None:
        self._store = store
        self._shards = shards
        self._now = now
        self._changed = changed  # a game whose deadline moved: read it again
        self._down: dict[int, float] = {}  # shard id -> when its gateway dropped
        self._back: dict[int, tuple[float, float]] = {}  # shard id -> (dropped, returned)
        self._next_beat = 0.0

    async def at_start(self) -> None:
        """Give back the time since each shard was last served, before the
        games are loaded (so they load with their new deadlines)."""
        now = self._now()
        for shard_id, last in (await self._store.last_beats(self._shards)).items():
            if last is not None and now - last > OUTAGE_SECONDS:
                await self._give_back(shard_id, last, now - last)
        self._next_beat = now + HEARTBEAT_SECONDS
        await self._store.beat(self._shards, now)

    def serving(self) -> Shards | None:
        """The shards whose games may time out now; ``None`` while none is up.
        A shard that is back waits for its time to be given back first."""
        up = self._shards.ids - self._down.keys() - self._back.keys()
        return Shards(self._shards.count, frozenset(up)) if up else None

    def dropped(self, shard_id: int) -> None:
        """The gateway of ``shard_id`` went away: its clocks stop being judged."""
        if shard_id in self._shards.ids and shard_id not in self._down:
            self._down[shard_id] = self._now()
            log.info("shard %s lost its gateway connection", shard_id)

    def returned(self, shard_id: int) -> None:
        """The gateway of ``shard_id`` is back; the next sweep gives the time back."""
        since = self._down.pop(shard_id, None)
        if since is not None:
            self._back[shard_id] = (since, self._now())

    async def sweep(self, *, last: bool = False) -> None:
        """Give back the time of the outages that ended, then note that the
        shards that are up are served, every :data:`HEARTBEAT_SECONDS` (and a
        ``last`` time when the bot stops)."""
        for shard_id, (since, until) in list(self._back.items()):
            log.info("shard %s is back after %.0f s", shard_id, until - since)
            if until - since > OUTAGE_SECONDS:
                for game_id in await self._give_back(shard_id, since, until - since):
                    self._changed(game_id)
            del self._back[shard_id]
        now, serving = self._now(), self.serving()
        if serving is not None and (last or now >= self._next_beat):
            self._next_beat = now + HEARTBEAT_SECONDS
            await self._store.beat(serving, now)

    async def _give_back(self, shard_id: int, since: float, seconds: float) -> list[int]:
        shard = Shards(self._shards.count, frozenset({shard_id}))
        games = await self._store.give_back(shard, since, seconds)
        if games:
            log.info(
                "gave %.0f s back to %d game(s) of shard %s after an outage",
                seconds,
                len(games),
                shard_id,
            )
        return games
