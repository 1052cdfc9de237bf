"""Public messages outside game threads speak the server's language too: the
challenge, its end (accepted, declined, withdrawn, expired, replaced) and the
announcement of a game against the computer; and a server nobody has set up
speaks its own Discord language. Private answers stay in the reader's."""

from __future__ import annotations

import pytest

from tests.conftest import Table, button
from tests.table_helpers import server_settings


@pytest.fixture
def chinese_server(env) -> Table:
    """A server whose Discord language is Chinese; its members' is English."""
    guild = env.create_guild(preferred_locale="zh-CN")
    channel = guild.create_text_channel("象棋")
    members = (guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol"))
    return Table(env, guild, channel, *members)


async def test_a_chinese_server_gets_chinese_challenges_without_any_setting(chinese_server):
    table = chinese_server
    message = await table.challenge()
    assert "向你挑战" in message.content and "challenges you" not in message.content
    await table.bob.click(message, custom_id=button(message, "decline"))
    assert table.refreshed(message).content == "bob 拒绝了挑战。"
    thread = await table.start()
    assert thread.history()[0].content.startswith("新对局")


async def test_a_chosen_language_wins_over_the_servers_own(chinese_server):
    text = await server_settings(chinese_server, language="en")
    assert "English" in text
    message = await chinese_server.challenge()
    assert "challenges you" in message.content
    text = await server_settings(chinese_server, notation="wxf")  # the language stays chosen
    message = await chinese_server.challenge()
    assert "challenges you" in message.content


async def test_an_english_speaker_challenging_on_a_chinese_server(table):
    await server_settings(table, language="zh")
    message = await table.challenge()
    assert "向你挑战" in message.content
    await table.alice.click(message, custom_id=button(message, "decline"))  # withdrawn
    assert table.refreshed(message).content == "alice 撤回了挑战。"
    again = await table.challenge()
    await table.bob.click(again, custom_id=button(again, "accept"))
    assert "接受了挑战" in table.refreshed(again).content
    thread = table.channel.threads[-1]
    played = await table.alice.slash(thread, "move", move="h2e2")
    assert played.response.content == "You played 炮二平五."  # to her alone: her language


async def test_an_expired_challenge_says_so_in_the_servers_language(table):
    await server_settings(table, language="zh")
    message = await table.challenge(opponent=None)
    await table.env.advance_time(16 * 60)
    assert table.refreshed(message).content == "这个挑战已过期：没有人及时接受。"


async def test_the_computer_game_is_announced_in_the_servers_language(table):
    await server_settings(table, language="zh")
    result = await table.alice.slash(table.channel, "play computer", level=1, color="red")
    announcement = (result.followups or [result.response])[0].content
    assert "电脑" in announcement and "plays the computer" not in announcement
