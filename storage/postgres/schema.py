"""PostgreSQL schema: numbered SQL files applied once, under an advisory lock.

``migrations/NNNN_name.sql`` takes a database from version ``NNNN - 1`` to
``NNNN``, recorded in ``schema_version``. The steps mirror SQLite's
(``storage/schema.py``) one for one, so both stores have the same tables.
Released files are never edited: a change is a new file.
"""

from __future__ import annotations

from importlib import resources

import asyncpg

from ..schema import SchemaTooNew

# Any constant shared by every Chuhan process: pg_advisory_xact_lock(key)
# serialises migrations of one database ("chuhan" in ASCII).
MIGRATION_LOCK = 0x636875686E


def _load() -> tuple[str, ...]:
    folder = resources.files(__package__).joinpath("migrations")
    files = sorted((f for f in folder.iterdir() if f.name.endswith(".sql")), key=lambda f: f.name)
    for number, file in enumerate(files, start=1):
        if int(file.name.split("_", 1)[0]) != number:
            raise RuntimeError(f"migration {file.name} is out of sequence")
    return tuple(f.read_text(encoding="utf-8") for f in files)


MIGRATIONS = _load()
LATEST = len(MIGRATIONS)


async def schema_version(conn: asyncpg.Connection) -> int:
    """The database's version; 0 for an empty database."""
    exists = await conn.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
    if not exists:
        return 0
    return int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))


async def migrate(conn: asyncpg.Connection, target: int = LATEST) -> int:
    """Bring the database up to ``target``, one transaction per step; the version.

    Each step takes the advisory lock and re-reads the version inside its
    transaction, so processes starting together apply every step once; a
    failing step rolls back whole (PostgreSQL's DDL is transactional).
    """
    version = await schema_version(conn)
    if version > LATEST:
        raise SchemaTooNew(f"database is at schema version {version}, this code knows {LATEST}")
    while version < target:
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_version ("
                " version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
            )
            version = await schema_version(conn)
            if version < target:
                await conn.execute(MIGRATIONS[version])
                version += 1
                await conn.execute("INSERT INTO schema_version (version) VALUES ($1)", version)
    return version
