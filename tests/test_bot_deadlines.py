"""Deadlines within minutes, on SimCord's clock: the rapid preset (S-8: 1 min per move
while game time lasts; a timeout loses, S-7) and challenges that expire."""

from __future__ import annotations

from tests.conftest import play, quiet_moves

MOVES = quiet_moves(4, seed=5)


async def test_no_move_within_a_minute_loses_on_time(table):
    thread = await table.start(time="rapid")
    await table.env.advance_time(30)
    await play(table, thread, MOVES[:1])
    await table.env.advance_time(55)
    assert "ran out of time" not in thread.last_message.content
    await table.env.advance_time(10)
    assert "bob ran out of time" in thread.last_message.content
    late = await table.bob.slash(thread, "move", move=MOVES[1])
    assert late.response.content.startswith("This game is over: 🔴 Red alice won (time).")


async def test_a_move_after_the_deadline_is_a_timeout(table, settings):
    thread = await table.start(time="rapid")
    table.env.bot.get_cog("Clocks").sweep.cancel()  # only the move itself can notice
    await table.env.advance_time(61)
    late = await table.alice.slash(thread, "move", move=MOVES[0])
    assert "time ran out" in late.response.content
    assert "alice ran out of time" in thread.last_message.content


async def test_an_action_of_the_waiting_side_after_the_deadline_names_the_loser(table):
    thread = await table.start(time="rapid")
    table.env.bot.get_cog("Clocks").sweep.cancel()
    await table.env.advance_time(61)
    late = await table.bob.slash(thread, "draw")  # Alice, to move, ran out first
    assert late.response.content == "Your opponent's time ran out before that: you win on time."
    assert "alice ran out of time" in thread.last_message.content
    assert "bob wins" in thread.last_message.content


async def test_challenge_expires_and_its_buttons_go(table):
    message = await table.challenge()
    await table.env.advance_time(16 * 60)
    message = table.refreshed(message)
    assert "expired" in message.content
    assert not message.components
