"""Vacations: the clocks of a player's correspondence games stop, and start
again when it runs out or when they move; rapid games go on."""

from __future__ import annotations

import pytest

from bot import Settings
from tests.conftest import Table, play

DAY = 86_400


@pytest.fixture
def settings(tmp_path) -> Settings:
    """An hourly sweep keeps day-long waits quick."""
    return Settings(db_path=str(tmp_path / "chuhan.sqlite3"), sweep_seconds=3600)


async def _wait(table: Table, seconds: float) -> None:
    """Let time pass a few hours at a time (SimCord settles each step in bounded time)."""
    while seconds > 0:
        await table.env.advance_time(min(seconds, DAY / 8))
        seconds -= DAY / 8


def _deadline(table: Table, thread) -> float:
    manager = next(m for m in table.env.bot.hub.active() if m.channel_id == thread.id)
    assert manager.clocks.deadline is not None
    return manager.clocks.deadline


async def test_a_vacation_stops_the_clocks_then_they_run_again(table: Table):
    thread = await table.start(time="1d")
    await play(table, thread, ["c3c4", "h9g7", "h0g2", "i9h9"])  # Alice to move
    before = _deadline(table, thread)
    answer = await table.alice.slash(table.channel, "vacation", days=3)
    assert "Your vacation runs until <t:" in answer.response.content
    assert "your 1 correspondence games" in answer.response.content
    assert "alice is on vacation until <t:" in thread.last_message.content
    assert _deadline(table, thread) == pytest.approx(before + 3 * DAY)
    await _wait(table, 3.5 * DAY)  # past her own day: no timeout
    assert "alice is back from vacation" in thread.last_message.content
    stats = await table.alice.slash(table.channel, "stats")
    assert "Vacation: 27 of 30 days left this year." in stats.response.content
    await _wait(table, DAY)
    assert "alice ran out of time" in thread.last_message.content


async def test_a_turn_that_begins_on_vacation_waits_and_a_move_ends_it(table: Table):
    first = await table.start(time="1d")
    await play(table, first, ["c3c4", "h9g7", "h0g2"])  # Bob to move here
    second = await table.start_from(await table.challenge(time="1d"))
    await play(table, second, ["c3c4", "h9g7"])  # Alice to move there
    rapid = await table.start_from(await table.challenge(time="rapid"))
    await play(table, rapid, ["c3c4", "h9g7"])
    rapid_deadline = _deadline(table, rapid)
    await table.alice.slash(table.channel, "vacation", days=5)
    assert "alice is on vacation" not in rapid.last_message.content
    assert _deadline(table, rapid) == rapid_deadline
    await table.bob.slash(first, "move", move="i9h9")  # her turn begins while she is away
    started = table.env.bot.now()
    assert _deadline(table, first) == pytest.approx(started + DAY + 5 * DAY, abs=5)
    await _wait(table, DAY)
    result = await table.alice.slash(second, "move", move="h0g2")
    assert result.response.content.startswith("You played")
    await table.env.advance_time(1)
    assert "alice is back from vacation" in first.last_message.content
    # What is left of the vacation is taken back: a day of it was used.
    assert _deadline(table, first) == pytest.approx(started + DAY + DAY, abs=5)
    refused = await table.alice.slash(table.channel, "vacation", days=30)
    assert "You have 29 vacation days left this year (of 30)." in refused.response.content


async def test_an_answer_queued_before_a_vacation_does_not_end_it(table: Table):
    thread = await table.start(time="1d")
    await play(table, thread, ["c3c4"])
    await table.alice.slash(thread, "premove add", line="h7e7 h0g2")
    await table.alice.slash(table.channel, "vacation", days=2)
    await table.bob.slash(thread, "move", move="h7e7")  # her answer is played for her
    await table.env.advance_time(1)
    assert "马二进三" in thread.history()[-1].content or "马二进三" in thread.history()[-2].content
    assert not any("back from vacation" in m.content for m in thread.history())
    assert table.env.bot.hub.vacations.until(table.alice.user.id) is not None
