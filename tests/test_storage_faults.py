"""The SQLite store when its file misbehaves: locked by another process, or full.

A refused call raises ``StorageUnavailable``, commits nothing, leaves the
store usable, and the same call succeeds once the fault is gone.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import storage.sqlite.connection
from storage import NewGame, SqliteStore, StorageUnavailable
from tests.db_faults import locked

MOVES = ["h2e2", "h9g7", "h0g2", "i9h9"]


def new_game() -> NewGame:
    return NewGame(1, 500, "xiangqi", 1, 2, {}, rated=True, seed=7)


@pytest.fixture
async def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(storage.sqlite.connection, "BUSY_TIMEOUT_MS", 50)  # refuse quickly
    async with await SqliteStore.open(tmp_path / "chuhan.db") as opened:
        yield opened


async def test_a_write_waits_the_busy_timeout_for_another_process_then_is_refused(
    store: SqliteStore, tmp_path: Path
):
    game_id = await store.create_game(new_game())
    await store.append(game_id, 0, 1, MOVES[0])
    with locked(tmp_path / "chuhan.db"):
        with pytest.raises(StorageUnavailable, match="locked"):
            await store.append(game_id, 1, 2, MOVES[1])
        # Readers are not blocked by a writer (WAL): the log is as acknowledged.
        assert [e.text for e in (await store.load_game(game_id)).entries] == MOVES[:1]
    await store.append(game_id, 1, 2, MOVES[1])  # the same entry, now it is free
    assert [e.text for e in (await store.load_game(game_id)).entries] == MOVES[:2]


async def test_a_full_disk_refuses_the_append_and_keeps_every_acknowledged_entry(
    store: SqliteStore,
):
    """``max_page_count`` stops the file growing, as a full disk does (SQLITE_FULL)."""
    game_id = await store.create_game(new_game())
    pragma = store._dialect.fetch  # the store's own connection: the limit is per connection
    pages = (await pragma("PRAGMA page_count"))[0][0]
    await pragma(f"PRAGMA max_page_count = {pages}")
    acknowledged: list[str] = []
    with pytest.raises(StorageUnavailable, match="full"):
        for seq in range(2000):  # long entries fill the last free page soon
            text = f"@r:note{seq:04}".ljust(64, "x")
            await store.append(game_id, seq, 1, text)
            acknowledged.append(text)
    assert [e.text for e in (await store.load_game(game_id)).entries] == acknowledged
    await pragma(f"PRAGMA max_page_count = {pages * 100}")  # space again
    refused = f"@r:note{len(acknowledged):04}"
    await store.append(game_id, len(acknowledged), 1, refused)
    assert (await store.load_game(game_id)).entries[-1].text == refused
