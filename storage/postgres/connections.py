"""Connections of the pool that fail cleanly when the server goes away.

A restarted server or a cut connection (``pg_terminate_backend``) leaves
dead connections idle in the pool; asyncpg notices only when one is used.
So a transaction that fails at its ``BEGIN`` on a dead connection is begun
again on another (the pool reconnects), and a single read is simply run
again; nothing was sent that could have committed. Any other fault of the
server, or one that persists, becomes :class:`StorageUnavailable`.

asyncpg binds parameters by number (``$1``); the store's statements name
them (``:name``), so :class:`PostgresConnection` numbers them on the way.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import re
from collections.abc import AsyncIterator, Iterable, Mapping
from contextlib import asynccontextmanager
from typing import Any

import asyncpg
from asyncpg.transaction import Transaction

from ..errors import StorageUnavailable

log = logging.getLogger(__name__)

# A connection attempt to a server that does not answer is given up after this.
CONNECT_SECONDS = 10.0
# Waiting for a free connection of the pool, and for any one statement.
WAIT_SECONDS = 30.0

# Errors that say the server is unreachable, going down, or out of resources
# (OSError covers a refused or timed-out connection; class 08 a lost one; 57 a
# shutdown, a crash or a cancelled statement; 53 a full disk or too many clients).
FAULTS: tuple[type[BaseException], ...] = (
    OSError,
    asyncpg.PostgresConnectionError,
    asyncpg.OperatorInterventionError,
    asyncpg.InsufficientResourcesError,
)
_ASYNCPG = (asyncpg.PostgresError, asyncpg.InterfaceError, asyncpg.InternalClientError)
# A ``:name`` parameter; not the second colon of a ``::type`` cast.
_PARAMETER = re.compile(r"(?<!:):([A-Za-z_]\w*)")


@functools.lru_cache(maxsize=512)
def _numbered(sql: str) -> tuple[str, tuple[str, ...]]:
    """``sql`` with each ``:name`` as ``$n``, and the names in the order of ``n``."""
    names: dict[str, int] = {}

    def number(match: re.Match[str]) -> str:
        return f"${names.setdefault(match[1], len(names) + 1)}"

    return _PARAMETER.sub(number, sql), tuple(names)


def positional(sql: str, params: Mapping[str, Any]) -> list[Any]:
    """The statement, then its arguments, as asyncpg's calls take them."""
    numbered, names = _numbered(sql)
    return [numbered, *(params[name] for name in names)]


class PostgresConnection:
    """A transaction's statements on one connection of the pool."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    async def fetch(self, sql: str, /, **params: Any) -> list[asyncpg.Record]:
        return list(await self._conn.fetch(*positional(sql, params)))

    async def fetchrow(self, sql: str, /, **params: Any) -> asyncpg.Record | None:
        return await self._conn.fetchrow(*positional(sql, params))

    async def fetchval(self, sql: str, /, **params: Any) -> Any:
        return await self._conn.fetchval(*positional(sql, params))

    async def execute(self, sql: str, /, **params: Any) -> None:
        await self._conn.execute(*positional(sql, params))

    async def executemany(self, sql: str, rows: Iterable[Mapping[str, Any]], /) -> None:
        numbered, names = _numbered(sql)
        await self._conn.executemany(numbered, [[row[name] for name in names] for row in rows])


def is_fault(exc: BaseException, conn: asyncpg.Connection | None = None) -> bool:
    """Whether ``exc`` is the server's fault rather than the request's; any
    asyncpg error on a connection that is now closed is one."""
    if isinstance(exc, FAULTS):
        return True
    return conn is not None and isinstance(exc, _ASYNCPG) and closed(conn)


def closed(conn: asyncpg.Connection) -> bool:
    """Whether an acquired connection closed; the pool takes back one that
    closes, after which even asking raises."""
    try:
        return bool(conn.is_closed())
    except asyncpg.InterfaceError:
        return True


def unavailable(exc: BaseException) -> StorageUnavailable:
    """The refusal for ``exc``, logged once here without the statement (its
    parameters may hold a secret setup)."""
    log.warning("PostgreSQL unavailable: %s", type(exc).__name__)
    return StorageUnavailable(exc)


async def acquire(pool: asyncpg.Pool) -> asyncpg.Connection:
    """A connection of the pool. :raises StorageUnavailable: if none can be had."""
    try:
        return await pool.acquire(timeout=WAIT_SECONDS)
    except BaseException as exc:
        if is_fault(exc):
            raise unavailable(exc) from exc
        raise


async def kept(_conn: asyncpg.Connection) -> None:
    """The pool's reset of a connection given back, beyond asyncpg's own
    (which rolls back a transaction left open): nothing. The store leaves no
    session state behind (its advisory locks end with their transactions, the
    connection that listens is given back only as the pool closes), so the
    default reset statement would only add a round trip to every call."""


async def _begun(
    pool: asyncpg.Pool, options: dict[str, Any]
) -> tuple[asyncpg.Connection, Transaction]:
    """A connection of the pool and its begun transaction; every connection
    the pool holds may be dead after a restart, so try them all."""
    tries = pool.get_max_size() + 1
    for attempt in range(tries):
        conn = await acquire(pool)
        tx = conn.transaction(**options)
        try:
            await tx.start()
        except BaseException as exc:
            fault, dead = is_fault(exc, conn), closed(conn)
            await pool.release(conn)
            if not fault:
                raise
            if attempt == tries - 1 or not dead:
                raise unavailable(exc) from exc
            continue
        return conn, tx
    raise AssertionError("unreachable")


@asynccontextmanager
async def transaction(pool: asyncpg.Pool, **options: Any) -> AsyncIterator[asyncpg.Connection]:
    """One connection in one transaction (``options`` as for
    ``Connection.transaction``): committed on exit, rolled back on any exception.

    :raises StorageUnavailable: when the server fails it; if that happens
        during the COMMIT, the transaction may have committed all the same.
    """
    conn, tx = await _begun(pool, options)
    try:
        try:
            yield conn
        except BaseException:
            if not closed(conn):
                with contextlib.suppress(Exception):  # the first error is the one to raise
                    await tx.rollback()
            raise
        await tx.commit()
    except BaseException as exc:
        if is_fault(exc, conn):
            raise unavailable(exc) from exc
        raise
    finally:
        await pool.release(conn)


async def fetch(pool: asyncpg.Pool, sql: str, *params: Any) -> list[asyncpg.Record]:
    """A single read statement, run again on another connection if the one it
    got was dead. :raises StorageUnavailable:"""
    tries = pool.get_max_size() + 1
    for attempt in range(tries):
        conn = await acquire(pool)
        try:
            return list(await conn.fetch(sql, *params))
        except BaseException as exc:
            if not is_fault(exc, conn):
                raise
            if attempt == tries - 1 or not closed(conn):
                raise unavailable(exc) from exc
        finally:
            await pool.release(conn)
    raise AssertionError("unreachable")
