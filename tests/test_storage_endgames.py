"""Endgame tries in storage, on both databases: one row per try's game,
kept once however often it is recorded, and each member's progress."""

from __future__ import annotations

from storage import NewGame
from storage.records import EndgameProgress

PLAYER, OTHER, COMPUTER = 1001, 1002, 9

FEN = "4k4/4a4/9/9/9/9/9/9/R8/3K5 w - - 0 1"


async def tried(store, user_id: int, channel_id: int) -> int:
    options = {"fen": FEN, "endgame": "chariot-vs-advisor"}
    new = NewGame(77, channel_id, "xiangqi", user_id, COMPUTER, options, False, 5, {})
    return await store.create_game(new)


async def test_a_members_progress_counts_tries_solves_and_the_best(store):
    assert await store.endgame_progress(PLAYER) == {}
    first, second, third = [await tried(store, PLAYER, 500 + i) for i in range(3)]
    elsewhere = await tried(store, OTHER, 510)
    await store.record_endgame_try(first, PLAYER, "chariot-vs-advisor", False, 3, 100.0)
    await store.record_endgame_try(second, PLAYER, "chariot-vs-advisor", True, 3, 200.0)
    await store.record_endgame_try(third, PLAYER, "chariot-vs-advisor", True, 2, 300.0)
    await store.record_endgame_try(elsewhere, OTHER, "iron-bolt", False, 25, 300.0)
    assert await store.endgame_progress(PLAYER) == {
        "chariot-vs-advisor": EndgameProgress("chariot-vs-advisor", 3, True, 2)
    }
    assert await store.endgame_progress(OTHER) == {
        "iron-bolt": EndgameProgress("iron-bolt", 1, False, None)
    }


async def test_a_try_recorded_twice_counts_once(store):
    game = await tried(store, PLAYER, 520)
    await store.record_endgame_try(game, PLAYER, "chariot-vs-advisor", False, 3, 100.0)
    await store.record_endgame_try(game, PLAYER, "chariot-vs-advisor", True, 1, 200.0)
    assert await store.endgame_progress(PLAYER) == {
        "chariot-vs-advisor": EndgameProgress("chariot-vs-advisor", 1, False, None)
    }
