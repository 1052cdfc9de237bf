"""``Dialect``: what one database does its own way, under the one store.

:class:`~storage.store.SqlStore` writes every method once, in the SQL that
SQLite and PostgreSQL share, with named parameters (``:name``). A dialect
(``storage/sqlite``, ``storage/postgres``) supplies the rest: binding those
parameters, transactions and their locks, lists as parameters, handing out
due deadlines, change notices for other processes, and the translation of
its driver's errors (:class:`~storage.errors.StorageUnavailable` for a
database that cannot answer, :class:`Duplicate` for a unique key).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, ClassVar, Protocol, TypeVar

from .rows import Row

T = TypeVar("T")


class Duplicate(Exception):
    """A unique key refused a row: the store says which race was lost."""


class Connection(Protocol):
    """One transaction's statements; ``params`` bind the ``:name`` parameters."""

    async def fetch(self, sql: str, /, **params: Any) -> Sequence[Row]: ...
    async def fetchrow(self, sql: str, /, **params: Any) -> Row | None: ...
    async def fetchval(self, sql: str, /, **params: Any) -> Any: ...
    async def execute(self, sql: str, /, **params: Any) -> None: ...
    async def executemany(self, sql: str, rows: Iterable[Mapping[str, Any]], /) -> None: ...


class Dialect(ABC):
    """The database under a store, opened by its own ``open``."""

    # Appended to a read of the game row that decides a change: locks it
    # until the transaction ends where other processes could change it too.
    for_update: ClassVar[str]
    # Appended to the SET clause of an UPDATE of games that sets a new
    # deadline: what else that does (PostgreSQL ends the claim on it).
    ends_claim: ClassVar[str]
    # Whether a statement may change rows in its WITH clauses: then an entry
    # that ends nothing is appended by one statement, in one round trip.
    writes_in_with: ClassVar[bool]

    @abstractmethod
    def transaction(self, *, write: bool) -> AbstractAsyncContextManager[Connection]:
        """One transaction, committed on exit and rolled back on any exception;
        a read-only one (``write=False``) sees one snapshot.

        :raises StorageUnavailable: when the database fails it.
        :raises Duplicate: when a unique key refused a row.
        """

    async def grouped(self, work: Callable[[Connection], Awaitable[T]]) -> T:
        """``work`` in a write transaction of its own, as :meth:`transaction`;
        where writes are serialised (SQLite) the works that queue meanwhile
        share one, and a work may run more than once (see there): it must do
        nothing but its statements."""
        async with self.transaction(write=True) as conn:
            return await work(conn)

    @abstractmethod
    async def fetch(self, sql: str, /, **params: Any) -> Sequence[Row]:
        """A single read statement (atomic on its own). :raises StorageUnavailable:"""

    async def write(self, sql: str, /, **params: Any) -> Sequence[Row]:
        """A single write statement, committed when this returns; what it
        returns. Where a statement is its own transaction (PostgreSQL) that
        saves the round trips of a ``BEGIN`` and a ``COMMIT``.

        :raises StorageUnavailable: :raises Duplicate: as :meth:`transaction`.
        """
        async with self.transaction(write=True) as conn:
            return await conn.fetch(sql, **params)

    @abstractmethod
    def in_list(self, name: str) -> str:
        """The condition that what precedes it is one of the integers bound to ``:name``."""

    @abstractmethod
    def list_value(self, values: Iterable[int]) -> object:
        """``values`` as the parameter of :meth:`in_list` takes them."""

    @abstractmethod
    async def claim(self, due: str, /, **params: Any) -> Sequence[Row]:
        """The ``id`` and ``deadline`` of the games matching ``due``, handed to
        this process to time out: for ``:lease`` seconds after ``:now`` no
        other process gets them."""

    @abstractmethod
    async def changed(self, conn: Connection, game_id: int) -> None:
        """Tell the other processes, once ``conn``'s transaction commits, that the game changed."""

    @abstractmethod
    def changed_in(self, game_id: str) -> str:
        """An SQL expression that does in a statement what :meth:`changed`
        does, for the game whose id is the SQL expression ``game_id``."""

    @abstractmethod
    async def watch(self, changed: Callable[[int], None]) -> None:
        """Call ``changed(game_id)`` for every change another process announced."""

    @abstractmethod
    async def close(self) -> None: ...
