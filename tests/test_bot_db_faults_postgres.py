"""The bot when its PostgreSQL server misbehaves, end to end through SimCord.

The server restarts mid-game, or its connections are cut: a /move that cannot
be committed is refused privately, the game in memory and on Discord stays as
it was, and once the server is back the bot carries on by itself; every move
acknowledged before is still stored.
"""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from bot import Settings
from bot.errors import DatabaseAway
from storage import open_store
from tests.conftest import Table, play
from tests.db_faults import RestartablePostgres, cut_connections, own_dsn, own_postgres

__all__ = ["own_dsn", "own_postgres"]  # fixtures

MOVES = ["h2e2", "h9g7", "h0g2", "i9h9", "b0c2"]
AWAY_EN = (
    "I could not save that: my database is not answering at the moment."
    " Nothing was changed; try again in a minute."
)


@pytest.fixture
def settings(own_dsn: str) -> Settings:
    return Settings(db_path=own_dsn)


def private(result) -> str:
    message = result.followups[-1] if result.followups else result.response
    assert message.ephemeral, message
    return message.content


def refusals(table: Table) -> list[type]:
    return [type(getattr(e, "original", e)) for e in table.env.errors]


async def stored_moves(settings: Settings, game_id: int) -> list[str]:
    async with await open_store(settings.db_path) as store:
        return [e.text for e in (await store.load_game(game_id)).entries]


async def test_a_move_while_the_server_restarts_is_refused_and_one_after_it_works(
    table: Table, settings: Settings, own_postgres: RestartablePostgres
):
    thread = await table.start()
    await play(table, thread, MOVES[:1])
    manager = table.env.bot.hub.here(thread.id)
    assert manager is not None
    posted = len(thread.history())
    with own_postgres.stopped():
        result = await table.bob.slash(thread, "move", move=MOVES[1])
        assert private(result) == AWAY_EN
        # Memory is as the database left it, though it could not be read again.
        assert manager.match.entries == MOVES[:1]
        assert manager.match.game.turn == 1  # still Black's turn
        assert len(thread.history()) == posted
    assert refusals(table) == [DatabaseAway]
    # Back: no restart of the bot, the same manager and pool carry on.
    result = await table.bob.slash(thread, "move", move=MOVES[1])
    assert private(result).startswith("You played ")
    await play(table, thread, MOVES[2:])
    assert table.env.bot.hub.here(thread.id) is manager
    assert await stored_moves(settings, manager.id) == MOVES


async def test_cut_connections_are_not_even_noticed_by_the_players(
    table: Table, settings: Settings, own_postgres: RestartablePostgres
):
    thread = await table.start()
    for ply in range(len(MOVES)):
        assert await cut_connections(own_postgres) >= 1  # the listener's at least
        player = table.alice if ply % 2 == 0 else table.bob
        result = await player.slash(thread, "move", move=MOVES[ply])
        assert private(result).startswith("You played ")
    assert table.env.errors == []
    manager = table.env.bot.hub.here(thread.id)
    assert manager is not None
    assert await stored_moves(settings, manager.id) == MOVES


async def test_a_connection_cut_while_a_move_waits_to_commit_plays_it_once_or_refuses_it(
    table: Table, settings: Settings, own_postgres: RestartablePostgres
):
    """The append is one statement: cut while it waits for the game row, the
    store sends it again on a fresh connection, so the move is played once;
    were the database still away, it would be refused with nothing changed."""
    thread = await table.start()
    await play(table, thread, MOVES[:1])
    manager = table.env.bot.hub.here(thread.id)
    assert manager is not None
    posted = len(thread.history())
    blocker = await asyncpg.connect(settings.db_path)
    try:
        # Another process holds the game row, so the bot's append waits in the
        # middle of its statement; then its connection is cut.
        tx = blocker.transaction()
        await tx.start()
        await blocker.execute("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", manager.id)
        move = asyncio.ensure_future(table.bob.slash(thread, "move", move=MOVES[1]))
        waiting = None
        while waiting is None:
            await asyncio.sleep(0.01)
            waiting = await blocker.fetchval(
                "SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                " AND query LIKE '%FROM games WHERE id = $1 FOR UPDATE%'"
            )
        await blocker.execute("SELECT pg_terminate_backend($1)", waiting)
        await tx.rollback()
        result = await move
    finally:
        await blocker.close()
    if private(result) == AWAY_EN:
        assert manager.match.entries == MOVES[:1]
        assert len(thread.history()) == posted
        assert refusals(table) == [DatabaseAway]
        result = await table.bob.slash(thread, "move", move=MOVES[1])
    assert private(result).startswith("You played ")
    assert manager.match.entries == MOVES[:2]
    assert await stored_moves(settings, manager.id) == MOVES[:2]
