"""Heartbeats and the time given back after an outage, on both stores."""

from __future__ import annotations

from storage import NewGame, Shards

NOW = 1_800_000_000.0


def guild_of(shard: int, count: int = 2) -> int:
    """A guild id that Discord's formula puts on ``shard`` of ``count``."""
    return ((1000 * count + shard) << 22) | 5


async def game_with_deadline(store, channel_id: int, guild_id: int, deadline: float) -> int:
    new = NewGame(guild_id, channel_id, "xiangqi", 1, 2, {}, rated=False, seed=1)
    game_id = await store.create_game(new)
    await store.set_clock(game_id, red_ms=None, black_ms=None, deadline=deadline)
    return game_id


async def test_beats_are_kept_per_shard_and_read_back(store):
    both = Shards.of(2)
    assert await store.last_beats(both) == {0: None, 1: None}
    await store.beat(Shards.of(2, [0]), NOW - 50)
    await store.beat(Shards.of(2, [1]), NOW - 10)
    assert await store.last_beats(both) == {0: NOW - 50, 1: NOW - 10}
    await store.beat(both, NOW)
    assert await store.last_beats(both) == {0: NOW, 1: NOW}


async def test_resharded_shards_take_the_latest_beat_of_any(store):
    await store.beat(Shards.of(2), NOW - 40)
    assert await store.last_beats(Shards.of(4, [3])) == {3: NOW - 40}


async def test_give_back_moves_the_running_deadlines_of_one_shard(store):
    running = await game_with_deadline(store, 10, guild_of(0), NOW + 60)
    overdue = await game_with_deadline(store, 11, guild_of(0), NOW - 60)  # ran out before
    elsewhere = await game_with_deadline(store, 12, guild_of(1), NOW + 60)
    changed = await store.give_back(Shards.of(2, [0]), since=NOW, seconds=300)
    assert changed == [running]
    assert (await store.load_game(running)).deadline == NOW + 360
    assert (await store.load_game(overdue)).deadline == NOW - 60
    assert (await store.load_game(elsewhere)).deadline == NOW + 60
