"""Games woken together (a burst of moves in games asleep) are read together:
a few queries for all of them, not a few each, and each asker still gets
its own game, or its own refusal."""

from __future__ import annotations

import asyncio
import time

import pytest

from benchmarks import bench_scale
from bot.errors import GameFinished
from bot.hub import GameHub
from bot.players import PlayerDirectory
from bot.server import ServerSettings
from rules.outcome import Outcome, Reason
from storage import GameNotFound, open_store
from storage.store import SqlStore

GAMES = 30


@pytest.fixture
async def hub(tmp_path):
    path = str(tmp_path / "games.sqlite3")
    await bench_scale._schema(path)
    now = time.time()
    bench_scale._seed(path, GAMES, [1], [], (1, 2), now)
    store = await open_store(path, clock=lambda: now)
    hub = GameHub(store, PlayerDirectory(store, lambda _: None), lambda: now, ServerSettings(store))
    await hub.load_active()
    yield hub
    await store.close()


@pytest.fixture
def calls(monkeypatch) -> list[tuple[str, list[int]]]:
    """Each read of games or names, with the ids it asked for."""
    made: list[tuple[str, list[int]]] = []
    games, names = SqlStore.load_games, SqlStore.player_names

    async def load_games(self, ids):
        ids = list(ids)
        made.append(("games", ids))
        return await games(self, ids)

    async def player_names(self, ids):
        ids = list(ids)
        made.append(("names", ids))
        return await names(self, ids)

    monkeypatch.setattr(SqlStore, "load_games", load_games)
    monkeypatch.setattr(SqlStore, "player_names", player_names)
    return made


async def test_games_asked_for_at_once_are_read_in_one_go(hub, calls):
    assert hub.active() == []  # every game asleep
    ids = list(range(1, GAMES + 1))
    managers = await asyncio.gather(*(hub.get(game_id) for game_id in ids))
    assert [m.id for m in managers] == ids
    assert all(m.match.game.ply == bench_scale.PLIES for m in managers)
    assert [kind for kind, _ in calls] == ["games", "names"]
    assert sorted(calls[0][1]) == ids
    assert len(calls[1][1]) == 2 * GAMES  # both players of each, asked once
    assert {hub.players.raw_name(m.ids[0]) for m in managers} == {
        f"player{m.ids[0]}" for m in managers
    }
    again = await asyncio.gather(*(hub.get(game_id) for game_id in ids[:5]))
    assert again == managers[:5] and len(calls) == 2  # held now: nothing read


async def test_one_game_asked_for_twice_at_once_is_read_once(hub, calls):
    first, second = await asyncio.gather(hub.get(3), hub.get(3))
    assert first is second
    assert calls[0] == ("games", [3])


async def test_each_asker_gets_its_own_refusal_and_the_others_their_games(hub, calls):
    await hub.store.finish_game(2, Outcome(winner=None, reason=Reason.ABORTED), False)
    got = await asyncio.gather(
        hub.get(1), hub.get(2), hub.get(10**9), hub.get(4), return_exceptions=True
    )
    assert [type(g) for g in got[1:3]] == [GameFinished, GameNotFound]
    assert [got[0].id, got[3].id] == [1, 4]
    assert sorted(calls[0][1]) == [1, 2, 4, 10**9]
    assert {m.id for m in hub.active()} == {1, 4}


async def test_games_asked_for_during_a_read_are_read_next_together(hub, calls):
    under_way = asyncio.gather(*(hub.get(game_id) for game_id in range(5, 15)))
    while not calls:  # the first read has begun
        await asyncio.sleep(0)
    later = await asyncio.gather(hub.get(20), hub.get(21))
    assert [m.id for m in await under_way] == list(range(5, 15))
    assert [m.id for m in later] == [20, 21]
    reads = [sorted(ids) for kind, ids in calls if kind == "games"]
    assert reads == [list(range(5, 15)), [20, 21]]
