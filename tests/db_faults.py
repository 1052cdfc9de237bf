"""Faults of the database for tests: a PostgreSQL server to stop and start
again, connections to cut, a SQLite file to lock.

The server is a throw-away one of its own (one per test module), so stopping
it never disturbs the session's shared server.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import asyncpg
import pytest

from benchmarks.throwaway_postgres import ThrowawayPostgres
from tests.postgres_server import new_schema
from tests.system_tools import postgres_bindir


class RestartablePostgres(ThrowawayPostgres):
    """A throw-away server that can go down and come back with its data."""

    def down(self) -> None:
        """Stop as an administrator's restart does: every connection is closed."""
        assert self.root is not None
        self._run("pg_ctl", "-D", str(self.root / "data"), "-m", "fast", "-w", "stop")

    def up(self) -> None:
        assert self.root is not None
        options = f"-k {self.root} -c listen_addresses='' -c fsync=off"
        data, log = str(self.root / "data"), str(self.root / "log")
        self._run("pg_ctl", "-D", data, "-l", log, "-w", "-o", options, "start")

    @contextmanager
    def stopped(self) -> Iterator[None]:
        self.down()
        try:
            yield
        finally:
            self.up()


@pytest.fixture(scope="module")
def own_postgres() -> Iterator[RestartablePostgres]:
    with RestartablePostgres(postgres_bindir(), durable=False) as server:
        yield server


@pytest.fixture
async def own_dsn(own_postgres: RestartablePostgres) -> str:
    return await new_schema(own_postgres)


async def cut_connections(server: ThrowawayPostgres) -> int:
    """Terminate every other client connection of the server; how many."""
    conn = await asyncpg.connect(server.dsn())
    try:
        return await conn.fetchval(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
            " WHERE pid <> pg_backend_pid() AND backend_type = 'client backend'"
        )
    finally:
        await conn.close()


@contextmanager
def locked(path: str | Path) -> Iterator[None]:
    """Another process's exclusive lock on a SQLite file, as long as the block runs."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()
