"""Bot settings: read once from the environment and ``.env``, in one typed place."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime

import discord
from dotenv import dotenv_values


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
    message_moves: bool = False
    sweep_seconds: float = 5.0
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
        return cls(
            token=get("DISCORD_TOKEN"),
            db_path=get("CHUHAN_DB") or "chuhan.sqlite3",
            dev_guild=int(guild) if guild else None,
            log_level=(get("CHUHAN_LOG_LEVEL") or "INFO").upper(),
            message_moves=get("CHUHAN_MESSAGE_MOVES").lower() in ("1", "true", "yes", "on"),
            engine=get("CHUHAN_ENGINE"),
        )
