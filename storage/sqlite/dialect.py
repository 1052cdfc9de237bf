"""``SqliteDialect``: the store on one SQLite file, through ``aiosqlite``.

One connection per process. Every call runs under an ``asyncio.Lock`` so
coroutines sharing the connection never interleave inside each other's
transactions; writes take SQLite's write lock up front (``BEGIN
IMMEDIATE``), which serialises several processes on one file cleanly and
makes row locks needless. A file serves one bot process, so no other
process changes its games: there are no claims and no notices to send.

Commits are where the time goes: each waits for the disk (``synchronous =
FULL``), one after the other. So the entries of many games that arrive
together (a burst of moves) are committed together (:meth:`grouped`): one
transaction, one wait for the disk; one that is refused changes nothing and
the others still stand (the transaction runs again without it).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, Generic, Self

import aiosqlite

from ..dialect import Connection, Dialect, Duplicate, T
from ..rows import Row
from .connection import SqliteConnection, connect, faults_refused, is_duplicate


@dataclass(eq=False, slots=True)
class _Work(Generic[T]):
    """A grouped work and the future of its result."""

    run: Callable[[Connection], Awaitable[T]]
    done: asyncio.Future[T]


class SqliteDialect(Dialect):
    for_update = ""  # BEGIN IMMEDIATE has locked the whole file already
    ends_claim = ""  # nobody else claims
    writes_in_with = False

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self._conn = SqliteConnection(db)
        self._lock = asyncio.Lock()
        self._queued: list[_Work[Any]] = []  # grouped works waiting for the next commit

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

    async def grouped(self, work: Callable[[Connection], Awaitable[T]]) -> T:
        """See the module: whoever gets the lock first commits every work queued
        by then; a work found done once its caller has the lock was committed by
        another. A caller cancelled before its work ran takes it back."""
        mine: _Work[T] = _Work(work, asyncio.get_running_loop().create_future())
        self._queued.append(mine)
        try:
            async with self._lock:
                if not mine.done.done():
                    batch, self._queued = self._queued, []
                    await self._commit(batch)
        except BaseException:
            if mine in self._queued:
                self._queued.remove(mine)
            raise
        return mine.done.result()

    async def _commit(self, batch: list[_Work[Any]]) -> None:
        """Run ``batch`` in one transaction; each work's result is handed out
        once it is committed. A work refused (its own error) is told so, and
        the transaction is rolled back and run again without it: refusals are
        rare (a race lost), and a savepoint around each work would cost it two
        more round trips to SQLite's thread. So a work may run more than once,
        and must do nothing but its statements. A fault of the file or of the
        commit fails every work not yet failed (nothing was committed)."""
        while batch:
            try:
                async with faults_refused():
                    ran, refused = await self._run(batch)
            except Exception as exc:
                for work in batch:
                    if not work.done.done():
                        work.done.set_exception(exc)
                return
            except BaseException:  # the committer was cancelled: the next one runs the rest
                self._queued[:0] = [work for work in batch if not work.done.done()]
                raise
            if refused is None:
                for work, result in ran:
                    work.done.set_result(result)
                return
            batch = [work for work in batch if work is not refused]

    async def _run(
        self, batch: list[_Work[Any]]
    ) -> tuple[list[tuple[_Work[Any], Any]], _Work[Any] | None]:
        """One try of :meth:`_commit`: the results of ``batch`` committed, or
        the first work refused, told so, and nothing committed."""
        ran: list[tuple[_Work[Any], Any]] = []
        await self._db.execute("BEGIN IMMEDIATE")
        try:
            for work in batch:
                try:
                    ran.append((work, await work.run(self._conn)))
                except sqlite3.OperationalError:
                    raise  # the file's fault: the whole batch
                except Exception as exc:
                    await self._db.execute("ROLLBACK")
                    work.done.set_exception(Duplicate() if is_duplicate(exc) else exc)
                    return [], work
            await self._db.execute("COMMIT")
        except BaseException:
            if self._db.in_transaction:
                with contextlib.suppress(sqlite3.OperationalError):  # already ended
                    await self._db.execute("ROLLBACK")
            raise
        return ran, None

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

    def changed_in(self, game_id: str) -> str:
        return "NULL"  # nobody to tell

    async def watch(self, changed: Callable[[int], None]) -> None:
        """Nothing to hear: no other process changes this file's games."""
