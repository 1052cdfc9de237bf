"""Start-up after a crash between a game's ending entry and its recorded result."""

from __future__ import annotations

from storage import GameStatus
from tests.conftest import button, play, quiet_moves, restart


async def test_startup_finishes_a_game_whose_log_ended_it_and_posts_the_result(table, settings):
    thread = await table.start()
    await play(table, thread, quiet_moves(2))
    open_challenge = await table.challenge(opponent=None, color="black")
    await table.carol.click(open_challenge, custom_id=button(open_challenge, "accept"))
    other = table.channel.threads[-1]
    assert other.id != thread.id
    store = table.env.bot.store
    game = await store.active_game_in_channel(thread.id)
    assert game is not None
    # What an older bot left when it stopped after the entry, before the result.
    await store.append(game.id, game.next_seq, table.bob.id, "@b:resign")

    bot = await restart(table.env, settings)

    assert (await bot.store.load_game(game.id)).status is GameStatus.FINISHED
    last = thread.last_message
    assert "⚫ Black bob resigns." in last.content
    assert "🔴 Red alice wins (resignation)" in last.content
    assert last.attachments
    # The bot came up whole: the other game goes on, and the thread's channel is free.
    moved = await table.carol.slash(other, "move", move="h2e2")
    assert moved.response.content == "You played 炮二平五."
    assert "carol: **炮二平五**" in other.last_message.content
    assert await bot.store.active_game_in_channel(thread.id) is None


async def test_startup_goes_on_past_a_game_it_cannot_load(table, settings, caplog):
    thread = await table.start()
    store = table.env.bot.store
    game = await store.active_game_in_channel(thread.id)
    assert game is not None
    await store.append(game.id, 0, table.alice.id, "a0a9")  # not a legal move

    await restart(table.env, settings)

    assert f"game {game.id} could not be loaded" in caplog.text
    result = await table.carol.slash(table.channel, "help")
    assert "/challenge" in result.response.content
