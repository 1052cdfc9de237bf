"""The PostgreSQL store: the same ``Store`` methods and records over ``asyncpg``,
for deployments that run several bot processes on one database."""

from .store import PostgresStore

__all__ = ["PostgresStore"]
