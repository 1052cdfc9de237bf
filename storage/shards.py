"""Which guilds a bot process serves: Discord's shard formula, in Python and SQL.

A sharded deployment runs several processes on one database; each handles
the games of its own shards' guilds. Discord sends a guild's events to shard
``(guild_id >> 22) % shard_count`` and direct messages to shard 0, so a game
without a guild belongs to shard 0.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Shards:
    """``ids`` of ``count`` shards: the share of Discord one process serves."""

    count: int
    ids: frozenset[int]

    def __post_init__(self) -> None:
        if self.count < 1 or not self.ids or not all(0 <= i < self.count for i in self.ids):
            raise ValueError(f"shard ids {sorted(self.ids)} do not fit {self.count} shards")

    @classmethod
    def of(cls, count: int, ids: list[int] | tuple[int, ...] | None = None) -> Shards:
        """``ids`` of ``count`` shards; all of them when ``ids`` is ``None``."""
        return cls(count, frozenset(range(count) if ids is None else ids))

    def shard_of(self, guild_id: int | None) -> int:
        return 0 if guild_id is None else (guild_id >> 22) % self.count

    def owns(self, guild_id: int | None) -> bool:
        return self.shard_of(guild_id) in self.ids
