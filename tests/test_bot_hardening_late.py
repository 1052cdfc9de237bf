"""An action that arrives after its game ended is told the game is over and how,
in that thread, not that there is no game there."""

from __future__ import annotations

from tests.conftest import play, quiet_moves


async def test_a_move_after_a_timeout_is_told_how_the_game_ended(table):
    thread = await table.start(time="rapid")
    await play(table, thread, quiet_moves(2))
    await table.env.advance_time(61)
    assert "alice ran out of time" in thread.last_message.content
    late = await table.alice.slash(thread, "move", move="h2e2")
    assert late.ephemeral
    assert late.response.content == (
        "This game is over: ⚫ Black bob won (time). Start a new one with /challenge."
    )
    for verb in ("resign", "draw", "undo", "abort"):
        answer = await table.bob.slash(thread, verb)
        assert answer.response.content.startswith("This game is over: ⚫ Black bob won (time)")


async def test_after_a_resignation_and_in_chinese(table):
    thread = await table.start()
    await table.bob.slash(thread, "resign")
    await table.bob.slash(table.channel, "settings", language="zh")
    late = await table.bob.slash(thread, "move", move="h9g7")
    assert late.response.content == (
        "本局已经结束：🔴 红方 alice 获胜（认输）。用 /挑战 开始新的对局。"
    )
    never = await table.carol.slash(table.channel, "move", move="h2e2")
    assert never.response.content.startswith("There is no game in this channel.")
