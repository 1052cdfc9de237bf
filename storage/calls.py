"""``SqlCalls``: what every group of the store's calls stands on, the
dialect and the clock the store was opened with, so that each group (games,
puzzles, tournaments) can live in a module of its own and still be one
:class:`~storage.store.SqlStore`."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .dialect import Connection, Dialect


class SqlCalls:
    def __init__(self, dialect: Dialect, clock: Callable[[], float]) -> None:
        self._dialect = dialect
        self._clock = clock

    @staticmethod
    async def _ensure_players(conn: Connection, ids: Iterable[int], now: float) -> None:
        # Sorted: two transactions creating the same players lock them in one order.
        await conn.executemany(
            "INSERT INTO players (id, created_at) VALUES (:id, :now) ON CONFLICT DO NOTHING",
            [{"id": user_id, "now": now} for user_id in sorted(set(ids))],
        )

    async def _wrote(self, sql: str, /, **params: object) -> bool:
        """One compare-and-set write: whether it changed a row (``RETURNING`` one)."""
        async with self._dialect.transaction(write=True) as conn:
            return await conn.fetchval(sql, **params) is not None
