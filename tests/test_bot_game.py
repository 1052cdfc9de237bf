"""Whole games through Discord: challenge, thread, moves, mate, ratings (S-3, S-9)."""

from __future__ import annotations

import re

import discord

from tests.conftest import button, play, quiet_moves

# A double-cannon mate (重炮) in four Red moves, written in mixed notations:
# the bot reads Chinese, WXF and ICCS alike.
QUICK_MATE = ["炮二进四", "C2.4", "b2b7", "卒9进1", "炮二平五", "c4+3", "炮八平五"]


async def test_challenge_opens_a_thread_with_the_first_board(table):
    message = await table.challenge()
    assert "bob" not in message.content or message.content.startswith("<@")
    thread = await table.start_from(message)
    assert thread.is_thread
    first = thread.history()[0]
    assert "alice (🔴 Red) vs bob (⚫ Black)" in first.content
    assert first.attachments and first.attachments[0].filename == "board.png"
    message = table.refreshed(message)
    assert "bob accepted" in message.content
    assert not message.components


async def test_quick_mate_is_recorded_but_changes_no_rating(table):
    thread = await table.start(rated=True)
    await play(table, thread, QUICK_MATE)
    last = thread.last_message
    assert "炮八平五" in last.content
    assert "wins (checkmate)" in last.content
    assert "no rating changes" in last.content
    assert last.attachments
    board = await table.bob.slash(thread, "move", move="h9g7")
    assert "This game is over: 🔴 Red alice won (checkmate)" in board.response.content
    stats = await table.alice.slash(table.channel, "stats")
    assert "rated games: 0 · won 1," in stats.response.content
    board = await table.alice.slash(table.channel, "leaderboard", scope="global")
    assert "No rated games yet" in board.response.content


async def test_long_game_resignation_updates_ratings_and_leaderboard(table):
    thread = await table.start(rated=True)
    await play(table, thread, quiet_moves(20))
    result = await table.bob.slash(thread, "resign")
    assert result.ephemeral and result.response.content == "You resigned."
    assert "alice wins (resignation)" in thread.last_message.content
    assert re.search(
        r"Ratings: alice 1\d{3} \(\+\d+\), bob 1\d{3} \(-\d+\)\.", thread.last_message.content
    )
    board = await table.carol.slash(table.channel, "leaderboard", scope="server")
    rows = board.response.content.splitlines()
    assert rows[1].startswith("1. alice: 1") and rows[2].startswith("2. bob: 1")
    stats = await table.bob.slash(table.channel, "stats")
    assert "rated games: 1 · won 0, drawn 0, lost 1" in stats.response.content
    history = await table.alice.slash(table.channel, "history")
    assert "vs bob: win (resignation)" in history.response.content


async def test_a_new_game_may_start_in_the_channel_after_the_last_one(table):
    thread = await table.start(time="rapid")
    await table.alice.slash(thread, "resign")
    second = await table.start()
    assert second.id != thread.id


async def test_open_challenge_anyone_may_accept(table):
    message = await table.challenge(opponent=None)
    assert "Anyone may accept" in message.content
    await table.carol.click(message, custom_id=button(message, "accept"))
    thread = table.channel.threads[-1]
    assert "alice (🔴 Red) vs carol (⚫ Black)" in thread.history()[0].content


async def test_decline_and_withdraw(table):
    message = await table.challenge()
    await table.bob.click(message, custom_id=button(message, "decline"))
    assert "bob declined" in table.refreshed(message).content
    message = await table.challenge()
    await table.alice.click(message, custom_id=button(message, "decline"))
    assert "alice withdrew" in table.refreshed(message).content
    assert not table.channel.threads


async def test_without_thread_permission_the_game_is_played_in_the_channel(table):
    deny = discord.PermissionOverwrite(create_public_threads=False)
    channel = table.guild.create_text_channel("no-threads", overwrites={table.env.bot.user: deny})
    await table.alice.slash(channel, "challenge", opponent=table.bob, color="red")
    message = channel.last_message
    await table.bob.click(message, custom_id=button(message, "accept"))
    assert not channel.threads
    assert "alice (🔴 Red) vs bob (⚫ Black)" in channel.last_message.content
    await play(table, channel, QUICK_MATE[:1])
    await table.alice.slash(channel, "challenge", opponent=table.carol)
    second = channel.last_message
    busy = await table.carol.click(second, custom_id=button(second, "accept"))
    assert "already running here" in busy.followups[0].content
    assert button(table.refreshed_in(channel, second), "accept")  # still open


async def test_a_capture_names_the_capturer(table):
    thread = await table.start()
    await play(table, thread, ["h2e2", "h9g7", "e2e6"])  # the cannon takes the centre pawn
    assert "alice captures a piece: pawn" in thread.last_message.content
