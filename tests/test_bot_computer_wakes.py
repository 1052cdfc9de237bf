"""A computer whose tries all failed (its engine kept failing, the database was
away) acts again by itself once the world is back, through SimCord."""

from __future__ import annotations

from bot.cogs.computer import RETRIES, WAKE_SECONDS
from computer.uci import EngineError


async def test_the_computer_moves_again_after_its_tries_all_failed(table) -> None:
    await table.alice.slash(table.channel, "play computer", level=1, color="black")
    thread = table.channel.threads[-1]
    manager = table.env.bot.hub.here(thread.id)
    cog = table.env.bot.get_cog("Computer")
    assert manager is not None and cog is not None
    await cog.settled()
    assert len(manager.match.entries) == 1  # it opened as Red

    real, failures = cog.opponent.choose, []

    async def choose(*args, **kwargs):
        if len(failures) < RETRIES:
            failures.append(1)
            raise EngineError("the engine is away")
        return await real(*args, **kwargs)

    cog.opponent.choose = choose
    await table.alice.slash(thread, "move", move="h9g7")
    await cog.settled()
    assert len(failures) == RETRIES and len(manager.match.entries) == 2  # it gave up
    await table.env.advance_time(WAKE_SECONDS)
    await cog.settled()
    assert len(manager.match.entries) == 3  # and moved once woken
