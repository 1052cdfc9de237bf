"""The one gateway connection of an unsharded bot: its loss pauses the
clocks and its time is given back (the sharded cases: test_bot_outages.py)."""

from __future__ import annotations

import pytest

from tests.conftest import play
from tests.test_bot_outages import MOVES, deadline, timeouts


async def test_the_one_connection_of_an_unsharded_bot_pauses_its_clocks_too(table):
    # An unsharded bot has one gateway: discord.py announces its loss and its
    # resumption with the client events ``disconnect`` and ``resumed``.
    env = table.env
    x = await table.start(time="rapid")
    await play(table, x, MOVES[:1])
    before = await deadline(env, x)
    env.bot.dispatch("disconnect")
    await env.advance_time(200)
    assert timeouts(x) == 0
    env.bot.dispatch("resumed")
    await env.advance_time(env.bot.settings.sweep_seconds)
    assert await deadline(env, x) - before == pytest.approx(200, abs=env.bot.settings.sweep_seconds)
