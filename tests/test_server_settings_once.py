"""A burst of moves in games of one server asks for its settings at the same
moment: they are read once and shared, a change asked for while they are
read comes after that read, and a read that fails is tried again by the next
to ask."""

from __future__ import annotations

import asyncio

import pytest

from bot.server import ServerSettings
from storage import StorageUnavailable, open_store
from storage.store import SqlStore


@pytest.fixture
async def store(tmp_path):
    opened = await open_store(str(tmp_path / "settings.sqlite3"))
    yield opened
    await opened.close()


@pytest.fixture
def reads(monkeypatch) -> list[int]:
    """The guild of each read of the public settings."""
    made: list[int] = []
    read = SqlStore.get_guild_setting

    async def counted(self, guild_id, key, default=None):
        made.append(guild_id)
        return await read(self, guild_id, key, default)

    monkeypatch.setattr(SqlStore, "get_guild_setting", counted)
    return made


async def test_many_games_asking_at_once_read_a_server_once(store, reads):
    await store.set_guild_setting(7, "public", {"language": "zh", "board": "modern"})
    settings = ServerSettings(store)
    styles = await asyncio.gather(*(settings.style(guild) for guild in [7] * 50 + [8] * 50))
    assert sorted(reads) == [7, 8]
    assert {(s.language, s.board) for s in styles[:50]} == {("zh", "modern")}
    assert {(s.language, s.board) for s in styles[50:]} == {("en", "classic")}
    await settings.style(7)
    assert len(reads) == 2  # kept


async def test_a_change_during_the_read_comes_after_it(store, reads):
    settings = ServerSettings(store)
    asking = asyncio.ensure_future(settings.style(7))
    await asyncio.sleep(0)  # the read has started
    changed = await settings.change(7, notation="wxf")  # waits for the read under way
    assert changed.notation == "wxf"
    assert (await asking).notation == "chinese"  # asked before the change
    assert (await settings.style(7)).notation == "wxf"
    assert (await ServerSettings(store).style(7)).notation == "wxf"  # stored


async def test_a_failed_read_is_tried_again(store, monkeypatch):
    settings = ServerSettings(store)
    read = SqlStore.get_guild_setting

    async def away(self, guild_id, key, default=None):
        raise StorageUnavailable("down")

    monkeypatch.setattr(SqlStore, "get_guild_setting", away)
    for asked in await asyncio.gather(
        *(settings.style(7) for _ in range(3)), return_exceptions=True
    ):
        assert isinstance(asked, StorageUnavailable)
    monkeypatch.setattr(SqlStore, "get_guild_setting", read)
    assert (await settings.style(7)).language == "en"
