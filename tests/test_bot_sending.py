"""Discord failing a send after the commit: 500, 502, 503, 504 or 429.

The game's state is already committed, so the report is sent again, with the
same nonce (Discord posts a message once per nonce), and given up with a log
line after ``sending.ATTEMPTS`` tries; the player is then told it is recorded
but not posted. The pauses in between are real ``asyncio.sleep``s, which
SimCord serves on the wall clock, so the end-to-end tests make them nought
and the schedule (doubling, a rate limit's ``retry_after``) is checked apart.
"""

from __future__ import annotations

import discord
import pytest

from bot import sending
from tests.conftest import Table

MOVE = "h2e2"


@pytest.fixture
def no_pauses(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sending, "FIRST_PAUSE", 0.0)


def private(result) -> str:
    message = result.followups[-1] if result.followups else result.response
    assert message.ephemeral, message
    return message.content


def posts(table: Table, channel_id: int) -> list:
    return [
        r
        for r in table.env.backend.http_requests
        if r.method == "POST" and r.path == f"/channels/{channel_id}/messages"
    ]


@pytest.mark.parametrize("status", [500, 502, 503, 504, 429])
@pytest.mark.usefixtures("no_pauses")
async def test_a_report_discord_refuses_twice_is_posted_once_after_pauses(
    table: Table, status: int
):
    thread = await table.start()
    table.env.inject_error("POST", f"/channels/{thread.id}/messages", status=status, times=2)
    before, tried = len(thread.history()), len(posts(table, thread.id))
    result = await table.alice.slash(thread, "move", move=MOVE)
    assert private(result).startswith("You played ")
    new = thread.history()[before:]
    assert len(new) == 1 and "炮二平五" in new[0].content and new[0].attachments  # the board
    attempts = posts(table, thread.id)[tried:]
    assert len(attempts) == 3
    assert len({a.json["nonce"] for a in attempts}) == 1 and attempts[0].json["enforce_nonce"]


@pytest.mark.usefixtures("no_pauses")
async def test_a_report_discord_keeps_refusing_is_given_up_with_a_log_line(
    table: Table, caplog: pytest.LogCaptureFixture
):
    thread = await table.start()
    table.env.inject_error("POST", f"/channels/{thread.id}/messages", status=503, times=None)
    before, tried = len(thread.history()), len(posts(table, thread.id))
    result = await table.alice.slash(thread, "move", move=MOVE)
    assert "It is recorded, but I could not post it" in private(result)
    assert len(thread.history()) == before
    assert len(posts(table, thread.id)[tried:]) == sending.ATTEMPTS
    assert f"gave up after {sending.ATTEMPTS} attempts (503)" in caplog.text
    table.env.backend.faults.clear()  # Discord is back: the game goes on
    again = await table.bob.slash(thread, "move", move="h9g7")
    assert private(again).startswith("You played ")


@pytest.mark.usefixtures("no_pauses")
async def test_a_refusal_that_will_not_pass_is_not_tried_again(table: Table):
    thread = await table.start()
    table.env.inject_error("POST", f"/channels/{thread.id}/messages", status=400, times=1)
    tried = len(posts(table, thread.id))
    result = await table.alice.slash(thread, "move", move=MOVE)
    assert "It is recorded, but I could not post it" in private(result)
    assert len(posts(table, thread.id)[tried:]) == 1


@pytest.mark.usefixtures("no_pauses")
async def test_a_dm_discord_refuses_once_arrives_once(table: Table):
    await table.bob.slash(table.channel, "settings", notify="dm")
    thread = await table.start()
    dm = table.bob.user.dm_channel  # opened by the start of the game
    before, tried = len(dm.history()), len(posts(table, dm.id))
    table.env.inject_error("POST", f"/channels/{dm.id}/messages", status=500, times=1)
    result = await table.alice.slash(thread, "move", move=MOVE)
    assert private(result).startswith("You played ")
    assert len(dm.history()) == before + 1
    attempts = posts(table, dm.id)[tried:]
    assert len(attempts) == 2 and attempts[0].json["nonce"] == attempts[1].json["nonce"]


class Response:
    """What ``discord.HTTPException`` reads of an HTTP response."""

    def __init__(self, status: int) -> None:
        self.status, self.reason, self.headers = status, "Error", {}


def test_the_pauses_double_and_a_rate_limit_waits_what_it_asks():
    unavailable = discord.HTTPException(Response(503), {"message": "down", "code": 0})
    assert [sending.pause_after(unavailable, attempt) for attempt in range(4)] == [
        1.0,
        2.0,
        4.0,
        8.0,
    ]
    assert sending.pause_after(discord.RateLimited(12.5), 0) == 12.5
    assert sending.pause_after(TimeoutError(), 1) == 2.0
    refused = discord.HTTPException(Response(400), {"message": "bad", "code": 50035})
    assert sending.pause_after(refused, 0) is None


async def test_a_rate_limit_longer_than_the_longest_pause_is_given_up_at_once():
    calls = 0

    async def send() -> None:
        nonlocal calls
        calls += 1
        raise discord.RateLimited(sending.LONGEST_PAUSE + 1)

    with pytest.raises(discord.RateLimited):
        await sending.retried(send, "a test send")
    assert calls == 1
