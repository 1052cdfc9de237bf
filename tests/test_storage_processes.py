"""Two processes on one PostgreSQL database: a change one commits reaches the
other (LISTEN/NOTIFY), which reads the game again before its next action, so
an action that reached the other process (a button in a DM) never makes the
next one here fail as busy."""

from __future__ import annotations

import asyncio
import time

from bot.errors import Busy
from bot.hub import GameHub
from bot.players import PlayerDirectory
from storage import NewGame, PostgresStore

RED, BLACK = 1001, 1002


def hub_of(store) -> GameHub:
    return GameHub(store, PlayerDirectory(store, lambda _: None), time.time)


async def until(condition, seconds: float = 5.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the other process never heard of the change"
        await asyncio.sleep(0.02)


async def test_a_move_made_in_another_process_is_read_before_the_next_here(postgres_dsn):
    here, there = await PostgresStore.open(postgres_dsn), await PostgresStore.open(postgres_dsn)
    heard: list[int] = []
    try:
        await there.watch(heard.append)  # the one that acts hears nothing of its own
        hub = hub_of(here)
        await here.watch(hub.changed_elsewhere)
        game = NewGame(7, 70, "xiangqi", RED, BLACK, {"time": "1d"}, False, 0)
        manager = await hub.create(game)
        elsewhere = await hub_of(there).get(manager.id)
        await elsewhere.move(RED, "h2e2")  # committed by the other process
        await until(lambda: manager.seq == 1)
        assert manager.match.entries == ["h2e2"]
        await manager.move(BLACK, "h9g7")  # no Busy: the state was read again
        await until(lambda: heard == [manager.id])  # this move, not its own before
        await asyncio.sleep(0.2)
        assert heard == [manager.id]
    finally:
        await here.close()
        await there.close()


async def test_without_listening_the_stale_copy_fails_once_as_busy(postgres_dsn):
    """What the notices spare: the same sequence with no listener."""
    here, there = await PostgresStore.open(postgres_dsn), await PostgresStore.open(postgres_dsn)
    try:
        hub = hub_of(here)
        manager = await hub.create(NewGame(7, 71, "xiangqi", RED, BLACK, {}, False, 0))
        await (await hub_of(there).get(manager.id)).move(RED, "h2e2")
        try:
            await manager.move(RED, "h2e2")
        except Busy:
            pass
        else:
            raise AssertionError("a stale copy acted")
        assert manager.seq == 1  # reloaded on the conflict
    finally:
        await here.close()
        await there.close()
