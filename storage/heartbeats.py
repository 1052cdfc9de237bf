"""``Heartbeats``: when each shard was last served, as both stores keep it.

The bot gives the time it was away back to the clocks (``bot/outages.py``);
what it reads is the same SQL on either database, so it is written once here
over each store's own ``_query``. A write binds its values in the store's own
placeholders (``beat_sql``), over the rows of ``beat_rows``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .shards import Shards

_BEAT = (
    "INSERT INTO heartbeats (shard_count, shard_id, at) VALUES ({})"
    " ON CONFLICT (shard_count, shard_id) DO UPDATE SET at = excluded.at"
)


def beat_sql(placeholders: str) -> str:
    """The upsert of one shard's beat, with the store's placeholders (``?, ?, ?``)."""
    return _BEAT.format(placeholders)


def beat_rows(shards: Shards, at: float) -> list[tuple[int, int, float]]:
    """The (count, shard, time) rows that note ``shards`` served at ``at``."""
    return [(shards.count, shard_id, at) for shard_id in sorted(shards.ids)]


class Heartbeats:
    """The reading both stores share."""

    if TYPE_CHECKING:  # what each store provides

        async def _query(self, sql: str) -> Sequence[Any]: ...

    async def last_beats(self, shards: Shards) -> dict[int, float | None]:
        """When each of ``shards`` was last served; ``None`` if never. A shard
        never served under this shard count (the bot was resharded) takes the
        latest beat of any, which is when the bot last served anyone."""
        rows = await self._query("SELECT shard_count, shard_id, at FROM heartbeats")
        beats = {(row["shard_count"], row["shard_id"]): row["at"] for row in rows}
        latest = max(beats.values(), default=None)
        return {i: beats.get((shards.count, i), latest) for i in sorted(shards.ids)}
