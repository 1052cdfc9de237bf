"""Pytest fixtures for a real PostgreSQL server, one per test session, and
the store every storage test runs on twice, once on each database.

The server is started once (a throw-away cluster on a unix socket in a
temporary directory) and every test gets a fresh empty schema in it, which
is much quicker than a database per test. ``store_target`` is a SQLite file
path, then a ``postgresql://`` URL; ``store`` is the store open on it, with
the test's ``clock``.
"""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import asyncpg
import pytest

from benchmarks.throwaway_postgres import ThrowawayPostgres
from storage import Store, open_store
from tests.system_tools import postgres_bindir

_schemas = itertools.count(1)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[ThrowawayPostgres]:
    with ThrowawayPostgres(postgres_bindir(), durable=False) as server:
        yield server


@pytest.fixture
async def postgres_dsn(postgres_server: ThrowawayPostgres) -> str:
    """The URL of a new empty schema, the first on the search path of every connection."""
    return await new_schema(postgres_server)


async def new_schema(server: ThrowawayPostgres) -> str:
    name = f"test_{next(_schemas)}"
    conn = await asyncpg.connect(server.dsn())
    try:
        await conn.execute(f"CREATE SCHEMA {name}")
    finally:
        await conn.close()
    return server.dsn(search_path=name)


@pytest.fixture(params=["sqlite", "postgresql"])
def store_kind(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture
def store_target(request: pytest.FixtureRequest, store_kind: str, tmp_path: Path) -> str:
    """What ``open_store`` opens: a fresh SQLite file or a fresh PostgreSQL schema."""
    if store_kind == "sqlite":
        return str(tmp_path / "chuhan.db")
    return request.getfixturevalue("postgres_dsn")


class Clock:
    """The unix time a store stamps on rows, moved on by hand."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def store(store_target: str, clock: Clock) -> AsyncIterator[Store]:
    async with await open_store(store_target, clock=clock) as opened:
        yield opened
