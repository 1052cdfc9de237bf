"""The bot runs without Fairy-Stockfish: it says so once at start, and the
built-in engine plays standard xiangqi."""

from __future__ import annotations

import logging

import pytest

from bot import Settings


@pytest.fixture
def settings(tmp_path) -> Settings:
    return Settings(db_path=str(tmp_path / "chuhan.sqlite3"), engine="no-such-fairy-stockfish")


@pytest.fixture
def simcord_bot(settings, caplog):
    from bot import create_bot

    caplog.set_level(logging.WARNING, logger="bot.cogs.computer")
    return create_bot(settings)


async def test_without_the_engine_the_builtin_one_plays_standard_games(table, caplog):
    started = caplog.get_records("setup")
    warnings = [r for r in started if "Fairy-Stockfish not found" in r.getMessage()]
    assert len(warnings) == 1
    cog = table.env.bot.get_cog("Computer")
    assert cog.opponent.fairy is None
    await table.alice.slash(table.channel, "play computer", level=1, color="black")
    thread = table.channel.threads[-1]
    manager = table.env.bot.hub.here(thread.id)
    assert len(manager.match.entries) == 1 and manager.looks_like_turn(table.alice.id)
    await table.env.bot.store.close()
