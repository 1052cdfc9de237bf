"""Lazy games in storage, on both databases: the games the bot lets go of
from memory, when each must be held again, and what a commit does to that."""

from __future__ import annotations

import math

from storage import NewGame, Shards, Wake

RED, BLACK, CAROL = 1001, 1002, 1003


def new_game(channel_id: int, red: int = RED, black: int = BLACK, guild: int = 77) -> NewGame:
    return NewGame(guild, channel_id, "xiangqi", red, black, {}, False, 5, {})


async def test_a_game_put_to_sleep_is_awake_again_when_its_wake_comes(store):
    soon = await store.create_game(new_game(500))
    later = await store.create_game(new_game(501))
    never = await store.create_game(new_game(502))
    held = await store.create_game(new_game(503))
    await store.append(soon, 0, RED, "h2e2", deadline=9000.0)
    asleep = await store.put_to_sleep(
        {soon: Wake(1, 5000.0, BLACK), later: Wake(0, 8000.0, RED), never: Wake(0, math.inf, RED)}
    )
    assert asleep == [soon, later, never]
    assert await store.awake_ids(1000.0) == [held]
    assert await store.awake_ids(5000.0) == [soon, held]
    assert [r.id for r in await store.awake_games(8000.0)] == [soon, later, held]
    assert await store.awake_ids(1e12) == [soon, later, held]  # never means never
    assert await store.asleep_channels() == {500: soon, 501: later, 502: never}
    assert await store.asleep_waiting_for(BLACK) == [soon]
    assert await store.asleep_waiting_for(RED) == [later, never]


async def test_a_commit_wakes_a_game_and_a_stale_wake_is_refused(store):
    gid = await store.create_game(new_game(500))
    await store.append(gid, 0, RED, "h2e2", deadline=9000.0)
    assert await store.put_to_sleep({gid: Wake(0, 5000.0, RED)}) == []  # one entry behind
    assert await store.put_to_sleep({gid: Wake(1, 5000.0, BLACK)}) == [gid]
    assert await store.awake_ids(0.0) == []
    await store.append(gid, 1, BLACK, "h9g7", deadline=19000.0)
    assert await store.awake_ids(0.0) == [gid]
    assert await store.asleep_channels() == {}
    await store.put_to_sleep({gid: Wake(2, 15000.0, RED)})
    await store.set_clock(gid, red_ms=None, black_ms=None, deadline=20000.0)
    assert await store.awake_ids(0.0) == [gid]


async def test_a_finished_game_is_neither_awake_nor_asleep(store):
    from rules.outcome import Outcome, Reason
    from rules.pieces import Color

    gid = await store.create_game(new_game(500))
    await store.put_to_sleep({gid: Wake(0, 5000.0, RED)})
    await store.finish_game(gid, Outcome(Color.BLACK, Reason.RESIGNATION), True)
    assert await store.awake_ids(1e12) == []
    assert await store.asleep_channels() == {}
    assert await store.put_to_sleep({gid: Wake(0, 5000.0, RED)}) == []


async def test_moved_deadlines_move_their_wakes(store):
    gid = await store.create_game(new_game(500))
    await store.append(gid, 0, RED, "h2e2", deadline=9000.0)
    await store.put_to_sleep({gid: Wake(1, 5000.0, BLACK)})
    await store.shift_deadline(gid, 1000.0)  # a vacation
    assert await store.awake_ids(5999.0) == []
    assert await store.awake_ids(6000.0) == [gid]
    await store.give_back(Shards.of(1), 0.0, 500.0)  # an outage
    assert await store.awake_ids(6499.0) == []
    assert await store.awake_ids(6500.0) == [gid]


async def test_a_players_games_are_found_and_woken(store):
    mine = await store.create_game(new_game(500))
    theirs = await store.create_game(new_game(501, red=CAROL))
    black = await store.create_game(new_game(502, red=CAROL, black=RED))
    await store.put_to_sleep({g: Wake(0, 5000.0, None) for g in (mine, theirs, black)})
    assert await store.active_ids_of(RED) == [mine, black]
    await store.wake_games_of(RED, 100.0)
    assert await store.awake_ids(100.0) == [mine, black]


async def test_shards_pick_their_own_guilds(store):
    one, other = 1 << 22, 2 << 22  # shards 1 and 0 of two
    a = await store.create_game(new_game(500, guild=one))
    b = await store.create_game(new_game(501, guild=other))
    await store.put_to_sleep({a: Wake(0, 50.0, RED), b: Wake(0, 50.0, RED)})
    assert await store.awake_ids(60.0, Shards.of(2, [1])) == [a]
    assert await store.asleep_channels(Shards.of(2, [0])) == {501: b}
    assert await store.active_ids_of(RED, Shards.of(2, [0])) == [b]
    assert await store.asleep_waiting_for(RED, Shards.of(2, [1])) == [a]


async def test_notice_marks_of_many_games_in_one_read(store):
    a = await store.create_game(new_game(500))
    b = await store.create_game(new_game(501))
    await store.set_notified(a, 3)
    assert await store.notified_many([a, b, 999]) == {a: 3, b: None}


async def test_the_active_games_of_a_guild(store):
    a = await store.create_game(new_game(500))
    await store.create_game(new_game(501, guild=78))
    c = await store.create_game(new_game(502))
    await store.put_to_sleep({c: Wake(0, 50.0, RED)})
    assert await store.active_ids_in(77) == [a, c]
