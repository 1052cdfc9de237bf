"""The PostgreSQL store: one database shared by several bot processes."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Self

from ..store import SqlStore
from .dialect import PostgresDialect


class PostgresStore(SqlStore):
    """The store on a PostgreSQL database."""

    @classmethod
    async def open(
        cls,
        dsn: str,
        *,
        clock: Callable[[], float] = time.time,
        min_size: int = 1,
        max_size: int = 10,
    ) -> Self:
        """Connect a pool to ``dsn`` (``postgresql://…``) and migrate the database."""
        dialect = await PostgresDialect.open(dsn, clock=clock, min_size=min_size, max_size=max_size)
        return cls(dialect, clock)


__all__ = ["PostgresStore"]
