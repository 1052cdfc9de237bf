"""Correspondence clocks (S-7, S-8): a day per move, one DM reminder, then a timeout."""

from __future__ import annotations

import pytest

from bot import Settings
from tests.conftest import play, quiet_moves

MOVES = quiet_moves(4, seed=5)


@pytest.fixture
def settings(tmp_path) -> Settings:
    """An hourly sweep keeps day-long waits quick (rapid games use the default 5 s)."""
    return Settings(db_path=str(tmp_path / "chuhan.sqlite3"), sweep_seconds=3600)


async def test_correspondence_reminder_once_then_timeout(table):
    thread = await table.start(time="1d")
    assert "time runs out <t:" in thread.history()[0].content
    await play(table, thread, MOVES[:3])  # both have moved: a lapse now loses on time
    dms = table.bob.user.dm_channel
    before = len(dms.history())
    await table.env.advance_time(18 * 3600)
    assert len(dms.history()) == before
    await table.env.advance_time(3 * 3600)  # 3 h left: within the last 4 h
    assert "Reminder: it is your move in game #1" in dms.history()[-1].content
    reminders = len(dms.history())
    await table.env.advance_time(2 * 3600)
    assert len(dms.history()) == reminders  # once
    await table.env.advance_time(2 * 3600)
    assert "bob ran out of time" in thread.last_message.content
    assert "alice wins (time)" in thread.last_message.content
