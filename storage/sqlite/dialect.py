"""``SqliteDialect``: the store on one SQLite file, through ``aiosqlite``.

One connection per process. Every call runs under an ``asyncio.Lock`` so
coroutines sharing the connection never interleave inside each other's
transactions; writes take SQLite's write lock up front (``BEGIN
IMMEDIATE``), which serialises several processes on one file cleanly and
makes row locks needless. A file serves one bot process, so no other
process changes its games: there are no claims and no notices to send.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any, Self

import aiosqlite

from ..dialect import Connection, Dialect, Duplicate
from ..rows import Row
from .connection import SqliteConnection, connect, faults_refused, is_duplicate


class SqliteDialect(Dialect):
    for_update = ""  # BEGIN IMMEDIATE has locked the whole file already
    ends_claim = ""  # nobody else claims

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self._conn = SqliteConnection(db)
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | os.PathLike[str]) -> Self:
        return cls(await connect(path))

    async def close(self) -> None:
        async with self._lock:
            await self._db.close()

    @asynccontextmanager
    async def transaction(self, *, write: bool) -> AsyncIterator[Connection]:
        """See :meth:`Dialect.transaction`. A task cancelled while its COMMIT is
        queued may still have committed (the worker thread runs it anyway);
        callers then see a ``SequenceConflict`` on their next append and
        reload, as after any race."""
        async with self._lock, faults_refused():
            await self._db.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                yield self._conn
                await self._db.execute("COMMIT")
            except BaseException as exc:
                if self._db.in_transaction:
                    with contextlib.suppress(sqlite3.OperationalError):  # already ended
                        await self._db.execute("ROLLBACK")
                if is_duplicate(exc):
                    raise Duplicate from exc
                raise

    async def fetch(self, sql: str, /, **params: Any) -> Sequence[Row]:
        async with self._lock, faults_refused():
            return await self._conn.fetch(sql, **params)

    def in_list(self, name: str) -> str:
        return f"IN (SELECT value FROM json_each(:{name}))"

    def list_value(self, values: Iterable[int]) -> object:
        return json.dumps(list(values))

    async def claim(self, due: str, /, **params: Any) -> Sequence[Row]:
        """The due games: there is no other sweeper to claim against, and the
        ``(game_id, seq)`` check in ``append`` still refuses a second timeout."""
        return await self.fetch(f"SELECT id, deadline FROM games WHERE {due}", **params)

    async def changed(self, conn: Connection, game_id: int) -> None:
        """Nobody to tell: no other process serves this file."""

    async def watch(self, changed: Callable[[int], None]) -> None:
        """Nothing to hear: no other process changes this file's games."""
