"""Sharded processes on one PostgreSQL database, end to end through SimCord.

SimCord runs one bot at a time, so the processes take turns on one simulated
Discord (``restart``), each with its own shard set, as a rolling deploy does;
two processes sweeping the same database at the same moment are tested on the
store (tests/test_storage_postgres.py). Games are in guilds of both shards, a
deadline falls due in each, and a game moves to another process by a restart:
every timeout is stored once and announced once, by the process serving the
game's guild.
"""

from __future__ import annotations

import dataclasses

import discord
import pytest
import simcord

from bot import Settings, create_bot
from bot.client import ShardedChuhan
from storage import GameStatus, Shards, open_store
from tests.conftest import Table, play, quiet_moves, restart

MOVES = quiet_moves(2, seed=3)


@pytest.fixture
def settings(postgres_dsn) -> Settings:
    """The first process: shard 0 of 2."""
    return Settings(db_path=postgres_dsn, shard_count=2, shard_ids=(0,))


def table_in(env: simcord.Env, shard_id: int) -> Table:
    guild = env.create_guild(f"shard {shard_id}", shard_id=shard_id)
    channel = guild.create_text_channel("xiangqi")
    users = [guild.add_member(env.create_user(f"{name}{shard_id}")) for name in ("a", "b", "c")]
    return Table(env, guild, channel, *users)


def timeouts(thread: simcord.ChannelHandle) -> int:
    return sum("ran out of time" in m.content for m in thread.history())


async def test_processes_with_their_own_shards_share_one_database(env, settings):
    first = table_in(env, 0)
    second = table_in(env, 1)
    x = await first.start(time="rapid")  # a game of shard 0, served by the first process
    await play(first, x, MOVES[:1])

    # The second process (shard 1) replaces the first: it leaves shard 0's game alone.
    settings_1 = dataclasses.replace(settings, shard_ids=(1,))
    bot = await restart(env, settings_1)
    assert bot.shard_ids == [1] and bot.hub.active() == []
    y = await second.start(time="rapid")
    await env.advance_time(70)  # both x's and y's deadlines pass
    assert (timeouts(x), timeouts(y)) == (0, 1)

    # z: a game of shard 1 started here, then moved by a restart to a process
    # serving both shards, which also owns x's deadline. Nobody served x's
    # shard for 70 s: its players could not move, so that time is given back
    # to its clock and x goes on.
    other = second.channel.guild.create_text_channel("more")
    z_table = dataclasses.replace(second, channel=other)
    z = await z_table.start(time="rapid")
    bot = await restart(env, dataclasses.replace(settings, shard_ids=(0, 1)))
    assert sorted(m.channel_id for m in bot.hub.active()) == sorted([x.id, z.id])
    assert (timeouts(x), timeouts(y), timeouts(z)) == (0, 1, 0)
    await env.advance_time(70)
    assert (timeouts(x), timeouts(y), timeouts(z)) == (1, 1, 1)
    await env.advance_time(70)
    assert (timeouts(x), timeouts(y), timeouts(z)) == (1, 1, 1)

    async with await open_store(settings.db_path) as store:
        assert await store.active_games() == []
        records = await store.recent_games(first.alice.id) + await store.recent_games(
            second.alice.id
        )
        assert len(records) == 3
        for record in records:
            assert record.status is GameStatus.FINISHED
            assert sum(e.text.endswith(":timeout") for e in record.entries) == 1


def test_shards_are_read_from_the_environment():
    settings = Settings.from_mapping({"CHUHAN_SHARDS": "4", "CHUHAN_SHARD_IDS": "2, 3"})
    assert settings.shards == Shards(4, frozenset({2, 3}))
    bot = create_bot(settings)
    assert isinstance(bot, ShardedChuhan) and (bot.shard_count, bot.shard_ids) == (4, [2, 3])
    every = Settings.from_mapping({"CHUHAN_SHARDS": "2"})
    assert every.shards == Shards(2, frozenset({0, 1}))
    single = create_bot(Settings.from_mapping({}))
    assert single.settings.shards is None
    assert not isinstance(single, discord.AutoShardedClient)


@pytest.mark.parametrize(
    "values",
    [
        {"CHUHAN_SHARD_IDS": "1"},  # of how many?
        {"CHUHAN_SHARDS": "2", "CHUHAN_SHARD_IDS": "2"},
        {"CHUHAN_SHARDS": "0"},
        {"CHUHAN_SHARDS": "two"},
    ],
)
def test_impossible_shards_stop_the_start(values):
    with pytest.raises(ValueError):
        Settings.from_mapping(values)
