"""``open_store``: the one place that turns ``CHUHAN_DB`` into a store.

A ``postgresql://`` (or ``postgres://``) URL opens :class:`PostgresStore`,
for several bot processes sharing one database; anything else is the path
of a SQLite file, the default for one process.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from .postgres import PostgresStore
from .protocol import Store
from .sqlite import SqliteStore

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres(target: str | os.PathLike[str]) -> bool:
    return str(target).startswith(POSTGRES_SCHEMES)


async def open_store(
    target: str | os.PathLike[str], *, clock: Callable[[], float] = time.time
) -> Store:
    """Open and migrate the store ``target`` names (a URL or a file path)."""
    if is_postgres(target):
        return await PostgresStore.open(str(target), clock=clock)
    return await SqliteStore.open(target, clock=clock)
