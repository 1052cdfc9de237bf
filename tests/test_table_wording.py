"""The wording of a game's table, seen from the players' side: thread names
in the server's public language (and one wording for every confirmation)."""

from __future__ import annotations

import pytest

from tests.conftest import Table
from tests.table_helpers import server_settings


@pytest.fixture
def chinese_server(env) -> Table:
    """A server whose Discord language is Chinese; its members' is English."""
    guild = env.create_guild(preferred_locale="zh-CN")
    channel = guild.create_text_channel("象棋")
    members = (guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol"))
    return Table(env, guild, channel, *members)


async def test_a_chinese_server_names_its_game_threads_in_chinese(chinese_server):
    table = chinese_server
    thread = await table.start(variant="fanbing")
    assert thread.name == "#1 第三代象棋 · alice 对 bob"
    created = [m.content for m in table.channel.history() if "alice" in m.content]
    assert "alice 对 bob" in created and "alice vs bob" not in created
    assert "vs" not in thread.history()[0].content


async def test_an_english_server_keeps_english_thread_names(table):
    thread = await table.start(variant="jieqi")
    assert thread.name == "#1 Jieqi · alice vs bob"


async def test_thread_names_follow_the_chosen_public_language(table):
    await server_settings(table, language="zh")
    thread = await table.start(variant="tuibei")
    assert thread.name == "#1 推背象棋 · alice 对 bob"
    await server_settings(table, language="en")
    await table.alice.slash(thread, "resign")
    second = await table.start()
    assert second.name == "#2 Xiangqi · alice vs bob"
