"""The one SQLite connection of a process: opened, configured and migrated,
its statements bound by name, and the faults of its file refused cleanly.

A lock held too long by another process, a full disk or an I/O error raises
:class:`StorageUnavailable`: the file cannot be written now, but the request
was not wrong, and the next call simply tries again.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Iterable, Mapping
from contextlib import asynccontextmanager
from typing import Any

import aiosqlite

from ..errors import StorageUnavailable
from ..rows import Row
from ..schema import migrate

log = logging.getLogger(__name__)

# How long a write waits for another process's lock before it is refused:
# far longer than any of our own transactions, short enough for a user to wait.
BUSY_TIMEOUT_MS = 10_000

# SQLite's primary result codes that mean "the file cannot be written now",
# not "this request is wrong": busy/locked, I/O error, full, cannot open.
_FAULTS = frozenset(
    {
        sqlite3.SQLITE_BUSY,
        sqlite3.SQLITE_LOCKED,
        sqlite3.SQLITE_IOERR,
        sqlite3.SQLITE_FULL,
        sqlite3.SQLITE_CANTOPEN,
    }
)
_DUPLICATES = frozenset({sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY})


async def connect(path: str | os.PathLike[str]) -> aiosqlite.Connection:
    """Open (creating if needed) and migrate the database at ``path``, in
    autocommit mode: the dialect begins every transaction itself."""
    _create_private(path)
    db = await aiosqlite.connect(os.fspath(path), isolation_level=None)
    try:
        db.row_factory = sqlite3.Row
        # Fetched to the end so that no statement stays in progress.
        await db.execute_fetchall(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_MS)}")
        await _enable_wal(db)
        # FULL: a commit is on disk before append returns, so a move the
        # bot announced survives a power cut too (docs/storage.md).
        await db.execute_fetchall("PRAGMA synchronous = FULL")
        await db.execute_fetchall("PRAGMA foreign_keys = ON")
        await migrate(db)
    except BaseException:
        await db.close()
        raise
    return db


class SqliteConnection:
    """A transaction's statements on the connection; SQLite binds ``:name`` itself."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def fetch(self, sql: str, /, **params: Any) -> list[Row]:
        return list(await self._db.execute_fetchall(sql, params))

    async def fetchrow(self, sql: str, /, **params: Any) -> Row | None:
        rows = await self._db.execute_fetchall(sql, params)
        return next(iter(rows), None)

    async def fetchval(self, sql: str, /, **params: Any) -> Any:
        rows = await self._db.execute_fetchall(sql, params)
        return next((row[0] for row in rows), None)

    async def execute(self, sql: str, /, **params: Any) -> None:
        await self._db.execute(sql, params)

    async def executemany(self, sql: str, rows: Iterable[Mapping[str, Any]], /) -> None:
        await self._db.executemany(sql, rows)


def is_duplicate(exc: BaseException) -> bool:
    """Whether ``exc`` is a unique key (or primary key) refusing a row."""
    return isinstance(exc, sqlite3.IntegrityError) and exc.sqlite_errorcode in _DUPLICATES


@asynccontextmanager
async def faults_refused() -> AsyncIterator[None]:
    """Turn a fault of the file into :class:`StorageUnavailable` (logged once
    here, without the statement: its parameters may hold a secret setup)."""
    try:
        yield
    except sqlite3.OperationalError as exc:
        if exc.sqlite_errorcode & 0xFF not in _FAULTS:
            raise
        log.warning("SQLite refused a transaction: %s", exc.sqlite_errorname)
        raise StorageUnavailable(exc) from exc


def _create_private(path: str | os.PathLike[str]) -> None:
    """Create a new database file readable and writable by its owner only (0600)
    before SQLite creates it with the umask's mode: it holds every secret setup.
    SQLite gives the WAL and shared-memory files the mode of the database file."""
    if os.fspath(path) == ":memory:":
        return
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))  # an existing file is left as it is


async def _enable_wal(db: aiosqlite.Connection, tries: int = 100) -> None:
    """Switch the file to WAL. The switch takes an exclusive lock without
    waiting on ``busy_timeout``, so processes opening a new file at the same
    moment can see "database is locked": try again shortly."""
    for attempt in range(tries):
        try:
            await db.execute_fetchall("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or attempt == tries - 1:
                raise
            await asyncio.sleep(0.01)
