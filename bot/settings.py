"""Bot settings: read once from the environment and ``.env``, in one typed place."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime

import discord
from dotenv import dotenv_values

from storage import Shards


def utcnow() -> datetime:
    """Discord's clock, looked up at call time so a simulated clock can stand in."""
    return discord.utils.utcnow()


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the bot is configured with.

    ``now`` is the clock every deadline is measured against; tests and
    benchmarks leave it on Discord's clock, which SimCord drives.
    """

    token: str = ""
    db_path: str = "chuhan.sqlite3"
    dev_guild: int | None = None
    log_level: str = "INFO"
    library_log_level: str = "WARNING"
    message_moves: bool = False
    sweep_seconds: float = 5.0
    shard_count: int | None = None  # None: one process, Discord's recommended shards
    shard_ids: tuple[int, ...] | None = None  # this process's shards; None: all
    engine: str = ""  # CHUHAN_ENGINE: Fairy-Stockfish's path; empty: found on PATH
    now: Callable[[], datetime] = field(default=utcnow, compare=False)

    @classmethod
    def load(cls, env_file: str | None = ".env") -> Settings:
        """Settings from ``.env`` (if present) overridden by the process environment."""
        values: dict[str, str | None] = dict(dotenv_values(env_file)) if env_file else {}
        values.update(os.environ)
        return cls.from_mapping(values)

    @classmethod
    def from_mapping(cls, values: Mapping[str, str | None]) -> Settings:
        def get(name: str) -> str:
            return (values.get(name) or "").strip()

        guild = get("CHUHAN_DEV_GUILD")
        shard_count = get("CHUHAN_SHARDS")
        shard_ids = get("CHUHAN_SHARD_IDS")
        if shard_ids and not shard_count:
            raise ValueError("CHUHAN_SHARD_IDS needs CHUHAN_SHARDS, the total number of shards")
        return cls(
            token=get("DISCORD_TOKEN"),
            db_path=get("CHUHAN_DB") or "chuhan.sqlite3",
            dev_guild=int(guild) if guild else None,
            log_level=(get("CHUHAN_LOG_LEVEL") or "INFO").upper(),
            library_log_level=(get("CHUHAN_LIBRARY_LOG_LEVEL") or "WARNING").upper(),
            message_moves=get("CHUHAN_MESSAGE_MOVES").lower() in ("1", "true", "yes", "on"),
            shard_count=int(shard_count) if shard_count else None,
            shard_ids=tuple(int(i) for i in shard_ids.split(",")) if shard_ids else None,
            engine=get("CHUHAN_ENGINE"),
        )

    def __post_init__(self) -> None:
        _ = self.shards  # refuses shard ids that do not fit the count, at start-up

    @property
    def shards(self) -> Shards | None:
        """The guilds this process serves when sharded (``CHUHAN_SHARDS``); None: all."""
        if self.shard_count is None:
            return None
        return Shards.of(self.shard_count, self.shard_ids)
