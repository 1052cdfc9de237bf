"""The database file and its WAL and shared-memory files are readable by their owner only."""

from __future__ import annotations

import os
import stat

from storage import NewGame, SqliteStore


async def test_the_database_and_its_wal_are_created_owner_only(tmp_path):
    path = tmp_path / "chuhan.sqlite3"
    old = os.umask(0o022)  # the usual umask, which would leave them readable by all
    try:
        async with await SqliteStore.open(path) as store:
            await store.create_game(NewGame(1, 2, "jieqi", 3, 4, {}, True, 123456789))
            files = [path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")]
            modes = {f.name: stat.S_IMODE(f.stat().st_mode) for f in files}
    finally:
        os.umask(old)
    assert modes == dict.fromkeys(modes, 0o600)
