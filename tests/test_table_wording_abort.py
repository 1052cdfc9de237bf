"""Correspondence clocks: a clock for both sides on the board, and a game
whose first move never comes aborted, as on lichess (no result, no rating
change); its reminder says so, with the player's board and a link to it."""

from __future__ import annotations

import pytest

from bot import Settings
from tests.test_table_wording import chinese_server  # noqa: F401  (a fixture)
from tests.test_table_wording_clock import board, drawn


@pytest.fixture
def settings(tmp_path) -> Settings:
    """An hourly sweep keeps day-long waits quick."""
    return Settings(db_path=str(tmp_path / "chuhan.sqlite3"), sweep_seconds=3600)


async def test_a_correspondence_game_without_a_first_move_is_aborted(table):
    """Bob accepts and goes away: at his deadline the game is aborted, with
    no result and no rating change, and his reminder had said so."""
    thread = await table.start(time="1d")
    await table.alice.slash(thread, "move", move="h2e2")
    dms = table.bob.user.dm_channel
    await table.env.advance_time(21 * 3600)  # within the last 4 h
    reminder = dms.history()[-1]
    assert reminder.content.startswith("⏰ Reminder: game #1 (Xiangqi) against alice waits for")
    assert "the game is aborted <t:" in reminder.content
    assert f"https://discord.com/channels/{table.guild.id}/{thread.id}" in reminder.content
    assert reminder.attachments  # his own board
    await table.env.advance_time(4 * 3600)
    last = thread.last_message.content
    assert "⚫ Black bob made no first move before the deadline: the game is aborted." in last
    assert "🏁 Game aborted: no result." in last and "wins" not in last
    stats = await table.alice.slash(table.channel, "stats")
    assert "No finished games yet." in stats.response.content.split("\n")  # no result recorded
    late = await table.bob.slash(thread, "move", move="h9g7")
    assert late.response.content.startswith("This game is over")


async def test_a_late_first_move_is_told_the_game_was_aborted(chinese_server):  # noqa: F811
    table = chinese_server
    await table.alice.slash(table.channel, "settings", language="zh")
    thread = await table.start(time="1d")
    table.env.bot.get_cog("Clocks").sweep.cancel()  # no sweep sees the deadline first
    await table.env.advance_time(86_400 + 1)
    late = await table.alice.slash(thread, "move", move="h2e2")
    assert late.response.content == "在这之前第一步的期限已经过了：对局取消，没有结果。"
    assert "🔴 红方 alice 在期限前没有走出第一步：对局取消。" in thread.last_message.content


async def test_a_correspondence_board_shows_a_clock_for_both_sides(table, chinese_server):  # noqa: F811
    thread = await table.start(time="1d")
    await table.env.advance_time(3600)
    assert await board(table.carol, thread) == drawn(("23h left", "1d/move"))
    thread = await chinese_server.start(time="3d")
    assert await board(chinese_server.carol, thread) == drawn(("剩 3天", "每步 3天"), "zh")
