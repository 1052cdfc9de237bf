"""Against the computer the bot never pings itself, tells itself what to do or
DMs itself (issue "A table people enjoy"); its human is told when it thinks.
Everything the bot sent is read from SimCord's request log."""

from __future__ import annotations

from tests.test_bot_computer import human_moves, manager_of
from tests.test_table_links import sent_texts
from tests.test_table_live_board import one_live_board


def bot_id(table) -> int:
    return table.env.backend.bot_user.id


def dms_to_the_bot(table) -> list:
    """Requests that open or write a DM channel with the bot itself."""
    me = bot_id(table)
    opened = [
        r
        for r in table.env.http_requests
        if r.path == "/users/@me/channels" and str((r.json or {}).get("recipient_id")) == str(me)
    ]
    return opened


def allowed_pings(table) -> set[int]:
    """Everyone a message of the bot was allowed to ping (no message may ping more)."""
    users: set[int] = set()
    for request in table.env.http_requests:
        body = request.json if isinstance(request.json, dict) else {}
        allowed = body.get("allowed_mentions") or (body.get("data") or {}).get("allowed_mentions")
        if allowed:
            assert "users" not in allowed.get("parse", [])
            users |= {int(u) for u in allowed.get("users", [])}
    return users


async def test_a_game_against_the_computer_never_addresses_the_computer(table):
    await table.alice.slash(table.channel, "settings", notify="both")
    await table.alice.slash(table.channel, "play computer", level=1, color="black")
    thread = table.channel.threads[-1]
    opening = next(t for t in sent_texts(table.env) if t.startswith("New game"))
    assert "TestBot, the computer, moves first" in opening and "/move" not in opening
    assert "🤔 TestBot is thinking…" in opening
    await human_moves(table, thread, 6)
    await table.alice.slash(thread, "resign")
    texts = sent_texts(table.env)
    me = bot_id(table)
    assert not any(f"<@{me}>" in text or f"<@!{me}>" in text for text in texts)
    assert not any("TestBot to move" in text for text in texts)  # no deadline for it either
    assert me not in allowed_pings(table) and table.alice.id in allowed_pings(table)
    assert dms_to_the_bot(table) == []
    alice_dms = [m.content for m in table.alice.user.dm_channel.history()]
    assert sum("Your move in game #1" in text for text in alice_dms) == 6 + 1  # her turns
    one_live_board(thread)
    assert not any("thinking" in m.content for m in thread.history())  # records only


async def test_the_human_who_moves_first_is_told_how(table):
    await table.alice.slash(table.channel, "play computer", level=1, color="red")
    thread = table.channel.threads[-1]
    opening = thread.history()[0].content
    assert "alice moves first. A turn is one move: /move" in opening
    await table.alice.slash(thread, "move", move="h2e2")
    assert manager_of(table, thread).looks_like_turn(table.alice.id)
    said = [t for t in sent_texts(table.env) if t.startswith("🔴 Red alice: **")]
    assert said and "🤔 TestBot is thinking…" in said[0]
    assert "🔔" not in said[0]


async def test_a_setup_to_arrange_is_asked_of_the_human_alone(table):
    await table.alice.slash(table.channel, "play computer", variant="fanbing", color="red")
    opening = table.channel.threads[-1].history()[0].content
    assert "alice: arrange your secret backs privately with /setup" in opening
    assert "the computer arranges its own" in opening and "Both players" not in opening


async def test_a_hidden_game_against_the_computer_dms_only_the_hello(table):
    await table.alice.slash(table.channel, "play computer", variant="jieqi", level=1)
    thread = table.channel.threads[-1]
    await human_moves(table, thread, 6)
    (hello,) = table.alice.user.dm_channel.history()  # captures are public in Jieqi: no news
    assert "Your game has started" in hello.content and hello.attachments
    assert dms_to_the_bot(table) == []
    one_live_board(thread)
