"""Copy a SQLite file's whole history into an empty PostgreSQL database, once.

The file is read in one read transaction (the bot may keep running on it:
WAL readers do not block its writer, but whatever it commits after the read
began is not copied, so stop it for the final copy). Everything is written in
one PostgreSQL transaction with ``COPY``, the identity counters are moved past
the copied ids, and the row counts of every table are compared before it
commits: a copy is whole or absent.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg

from .postgres.schema import migrate as migrate_postgres
from .schema import LATEST as SQLITE_LATEST
from .sqlite import SqliteStore

# Parents before children, for the foreign keys.
TABLE_ORDER = (
    "players",
    "prefs",
    "games",
    "secrets",
    "entries",
    "ratings",
    "guild_players",
    "guild_settings",
    "challenges",
    "reviews",
    "heartbeats",  # when the SQLite bot last served: its outage is given back
    "premoves",
    "vacations",
    "digests",
    "reminder_plans",
    "puzzle_ratings",
    "puzzle_attempts",
    "daily_puzzle_plans",
    "daily_puzzles",
    "endgame_tries",
    "tournaments",
    "tournament_entrants",
    "tournament_rounds",
    "tournament_pairings",
    "wakes",  # the games the bot let go of from memory, and when each wakes
)
IDENTITY_TABLES = ("games", "challenges", "tournaments")


class CopyRefused(RuntimeError):
    """The copy would mix histories or lose data, so it did not start."""


@dataclass(frozen=True, slots=True)
class TableCount:
    table: str
    sqlite: int
    postgres: int


async def copy_sqlite_to_postgres(source: str | Path, dsn: str) -> list[TableCount]:
    """Copy every row of ``source`` into the database at ``dsn``; the checked counts.

    :raises CopyRefused: when the PostgreSQL database already holds games or
        players, or the schemas differ.
    """
    if not Path(source).exists():
        raise CopyRefused(f"{source} does not exist")
    async with await SqliteStore.open(source):
        pass  # brings an old file up to the current schema first
    conn = await asyncpg.connect(dsn)
    try:
        await migrate_postgres(conn)
        db = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
        try:
            db.execute("BEGIN")  # one snapshot of the file for every table
            if db.execute("PRAGMA user_version").fetchone()[0] != SQLITE_LATEST:
                raise CopyRefused("the SQLite file is not at this code's schema version")
            async with conn.transaction():
                counts = await _copy(db, conn)
        finally:
            db.close()
    finally:
        await conn.close()
    return counts


async def _copy(db: sqlite3.Connection, conn: asyncpg.Connection) -> list[TableCount]:
    for table in ("players", "games"):
        if await conn.fetchval(f"SELECT EXISTS (SELECT 1 FROM {table})"):
            raise CopyRefused(f"PostgreSQL already holds {table}; copy into an empty database")
    in_sqlite = {row[0] for row in db.execute("SELECT name FROM sqlite_schema WHERE type='table'")}
    tables = [t for t in TABLE_ORDER if t in in_sqlite]
    unknown = in_sqlite - set(TABLE_ORDER) - {"sqlite_sequence"}
    if unknown:
        raise CopyRefused(f"tables this code does not know how to copy: {sorted(unknown)}")
    counts = []
    for table in tables:
        types = dict(
            await conn.fetch(
                "SELECT column_name, data_type FROM information_schema.columns"
                " WHERE table_schema = current_schema() AND table_name = $1",
                table,
            )
        )
        cursor = db.execute(f"SELECT * FROM {table}")
        columns = [d[0] for d in cursor.description]
        missing = [c for c in columns if c not in types]
        if missing:
            raise CopyRefused(f"PostgreSQL's {table} has no column {missing}")
        records = [
            tuple(_value(types[c], v) for c, v in zip(columns, row, strict=True)) for row in cursor
        ]
        await conn.copy_records_to_table(table, records=records, columns=columns)
        copied = await conn.fetchval(f"SELECT count(*) FROM {table}")
        counts.append(TableCount(table, len(records), copied))
    for table in IDENTITY_TABLES:
        await conn.execute(
            f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
            f" COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"
        )
    wrong = [c for c in counts if c.sqlite != c.postgres]
    if wrong:
        raise CopyRefused(f"row counts differ, nothing was copied: {wrong}")
    return counts


def _value(pg_type: str, value: Any) -> Any:
    """A SQLite value as the PostgreSQL column takes it (flags are 0/1 there)."""
    if value is not None and pg_type == "boolean":
        return bool(value)
    return value
