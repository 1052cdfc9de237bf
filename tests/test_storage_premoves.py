"""Queued conditional lines, on both databases: kept per game and player,
replaced whole, cleared by an empty list."""

from __future__ import annotations

from storage import NewGame

RED, BLACK = 1001, 1002


def new_game(channel_id: int = 500) -> NewGame:
    return NewGame(77, channel_id, "xiangqi", RED, BLACK, {}, False, 5, {})


async def test_lines_are_kept_replaced_and_cleared(store):
    gid = await store.create_game(new_game())
    other = await store.create_game(new_game(501))
    assert await store.premoves(gid) == {}
    await store.set_premoves(gid, RED, [["h7e7", "h0g2"], ["b7e7", "b0c2", "b9c7", "a0a1"]])
    await store.set_premoves(gid, BLACK, [["h2e2", "h9g7"]])
    await store.set_premoves(other, RED, [["c6c5", "c3c4"]])
    assert await store.premoves(gid) == {
        RED: [["h7e7", "h0g2"], ["b7e7", "b0c2", "b9c7", "a0a1"]],
        BLACK: [["h2e2", "h9g7"]],
    }
    await store.set_premoves(gid, RED, [["b9c7", "a0a1"]])
    await store.set_premoves(gid, BLACK, [])
    assert await store.premoves(gid) == {RED: [["b9c7", "a0a1"]]}
    assert await store.premoves(other) == {RED: [["c6c5", "c3c4"]]}
