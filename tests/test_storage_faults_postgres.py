"""The PostgreSQL store when its server misbehaves: restarted, connections cut.

While the server is away a call raises ``StorageUnavailable`` at once and
commits nothing; once it is back the same store carries on by itself, its
listener too, and every acknowledged entry is there.
"""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from storage import Entry, NewGame, PostgresStore, SequenceConflict, StorageUnavailable, open_store
from tests.db_faults import RestartablePostgres, cut_connections, own_dsn, own_postgres

__all__ = ["own_dsn", "own_postgres"]  # fixtures

MOVES = ["h2e2", "h9g7", "h0g2", "i9h9"]


def new_game(channel_id: int = 500) -> NewGame:
    return NewGame(1, channel_id, "xiangqi", 1, 2, {}, rated=True, seed=7)


def texts(record) -> list[str]:
    return [e.text for e in record.entries]


async def test_a_restarted_server_refuses_calls_while_down_then_the_store_carries_on(
    own_postgres: RestartablePostgres, own_dsn: str
):
    async with await open_store(own_dsn) as store:
        game_id = await store.create_game(new_game())
        await store.append(game_id, 0, 1, MOVES[0])
        with own_postgres.stopped():
            with pytest.raises(StorageUnavailable):
                await store.append(game_id, 1, 2, MOVES[1])
            with pytest.raises(StorageUnavailable):
                await store.load_game(game_id)
            with pytest.raises(StorageUnavailable):
                await store.player_name(1)
        # Back: the dead connections the pool still holds are replaced unseen.
        await store.append(game_id, 1, 2, MOVES[1])
        assert texts(await store.load_game(game_id)) == MOVES[:2]


async def test_cut_connections_are_replaced_without_refusing_anything(
    own_postgres: RestartablePostgres, own_dsn: str
):
    async with await PostgresStore.open(own_dsn, min_size=3) as store:
        game_id = await store.create_game(new_game())
        for seq in range(3):
            assert await cut_connections(own_postgres) >= 1
            await store.append(game_id, seq, 1 + seq % 2, MOVES[seq])
            assert await cut_connections(own_postgres) >= 1
            assert texts(await store.load_game(game_id)) == MOVES[: seq + 1]


async def test_a_connection_cut_in_the_middle_of_an_append_commits_it_whole_or_not_at_all(
    own_postgres: RestartablePostgres, own_dsn: str
):
    """The append is one statement, its own transaction: cut while it waits for
    the game row, it either says the database was away and committed nothing,
    or returns and committed its entry once."""
    async with await open_store(own_dsn) as store:
        game_id = await store.create_game(new_game())
        blocker = await asyncpg.connect(own_dsn)
        try:
            tx = blocker.transaction()
            await tx.start()
            await blocker.execute("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", game_id)
            append = asyncio.ensure_future(store.append(game_id, 0, 1, MOVES[0]))
            waiting = None
            while waiting is None:  # the append waits for the row lock, mid-statement
                await asyncio.sleep(0.01)
                waiting = await blocker.fetchval(
                    "SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                    " AND query LIKE '%FROM games WHERE id = $1 FOR UPDATE%'"
                )
            await blocker.execute("SELECT pg_terminate_backend($1)", waiting)
            await tx.rollback()
        finally:
            await blocker.close()
        (said,) = await asyncio.gather(append, return_exceptions=True)
        stored = texts(await store.load_game(game_id))
        if isinstance(said, StorageUnavailable):
            assert stored == []
            await store.append(game_id, 0, 1, MOVES[0])
        else:
            assert said == Entry(0, 1, MOVES[0], said.at)
            assert stored == MOVES[:1]
        with pytest.raises(SequenceConflict):
            await store.append(game_id, 0, 1, MOVES[0])
        assert texts(await store.load_game(game_id)) == MOVES[:1]


async def test_the_listener_listens_again_and_reports_what_it_missed(
    own_postgres: RestartablePostgres, own_dsn: str
):
    async with await open_store(own_dsn) as here, await open_store(own_dsn) as there:
        heard: list[int] = []
        await here.watch(heard.append)
        game_id = await there.create_game(new_game())
        missed = await there.create_game(new_game(channel_id=501))
        with own_postgres.stopped():
            pass  # every connection is closed, the listener's too
        await there.append(missed, 0, 1, MOVES[0])  # while nobody listened
        # The next call of ``here`` listens again and reports the games changed
        # since it lost its listener.
        await here.player_name(1)
        assert missed in heard
        heard.clear()
        await there.append(game_id, 0, 1, MOVES[0])
        for _ in range(100):  # a notification takes a moment to arrive
            if heard:
                break
            await asyncio.sleep(0.01)
        assert heard == [game_id]
