"""Reminders at the times a player chose (/settings reminders:12h 1h)."""

from __future__ import annotations

import pytest

from bot import Settings
from tests.conftest import Table, play

HOUR = 3600


@pytest.fixture
def settings(tmp_path) -> Settings:
    """An hourly sweep keeps day-long waits quick."""
    return Settings(db_path=str(tmp_path / "chuhan.sqlite3"), sweep_seconds=HOUR)


def _reminders(table: Table) -> list[str]:
    return [m.content for m in table.bob.user.dm_channel.history() if "Reminder:" in m.content]


async def test_a_reminder_at_each_chosen_time(table: Table):
    chosen = await table.bob.slash(table.channel, "settings", reminders="3h, 12h")
    text = chosen.response.content
    assert "Reminders: 12 h and 3 h before a correspondence deadline" in text
    thread = await table.start(time="1d")
    await play(table, thread, ["c3c4", "h9g7", "h0g2"])  # Bob to move, a day to go
    for _ in range(4):
        await table.env.advance_time(2.875 * HOUR)  # to 12.5 h left
    assert _reminders(table) == []
    await table.env.advance_time(2 * HOUR)  # 10.5 h left
    assert len(_reminders(table)) == 1
    assert "it is your move in game #1" in _reminders(table)[0]
    await table.env.advance_time(3.5 * HOUR)
    await table.env.advance_time(3.5 * HOUR)  # 3.5 h left: not yet the second
    assert len(_reminders(table)) == 1
    await table.env.advance_time(2 * HOUR)  # 1.5 h left
    assert len(_reminders(table)) == 2


async def test_bad_reminder_times_are_refused_and_default_goes_back(table: Table):
    bad = await table.bob.slash(table.channel, "settings", reminders="12h soon")
    assert '"soon" is not a number of hours from 1 to 72' in bad.response.content
    many = await table.bob.slash(table.channel, "settings", reminders="1 2 3 4 5")
    assert "Choose 1 to 4 reminders" in many.response.content
    await table.bob.slash(table.channel, "settings", reminders="6h")
    back = await table.bob.slash(table.channel, "settings", reminders="default")
    assert "Reminders: once, at the time control's moment" in back.response.content
