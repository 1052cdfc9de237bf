"""Games against the computer in successor xiangqi and third-generation
xiangqi, end to end with SimCord: the computer plays its turns (and in
third-generation xiangqi its setup) through the path a player uses, and
nothing it alone may know goes public."""

from __future__ import annotations

from rules.pieces import Color
from tests.test_bot_computer import PRIVATE_TEXTS, human_moves, manager_of, public_texts


async def finish_against_the_computer(table, thread, moves: int) -> None:
    """Alice plays ``moves`` random actions, then resigns if the game goes on;
    the computer answered each, and no private line went public."""
    await human_moves(table, thread, moves)
    manager = manager_of(table, thread)
    if manager is not None:
        assert manager.match.actors.count(Color.RED) >= moves // 2
        await table.alice.slash(thread, "resign")
    last = thread.last_message.content
    assert "wins" in last or "draw" in last.lower()
    texts = public_texts(thread)
    assert not any(secret in text for text in texts for secret in PRIVATE_TEXTS)


async def test_a_whole_houji_game_against_the_computer(table):
    result = await table.alice.slash(
        table.channel, "play computer", variant="houji", level=1, color="black"
    )
    assert "plays the computer at level 1" in result.response.content
    thread = table.channel.threads[-1]
    assert "TestBot (🔴 Red) vs alice (⚫ Black)" in thread.history()[0].content
    await finish_against_the_computer(table, thread, 6)
