"""The daily digest (/settings notify:digest): one DM a day at the chosen hour,
listing the games waiting for the player's move, in their language; no notice
per move meanwhile."""

from __future__ import annotations

import datetime

import pytest

from bot import Settings
from tests.conftest import Table, play, restart

HOUR = 3600


@pytest.fixture
def settings(tmp_path) -> Settings:
    """An hourly sweep keeps day-long waits quick."""
    return Settings(db_path=str(tmp_path / "chuhan.sqlite3"), sweep_seconds=HOUR)


def _digests(table: Table) -> list[str]:
    dms = table.bob.user.dm_channel
    history = dms.history() if dms is not None else []
    return [m.content for m in history if "daily digest" in m.content or "每日摘要" in m.content]


async def _until_hour(table: Table, hour: int) -> None:
    """Let time pass to a little after the next ``hour``:00 UTC."""
    now = datetime.datetime.fromtimestamp(table.env.bot.now(), datetime.UTC)
    target = now.replace(hour=hour, minute=0, second=0, microsecond=0)
    if target <= now:
        target += datetime.timedelta(days=1)
    seconds = (target - now).total_seconds() + HOUR + 1
    while seconds > 0:
        await table.env.advance_time(min(seconds, 3 * HOUR))
        seconds -= 3 * HOUR


async def test_a_digest_a_day_lists_the_games_waiting(table: Table, settings):
    answer = await table.bob.slash(table.channel, "settings", notify="digest", digest_hour=9)
    assert "Turn notices: one digest by direct message a day, at 09:00 UTC" in (
        answer.response.content
    )
    first = await table.start(time="1d")
    second = await table.start_from(await table.challenge(time="3d"))
    await play(table, first, ["c3c4"])
    await play(table, second, ["h2e2"])
    assert f"<@{table.bob.user.id}>" not in first.last_message.content  # no ping per move
    assert _digests(table) == []
    await _until_hour(table, 9)
    digests = _digests(table)
    assert len(digests) == 1
    lines = digests[0].split("\n")
    assert lines[0] == "☀️ Your daily digest: 2 games wait for your move."
    assert lines[1].startswith("#1 Xiangqi · vs alice · time runs out <t:")  # the sooner first
    assert lines[1].endswith(f"/{first.id}") and lines[2].endswith(f"/{second.id}")
    for _ in range(4):
        await table.env.advance_time(3 * HOUR)
    assert len(_digests(table)) == 1  # once a day
    await table.bob.slash(first, "move", move="h9g7")  # one game no longer waits on him
    await restart(table.env, settings)
    await table.bob.slash(table.channel, "settings", language="zh")
    await _until_hour(table, 9)
    digests = _digests(table)
    assert len(digests) == 2
    assert digests[1].split("\n")[0] == "☀️ 你的每日摘要：1 盘对局等你走棋。"
    assert f"/{second.id}" in digests[1] and f"/{first.id}" not in digests[1]


async def test_a_digest_hour_with_another_mode_is_refused(table: Table):
    refused = await table.bob.slash(table.channel, "settings", notify="dm", digest_hour=7)
    assert "The digest hour goes with notify:digest" in refused.response.content
    back = await table.bob.slash(table.channel, "settings", notify="digest")
    assert "at 08:00 UTC" in back.response.content
    plain = await table.bob.slash(table.channel, "settings", notify="thread")
    assert "Turn notices: ping in the game's thread" in plain.response.content
