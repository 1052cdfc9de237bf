"""Successor xiangqi in storage: a log with a swap and a foul call rebuilds,
and its PGN keeps every action (a foul call is followed by the caller's move)."""

from __future__ import annotations

import pytest

from rules.pieces import Kind
from rules.squares import parse_square
from storage import NewGame, Store

RED, BLACK = 1001, 1002
# Red's queen pins Black's elephant, Black moves it, Red calls the foul and
# moves again; Black swaps king and queen.
ENTRIES = ["e1e2", "a9a8", "e2g4", "a8a9", "g4h4", "c9e7", "foul", "a0a1", "e9~e8"]


@pytest.fixture
async def store(store: Store) -> Store:
    await store.upsert_player(RED, "Red")
    await store.upsert_player(BLACK, "Black")
    return store


async def test_houji_log_rebuilds_and_exports(store):
    new = NewGame(
        guild_id=1,
        channel_id=2,
        variant="houji",
        red_id=RED,
        black_id=BLACK,
        options={},
        rated=False,
        seed=0,
        secret={},
    )
    gid = await store.create_game(new)
    actors = [RED, BLACK, RED, BLACK, RED, BLACK, RED, RED, BLACK]
    for seq, (text, actor) in enumerate(zip(ENTRIES, actors, strict=True)):
        await store.append(gid, seq, actor, text)
    match = await store.rebuild(gid)
    assert match.entries == ENTRIES
    board = match.game.position.board
    assert board[parse_square("c9")].kind is Kind.ELEPHANT  # back after the foul call
    moves = (await store.export_pgn(gid)).split("\n\n")[1].splitlines()
    assert moves == [
        "1. e1e2 {后五进一} a9a8 {车1进1}",
        "2. e2g4 {后五斜进三} a8a9 {车1退1}",
        "3. g4h4 {后三平二} c9e7 {象3进5}",
        "4. foul {犯规}",
        "4. a0a1 {车九进一} e9~e8 {将5换后}",
        "*",
    ]
