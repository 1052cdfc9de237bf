"""The daily puzzle: a moderator picks a channel and a time; each day one
public post with the board, a new puzzle each day; members solve it
privately and the post is edited with how many have, across a restart."""

from __future__ import annotations

import pytest

from bot import Settings
from tests.conftest import Table, restart
from tests.table_helpers import admin
from tests.test_bot_digests import _until_hour
from tests.test_bot_puzzles import answer_of, give_set

HOUR = 3600


@pytest.fixture
def settings(tmp_path) -> Settings:
    """An hourly sweep keeps day-long waits quick."""
    return Settings(db_path=str(tmp_path / "chuhan.sqlite3"), sweep_seconds=HOUR)


def _posts(table: Table) -> list:
    return [m for m in table.channel.history() if m.content.startswith("🧩 Daily puzzle")]


async def _solve_daily(table: Table, actor, puzzle) -> str:
    shown = answer_of(await actor.slash(table.channel, "puzzle", daily=True))
    assert f"Today's puzzle of this server ({puzzle.id})" in shown.content
    for ply in range(0, len(puzzle.solution), 2):
        answer = answer_of(await actor.slash(table.channel, "solve", move=puzzle.solution[ply]))
    return answer.content


async def test_the_daily_post_is_posted_counted_and_kept_over_a_restart(table: Table, settings):
    puzzles = give_set(table.env)
    mod = admin(table)
    guild_id = table.guild.id
    nothing = answer_of(await table.bob.slash(table.channel, "puzzle", daily=True))
    assert "This server has no daily puzzle yet" in nothing.content
    refused = await mod.slash(table.channel, "serversettings", **{"puzzle-time": "25:00"})
    assert "I cannot read “25:00” as a time" in refused.response.content
    assert await table.env.bot.store.daily_puzzle_plans() == {}  # nothing changed
    chosen = await mod.slash(
        table.channel, "serversettings", **{"puzzle-channel": table.channel, "puzzle-time": "9:30"}
    )
    assert f"Daily puzzle: in <#{table.channel.id}> at 09:30 UTC" in chosen.response.content
    assert _posts(table) == []
    await _until_hour(table, 9)
    posts = _posts(table)
    assert len(posts) == 1 and posts[0].attachments
    assert "Solved by 0 so far." in posts[0].content
    first = (await table.env.bot.store.daily_puzzles(guild_id))[0]
    puzzle = puzzles[first.puzzle_id]
    assert puzzle.variant == "xiangqi" and first.message_id == posts[0].id
    assert "solved!" in await _solve_daily(table, table.bob, puzzle)
    assert "Solved by 1 so far." in table.refreshed(posts[0]).content
    await restart(table.env, settings)
    give_set(table.env)
    assert "solved!" in await _solve_daily(table, table.carol, puzzle)
    assert "Solved by 2 so far." in table.refreshed(posts[0]).content
    twice = answer_of(await table.bob.slash(table.channel, "puzzle", daily=True))
    assert "You have solved this puzzle already." in twice.content
    await _until_hour(table, 9)
    posts = _posts(table)
    assert len(posts) == 2  # one a day, after the restart too
    days = await table.env.bot.store.daily_puzzles(guild_id)
    assert len({day.puzzle_id for day in days}) == 2  # a new puzzle each day
    assert "Solved by 0 so far." in posts[-1].content
    await mod.slash(table.channel, "serversettings", **{"puzzle-time": "off"})
    await _until_hour(table, 10)
    assert len(_posts(table)) == 2
    shown = await mod.slash(table.channel, "serversettings")
    assert "Daily puzzle: off" in shown.response.content


async def test_the_post_speaks_the_servers_language(table: Table, settings):
    give_set(table.env)
    mod = admin(table)
    await mod.slash(
        table.channel,
        "serversettings",
        language="zh",
        **{"puzzle-channel": table.channel, "puzzle-time": "06:00"},
    )
    await _until_hour(table, 6)
    post = table.channel.last_message
    assert post.content.startswith("🧩 每日一题，") and "已有 0 人解出。" in post.content
    assert "步杀。" in post.content
