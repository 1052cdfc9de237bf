"""Operator commands for the database.

``python -m storage migrate [--db TARGET]``
    bring the database (``CHUHAN_DB``, from the environment or ``.env``,
    unless given) to the current schema;
    the deploy step before starting several bot processes.
``python -m storage copy --from chuhan.sqlite3 --to postgresql://…``
    copy a SQLite file's whole history into an empty PostgreSQL database and
    check the row counts of every table.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3

import asyncpg
from dotenv import dotenv_values

from .copy import CopyRefused, copy_sqlite_to_postgres
from .factory import is_postgres
from .postgres.schema import migrate as migrate_postgres
from .schema import SchemaTooNew
from .sqlite import SqliteStore


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m storage")
    commands = parser.add_subparsers(dest="command", required=True)
    migrate = commands.add_parser("migrate", help="bring the database to the current schema")
    migrate.add_argument("--db", default=_configured_db())
    copy = commands.add_parser("copy", help="copy a SQLite file into an empty PostgreSQL database")
    copy.add_argument("--from", dest="source", required=True, help="the SQLite file")
    copy.add_argument("--to", dest="target", required=True, help="a postgresql:// URL")
    args = parser.parse_args(argv)
    try:
        if args.command == "migrate":
            print(f"schema version {asyncio.run(_migrate(args.db))}")
            return 0
        if not is_postgres(args.target):
            parser.error("--to takes a postgresql:// URL")
        for count in asyncio.run(copy_sqlite_to_postgres(args.source, args.target)):
            print(f"{count.table}: {count.sqlite} rows copied, {count.postgres} in PostgreSQL")
        print("counts match")
        return 0
    except (CopyRefused, SchemaTooNew) as exc:
        print(f"refused: {exc}")
        return 1


def _configured_db() -> str:
    """``CHUHAN_DB`` as the bot reads it: the environment over ``.env``."""
    configured = os.environ.get("CHUHAN_DB") or dotenv_values(".env").get("CHUHAN_DB")
    return (configured or "").strip() or "chuhan.sqlite3"


async def _migrate(target: str) -> int:
    """Migrate the database; the version it is at."""
    if is_postgres(target):
        conn = await asyncpg.connect(target)
        try:
            return await migrate_postgres(conn)
        finally:
            await conn.close()
    async with await SqliteStore.open(target):
        pass
    db = sqlite3.connect(target)
    try:
        return int(db.execute("PRAGMA user_version").fetchone()[0])
    finally:
        db.close()
