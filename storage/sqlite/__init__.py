"""The SQLite store: one file, one bot process (the default)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Self

from ..store import SqlStore
from .dialect import SqliteDialect


class SqliteStore(SqlStore):
    """The store on a SQLite file."""

    @classmethod
    async def open(
        cls, path: str | os.PathLike[str], *, clock: Callable[[], float] = time.time
    ) -> Self:
        """Open (creating if needed) and migrate the database at ``path``.

        ``clock`` gives the unix time stamped on rows; tests pass their own.
        """
        return cls(await SqliteDialect.open(path), clock)


__all__ = ["SqliteStore"]
