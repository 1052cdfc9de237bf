"""Schema migrations: an empty file, a file from version 1, a file from the future."""

from __future__ import annotations

import asyncio
import sqlite3

import aiosqlite
import pytest

from storage import SqliteStore, schema
from storage.schema import LATEST, SchemaTooNew, migrate


def version(path) -> int:
    db = sqlite3.connect(path)
    try:
        return db.execute("PRAGMA user_version").fetchone()[0]
    finally:
        db.close()


async def test_empty_file_gets_the_latest_schema(tmp_path):
    path = tmp_path / "new.db"
    async with await SqliteStore.open(path):
        pass
    assert version(path) == LATEST >= 2
    async with await SqliteStore.open(path):  # a second open changes nothing
        pass
    assert version(path) == LATEST


async def test_two_processes_opening_a_new_file_at_once(tmp_path):
    path = tmp_path / "new.db"
    stores = await asyncio.gather(
        SqliteStore.open(path), SqliteStore.open(path), SqliteStore.open(path)
    )
    for store in stores:
        await store.close()
    assert version(path) == LATEST


async def test_file_from_version_1_keeps_its_data(tmp_path):
    path = tmp_path / "v1.db"
    async with aiosqlite.connect(path, isolation_level=None) as db:
        assert await migrate(db, target=1) == 1
        await db.executescript(
            """
            INSERT INTO players (id, name, created_at)
                VALUES (1, 'Xiang Yu', 0), (2, 'Liu Bang', 0);
            INSERT INTO games (id, guild_id, channel_id, variant, red_id, black_id, options,
                               rated, status, result, reason, created_at, updated_at, finished_at)
                VALUES (7, 55, 9, 'xiangqi', 1, 2, '{}', 1, 'finished', '1-0', 'checkmate',
                        1.0, 2.0, 2.0);
            INSERT INTO entries (game_id, seq, actor_id, text, at)
                VALUES (7, 0, 1, 'h2e2', 1.5), (7, 1, 2, 'h9g7', 1.6);
            INSERT INTO secrets (game_id, seed, setup) VALUES (7, '42', '{}');
            INSERT INTO ratings (user_id, variant, rating, rd, rated_games, wins, losses)
                VALUES (1, 'xiangqi', 1662.3, 290.3, 1, 1, 0),
                       (2, 'xiangqi', 1337.7, 290.3, 1, 0, 1);
            """
        )
    assert version(path) == 1

    async with await SqliteStore.open(path) as store:
        record = await store.load_game(7)
        assert [e.text for e in record.entries] == ["h2e2", "h9g7"]
        assert (record.result, record.red_id) == ("1-0", 1)
        assert (await store.load_secret(7)).seed == 42
        # Version 2's server leaderboard was filled from the finished game.
        board = await store.leaderboard("xiangqi", 55)
        assert [(r.user_id, r.name, r.rating) for r in board] == [
            (1, "Xiang Yu", 1662.3),
            (2, "Liu Bang", 1337.7),
        ]
    assert version(path) == LATEST


async def test_a_failed_step_leaves_the_file_as_it_was(tmp_path, monkeypatch):
    path = tmp_path / "v1.db"
    async with aiosqlite.connect(path, isolation_level=None) as db:
        await migrate(db, target=1)
    broken = (schema.MIGRATIONS[0], ("CREATE TABLE x (a)", "not sql"))
    monkeypatch.setattr(schema, "MIGRATIONS", broken)
    async with aiosqlite.connect(path, isolation_level=None) as db:
        with pytest.raises(sqlite3.OperationalError):
            await migrate(db, target=2)
        tables = await db.execute_fetchall("SELECT name FROM sqlite_master WHERE name = 'x'")
        assert list(tables) == []
    assert version(path) == 1


async def test_file_from_a_newer_version_is_refused(tmp_path):
    path = tmp_path / "future.db"
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {LATEST + 1}")
    db.close()
    with pytest.raises(SchemaTooNew):
        await SqliteStore.open(path)
