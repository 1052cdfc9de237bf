"""Nobody loses on time because the bot was away: a gateway that drops and
comes back, and a shard nobody served for a while, through SimCord."""

from __future__ import annotations

import dataclasses

import pytest
import simcord

from bot import Settings
from bot.outages import OUTAGE_SECONDS
from storage import open_store
from tests.conftest import play, quiet_moves, restart
from tests.test_bot_shards import table_in, timeouts

MOVES = quiet_moves(2, seed=3)


@pytest.fixture
def settings(tmp_path) -> Settings:
    """A sharded bot (one process serving both shards), on SQLite."""
    return Settings(db_path=str(tmp_path / "chuhan.sqlite3"), shard_count=2)


async def deadline(env: simcord.Env, thread: simcord.ChannelHandle) -> float:
    async with await open_store(env.bot.settings.db_path) as store:
        record = await store.active_game_in_channel(thread.id)
    assert record is not None and record.deadline is not None
    return record.deadline


async def test_a_dropped_gateway_stops_the_clock_and_gives_the_time_back(env):
    down, up = table_in(env, 0), table_in(env, 1)
    x = await down.start(time="rapid")
    y = await up.start(time="rapid")
    await play(down, x, MOVES[:1])
    before = await deadline(env, x)

    await env.bot.get_shard(0).disconnect()
    await env.advance_time(300)  # five minutes without a gateway for shard 0
    assert timeouts(x) == 0  # its players could not move: no timeout
    assert timeouts(y) == 1  # shard 1 kept its connection and its clocks
    await env.bot.get_shard(0).reconnect()
    await env.advance_time(env.bot.settings.sweep_seconds)  # the next sweep gives it back

    given = await deadline(env, x) - before
    assert given == pytest.approx(300, abs=env.bot.settings.sweep_seconds)
    manager = env.bot.hub.here(x.id)
    assert manager is not None and manager.clocks.deadline == pytest.approx(before + given)
    await env.advance_time(45)  # Black still has most of its minute
    assert timeouts(x) == 0
    await env.advance_time(20)
    assert timeouts(x) == 1


async def test_a_short_drop_gives_nothing_back(env):
    table = table_in(env, 0)
    x = await table.start(time="rapid")
    before = await deadline(env, x)
    await env.bot.get_shard(0).disconnect()
    await env.advance_time(OUTAGE_SECONDS / 2)
    await env.bot.get_shard(0).reconnect()
    await env.advance_time(env.bot.settings.sweep_seconds)  # the next sweep gives it back
    assert await deadline(env, x) == before


async def test_a_shard_nobody_served_gets_its_time_back_at_start(env, settings):
    table = table_in(env, 0)
    x = await table.start(time="rapid")
    await play(table, x, MOVES[:1])
    before = await deadline(env, x)
    # A process serving shard 1 only replaces this one, as in a rolling
    # deploy that left shard 0 behind for ten minutes.
    await restart(env, dataclasses.replace(settings, shard_ids=(1,)))
    await env.advance_time(600)
    assert timeouts(x) == 0
    await restart(env, settings)
    assert timeouts(x) == 0
    assert await deadline(env, x) - before == pytest.approx(600, abs=settings.sweep_seconds)
    await env.advance_time(70)
    assert timeouts(x) == 1
