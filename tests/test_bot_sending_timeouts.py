"""A send whose request times out, through SimCord: it is sent again, once,
under the nonce of the first attempt, which Discord holds to (``enforce_nonce``)
so that a first attempt that did arrive is not posted twice. SimCord ignores
nonces, so that last part is Discord's promise, not tested here."""

from __future__ import annotations

import discord
import pytest

from bot import sending
from tests.conftest import Table


def private(result) -> str:
    message = result.followups[-1] if result.followups else result.response
    assert message.ephemeral, message
    return message.content


async def test_a_report_whose_send_times_out_is_sent_again_under_its_nonce(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sending, "FIRST_PAUSE", 0.0)  # SimCord sleeps on the real clock
    thread = await table.start()
    real = discord.abc.Messageable.send
    nonces: list[str | int | None] = []

    async def send(self, *args, **kwargs):
        if getattr(self, "id", None) == thread.id:
            nonces.append(kwargs.get("nonce"))
            if len(nonces) == 1:
                raise TimeoutError("the request timed out")
        return await real(self, *args, **kwargs)

    monkeypatch.setattr(discord.abc.Messageable, "send", send)
    before = len(thread.history())
    result = await table.alice.slash(thread, "move", move="h2e2")
    assert private(result).startswith("You played")
    assert len(nonces) >= 2 and nonces[0] is not None and nonces[0] == nonces[1]
    posted = thread.history()[before:]
    assert sum("炮二平五" in m.content for m in posted) == 1
