"""Storage of issue 12 (schema version 4): locales, notice preferences, notice marks."""

from __future__ import annotations

import aiosqlite

from storage import SqliteStore
from storage.schema import migrate


async def test_a_version_2_file_owes_no_notice_and_keeps_its_preferences(tmp_path):
    path = tmp_path / "v2.db"
    async with aiosqlite.connect(path, isolation_level=None) as db:
        assert await migrate(db, target=2) == 2
        await db.executescript(
            """
            INSERT INTO players (id, name, created_at) VALUES (1, 'a', 0), (2, 'b', 0);
            INSERT INTO prefs (user_id, notation) VALUES (1, 'wxf');
            INSERT INTO games (id, guild_id, channel_id, variant, red_id, black_id, options,
                               rated, status, created_at, updated_at)
                VALUES (7, 55, 9, 'xiangqi', 1, 2, '{}', 1, 'active', 1.0, 2.0);
            INSERT INTO entries (game_id, seq, actor_id, text, at)
                VALUES (7, 0, 1, 'h2e2', 1.5), (7, 1, 2, 'h9g7', 1.6);
            """
        )
    async with await SqliteStore.open(path) as store:
        assert await store.notified(7) == 2  # the players are not pinged on upgrade
        prefs = await store.get_prefs(1)
        assert (prefs.notation, prefs.notify) == ("wxf", "thread")
        assert await store.player_locale(1) is None
        await store.set_locale(1, "zh-CN")
        await store.set_prefs(2, notify="both")
    async with await SqliteStore.open(path) as store:
        assert await store.player_locale(1) == "zh-CN"
        assert (await store.get_prefs(2)).notify == "both"
