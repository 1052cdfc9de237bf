"""``PostgresDialect``: the store on PostgreSQL, for several processes.

A pool gives each call its own connection and one transaction; nothing is
shared between coroutines, so there is no in-process lock. Races between
processes are decided by the database: the ``(game_id, seq)`` key and the
game row locked ``FOR UPDATE`` for an append, the status compare-and-set
for a finish, rating rows locked in user-id order, due deadlines claimed
with ``FOR UPDATE SKIP LOCKED``. ``synchronous_commit`` stays ``on``: a call
that returns has committed to disk. A server that is down or restarting
makes a call raise :class:`StorageUnavailable`; the pool reconnects by
itself, and so does the listener of :meth:`watch` (``connections``).
"""

from __future__ import annotations

import contextlib
import logging
import secrets
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any, Self

import asyncpg

from ..dialect import Connection, Dialect, Duplicate
from ..errors import StorageUnavailable
from ..rows import Row
from . import connections
from .schema import migrate

log = logging.getLogger(__name__)

# The channel of change notices: one per schema, as one database may hold several.
CHANNEL = "'chuhan_games.' || current_schema()"
# After the listener was lost, games changed since this long before are read
# again: the processes' clocks, which stamp the changes, may differ a little.
MISSED_MARGIN_SECONDS = 60.0


class PostgresDialect(Dialect):
    for_update = " FOR UPDATE"
    ends_claim = ", claimed_until = NULL"
    writes_in_with = True

    def __init__(self, pool: asyncpg.Pool, clock: Callable[[], float]) -> None:
        self._pool = pool
        self._clock = clock
        # Signs this store's change notices, so that it does not hear its own.
        self._token = secrets.token_hex(8)
        self._listener: tuple[asyncpg.Connection, str] | None = None
        self._changed_elsewhere: Callable[[int], None] = lambda _game_id: None  # see watch
        # When the listening connection was lost, until it listens again and
        # the games changed meanwhile were reported.
        self._deaf_since: float | None = None

    @classmethod
    async def open(
        cls, dsn: str, *, clock: Callable[[], float], min_size: int, max_size: int
    ) -> Self:
        """Connect a pool to ``dsn`` (``postgresql://…``) and migrate the database."""
        pool = await asyncpg.create_pool(
            dsn,
            min_size=min_size,
            max_size=max_size,
            timeout=connections.CONNECT_SECONDS,
            command_timeout=connections.WAIT_SECONDS,
            reset=connections.kept,
        )
        try:
            async with pool.acquire() as conn:
                await migrate(conn)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, clock)

    async def close(self) -> None:
        if self._listener is not None:
            conn, channel = self._listener
            self._listener = None
            with contextlib.suppress(*connections.FAULTS):  # the server is gone already
                await conn.remove_listener(channel, self._heard)
            await self._pool.release(conn)
        await self._pool.close()

    @asynccontextmanager
    async def transaction(self, *, write: bool) -> AsyncIterator[Connection]:
        """One connection of the pool in one transaction; reads see one snapshot."""
        await self._hear_again()
        options = {} if write else {"isolation": "repeatable_read", "readonly": True}
        try:
            async with connections.transaction(self._pool, **options) as conn:
                yield connections.PostgresConnection(conn)
        except asyncpg.UniqueViolationError as exc:
            raise Duplicate from exc

    async def fetch(self, sql: str, /, **params: Any) -> Sequence[Row]:
        await self._hear_again()
        return await connections.fetch(self._pool, *connections.positional(sql, params))

    def in_list(self, name: str) -> str:
        return f"= ANY(:{name}::bigint[])"

    def list_value(self, values: Iterable[int]) -> object:
        return list(values)

    async def claim(self, due: str, /, **params: Any) -> Sequence[Row]:
        """Rows another process is claiming at this moment are skipped, and a
        claim holds for ``:lease`` seconds, so two processes sweeping at once
        never both get a game; a new deadline ends the claim (:attr:`ends_claim`)."""
        async with self.transaction(write=True) as conn:
            return await conn.fetch(
                "UPDATE games SET claimed_until = :now + :lease WHERE id IN (SELECT id FROM games"
                f" WHERE {due} AND (claimed_until IS NULL OR claimed_until <= :now)"
                " ORDER BY deadline, id FOR UPDATE SKIP LOCKED) RETURNING id, deadline",
                **params,
            )

    async def write(self, sql: str, /, **params: Any) -> Sequence[Row]:
        """The statement alone, its own transaction: one round trip. Like a
        read, it is sent again on another connection when the one it got turns
        out closed; the store's writes that go this way may be: an entry sent
        twice is refused the second time by its sequence number, and a notice
        mark written twice is the same mark."""
        await self._hear_again()
        try:
            return await connections.fetch(self._pool, *connections.positional(sql, params))
        except asyncpg.UniqueViolationError as exc:
            raise Duplicate from exc

    async def changed(self, conn: Connection, game_id: int) -> None:
        await conn.execute(
            f"SELECT pg_notify({CHANNEL}, :notice)", notice=f"{self._token} {game_id}"
        )

    def changed_in(self, game_id: str) -> str:
        # The token is hexadecimal: safe inside the statement's text.
        return f"pg_notify({CHANNEL}, '{self._token} ' || ({game_id})::text)"

    async def watch(self, changed: Callable[[int], None]) -> None:
        """One connection of the pool listens for the rest of the store's life;
        if the server drops it, the next call listens again and reports every
        game changed in between."""
        self._changed_elsewhere = changed
        await self._listen()

    async def _listen(self) -> None:
        conn = await connections.acquire(self._pool)
        try:
            channel = await conn.fetchval(f"SELECT {CHANNEL}")
            await conn.add_listener(channel, self._heard)
        except BaseException as exc:
            await self._pool.release(conn)
            if connections.is_fault(exc, conn):
                raise connections.unavailable(exc) from exc
            raise
        conn.add_termination_listener(self._deafened)
        self._listener = (conn, channel)

    def _heard(self, _conn: object, _pid: int, _channel: str, payload: str) -> None:
        token, _, game = payload.partition(" ")
        if token != self._token and game.isdigit():
            self._changed_elsewhere(int(game))

    def _deafened(self, conn: asyncpg.Connection) -> None:
        """The listening connection closed (the pool takes it back by itself)."""
        if self._listener is not None and self._listener[0] is conn:
            self._listener = None
            self._deaf_since = self._clock()
            log.warning("lost the connection that hears other processes; will listen again")

    async def _hear_again(self) -> None:
        """Listen again after the listener was lost, then report the games
        changed meanwhile; left for a later call while the server is away."""
        since, self._deaf_since = self._deaf_since, None  # one call at a time tries
        if since is None:
            return
        try:
            if self._listener is None:
                await self._listen()
            rows = await connections.fetch(
                self._pool,
                "SELECT id FROM games WHERE updated_at >= $1 ORDER BY id",
                since - MISSED_MARGIN_SECONDS,
            )
        except StorageUnavailable:
            self._deaf_since = since if self._deaf_since is None else min(since, self._deaf_since)
            return
        log.info("listening again to other processes; %d games to read again", len(rows))
        for row in rows:
            self._changed_elsewhere(row["id"])
