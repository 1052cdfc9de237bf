"""The short run of ``python -m benchmarks scale`` (200 games, as in CI): what
does not depend on the machine's speed. A bot started on 200 games asleep
holds none of them; a game is read only once acted on; every move
is answered with its board, on SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio

import pytest

from benchmarks import bench_scale
from storage import open_store
from storage.store import SqlStore

GAMES = 200


@pytest.fixture
def reads(monkeypatch) -> dict[int, int]:
    """How often each game was read (``load_game``, ``load_games``), by id."""
    counted: dict[int, int] = {}
    one, many = SqlStore.load_game, SqlStore.load_games

    def count(game_id: int) -> None:
        counted[game_id] = counted.get(game_id, 0) + 1

    async def load_game(self, game_id):
        count(game_id)
        return await one(self, game_id)

    async def load_games(self, ids):
        found = await many(self, ids)
        for game_id in found:
            count(game_id)
        return found

    monkeypatch.setattr(SqlStore, "load_game", load_game)
    monkeypatch.setattr(SqlStore, "load_games", load_games)
    return counted


async def _short_run(tmp_path, reads, dsn=None) -> None:
    scale = await bench_scale.measure(GAMES, str(tmp_path), dsn)
    moved = bench_scale.MOVED
    burst = min(bench_scale.BURST, GAMES // 2)
    assert scale.held_at_start == 0  # every game asleep: none read at start-up
    assert scale.held == 1  # the game just moved in
    assert len(scale.moves_ms) == 2 * moved - 1  # every move answered with its board
    assert len(scale.burst_ms) == burst and None not in scale.burst_ms
    assert sorted(reads) == [*range(1, moved + 1), *range(GAMES - burst + 1, GAMES + 1)]
    # Read when woken, and once more by the live board when its first board is
    # posted (it looks for boards a restart left behind): never again.
    assert max(reads.values()) <= 2
    names = {name for name, _, _ in bench_scale.figures("scale", scale)}
    assert {"scale.startup_s", "scale.move_p99_ms", "scale.burst_p99_ms"} <= names


async def test_the_short_run_on_sqlite(tmp_path, reads):
    await _short_run(tmp_path, reads)


async def test_the_short_run_on_postgresql(tmp_path, reads, postgres_server):
    from tests.postgres_server import new_schema

    await _short_run(tmp_path, reads, await new_schema(postgres_server))


async def test_the_short_run_of_two_processes_on_shards_of_one_postgresql_database(
    tmp_path, postgres_server
):
    """One process on every shard, then one process per shard at once: every
    move of each is answered and stored, in the games it was given alone."""
    from tests.postgres_server import new_schema

    dsn = await new_schema(postgres_server)
    found = await asyncio.to_thread(bench_scale.measure_shards, GAMES, str(tmp_path), dsn)
    moved = min(bench_scale.MOVED, GAMES // (bench_scale.SHARDS + 1))
    assert sorted(found) == ["one", "shard0", "shard1"]
    assert all(len(samples) == 2 * moved for samples in found.values())
    async with await open_store(dsn) as store:
        records = {r.id: r for r in await store.active_games()}
        lengths = {game_id: len(r.entries) for game_id, r in records.items()}
    played = bench_scale.PLIES + 2
    every_moved = range(1, moved * (bench_scale.SHARDS + 1) + 1)
    assert [lengths[i] for i in every_moved] == [played] * len(every_moved)
    assert set(lengths.values()) == {played, bench_scale.PLIES}
    for shard in range(bench_scale.SHARDS):  # each process moved its shard's games
        mine = [i for i in every_moved if i > moved and (i - 1) % bench_scale.SHARDS == shard]
        assert {records[i].guild_id for i in mine} == {bench_scale._guild_of(shard)}
