"""A rematch is offered once per game, a restart in between included."""

from __future__ import annotations

from tests.conftest import button, press, restart, snapshot


async def test_a_rematch_asked_before_a_restart_is_not_offered_again(table, settings):
    thread = await table.start(time="3d", rated=False)
    await table.alice.slash(thread, "move", move="h2e2")
    await table.bob.slash(thread, "resign")
    end = thread.last_message
    rematch = button(end, "rematch")
    shown = snapshot(table.env, end)
    asked = await table.bob.click(end, custom_id=rematch)
    assert "Rematch offered" in asked.response.content
    offers = len(table.channel.history())
    await restart(table.env, settings)
    again = await press(table.alice, shown, rematch)  # a client that still shows it
    assert "already been offered" in again.response.content
    assert len(table.channel.history()) == offers
