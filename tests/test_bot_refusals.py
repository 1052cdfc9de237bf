"""Bad input and races: a private answer in the user's language, and nothing changes."""

from __future__ import annotations

import sys

from tests.conftest import button, play, press, quiet_moves, snapshot

MOVES = quiet_moves(2, seed=13)


def private(result) -> str:
    """The text of a private answer, whether it came first or after a deferral."""
    message = result.followups[-1] if result.followups else result.response
    assert message.ephemeral, message
    return message.content


async def test_bad_moves_change_nothing(table):
    thread = await table.start()
    before = len(thread.history())
    cases = [
        (table.alice, "h0h5", "is not a legal move now"),
        (table.alice, "hello there", "cannot read"),
        (table.alice, "", "cannot read"),
        (table.alice, "车九进九", "is not a legal move now"),
        (table.bob, MOVES[1], "not your turn"),
        (table.carol, MOVES[0], "Only the two players"),
    ]
    for actor, text, expected in cases:
        result = await actor.slash(thread, "move", move=text or " ")
        assert expected in private(result), (text, private(result))
    assert len(thread.history()) == before
    await play(table, thread, MOVES[:1])  # the game is intact


async def test_commands_without_a_game(table):
    for command in ("move", "board", "resign", "draw", "undo", "abort"):
        options = {"move": "h2e2"} if command == "move" else {}
        result = await table.alice.slash(table.channel, command, **options)
        assert "no game in this channel" in private(result), command


async def test_finished_game_refuses_everything(table):
    thread = await table.start()
    await table.alice.slash(thread, "draw")
    offer = thread.last_message
    shown = snapshot(table.env, offer)  # a client that still shows the buttons
    await table.bob.slash(thread, "resign")
    assert not table.refreshed_in(thread, offer).components  # the offer lost its buttons
    result = await table.alice.slash(thread, "resign")
    assert "This game is over: 🔴 Red alice won (resignation)" in private(result)
    late = await press(table.bob, shown, button(offer, "draw:accept"))
    assert "This game is over" in private(late)


async def test_challenge_refusals(table, monkeypatch):
    # As if only xiangqi were open (the extension is loaded apart from the package).
    monkeypatch.setattr(sys.modules["bot.cogs.play"], "playable", lambda: frozenset({"xiangqi"}))
    robot = table.guild.add_member(table.env.create_user("robot", bot=True))
    assert "cannot challenge yourself" in private(
        await table.alice.slash(table.channel, "challenge", opponent=table.alice)
    )
    assert "Bots do not play" in private(
        await table.alice.slash(table.channel, "challenge", opponent=robot)
    )
    assert "no variant" in private(
        await table.alice.slash(table.channel, "challenge", variant="chess")
    )
    assert "cannot be played here yet" in private(
        await table.alice.slash(table.channel, "challenge", variant="tuibei")
    )
    offered = await table.alice.autocomplete(table.channel, "challenge", "variant", "")
    assert [choice["value"] for choice in offered] == ["xiangqi"]
    message = await table.challenge()
    accept = button(message, "accept")
    assert "not addressed to you" in private(await table.carol.click(message, custom_id=accept))
    assert "your own challenge" in private(await table.alice.click(message, custom_id=accept))
    shown = snapshot(table.env, message)
    await table.bob.click(message, custom_id=accept)
    again = await press(table.bob, shown, accept)  # a double click
    assert "no longer open" in private(again)
    assert len(table.channel.threads) == 1
    busy = await table.alice.slash(table.channel.threads[0], "challenge", opponent=table.carol)
    assert "already running here" in private(busy)


async def test_two_people_accept_an_open_challenge_at_once(table):
    message = await table.challenge(opponent=None)
    shown = snapshot(table.env, message)
    accept = button(message, "accept")
    await press(table.carol, shown, accept)
    loser = await press(table.bob, shown, accept)
    assert "no longer open" in private(loser)
    assert len(table.channel.threads) == 1
    assert "vs carol" in table.channel.threads[0].history()[0].content


async def test_answers_follow_the_chosen_language(table):
    thread = await table.start()
    await table.bob.slash(table.channel, "settings", language="zh")
    result = await table.bob.slash(thread, "move", move="h2e2")
    assert private(result) == "还没轮到你走。"
    result = await table.bob.slash(table.channel, "board")
    assert private(result) == "本频道没有进行中的对局。用 /挑战 发起挑战。"


async def test_a_discord_failure_after_the_commit_keeps_the_move(table):
    thread = await table.start()
    # 403 (missing permissions) is not retried, as a 500 would be (bot/sending.py).
    table.env.inject_error("POST", f"/channels/{thread.id}/messages", status=403)
    result = await table.alice.slash(thread, "move", move=MOVES[0])
    assert private(result).startswith("You played ")
    assert "\nIt is recorded, but I could not post it" in private(result)
    again = await table.alice.slash(thread, "move", move=MOVES[0])
    assert "not your turn" in private(again)  # the move was committed before announcing
    await play(table, thread, [])


async def test_an_unexpected_error_is_logged_and_answered_without_a_traceback(table, caplog):
    async def broken(*args, **kwargs):
        raise RuntimeError("disk on fire")

    table.env.bot.store.leaderboard = broken
    result = await table.alice.slash(table.channel, "leaderboard")
    assert (
        private(result) == "Something went wrong on my side. Nothing was changed; please try again."
    )
    assert "disk on fire" not in private(result)
    assert "error in leaderboard by" in caplog.text
    assert [type(e.original) for e in table.env.errors] == [RuntimeError]


async def test_a_huge_junk_move_is_quoted_back_cut_short(table):
    thread = await table.start()
    result = await table.alice.slash(thread, "move", move="x" * 3000)
    assert (
        private(result)
        == f"I cannot read “{'x' * 39}…” as a move. Write it like 炮二平五, C2.5 or h2e2."
    )


async def test_two_commands_at_once_apply_once(table):
    """A double submit and a resignation racing a move reach the game manager
    at the same moment (SimCord runs one user operation at a time, so the race
    is started on the manager itself): its lock lets one through at a time,
    the loser gets a clean refusal, and each entry is stored once."""
    import asyncio

    from bot.errors import BotError

    thread = await table.start()
    manager = table.env.bot.hub.here(thread.id)
    first, second = await asyncio.gather(
        manager.move(table.alice.id, MOVES[0]),
        manager.move(table.alice.id, MOVES[0]),
        return_exceptions=True,
    )
    refused = [r for r in (first, second) if isinstance(r, BotError)]
    assert len(refused) == 1 and refused[0].key == "not_your_turn"
    assert manager.match.entries == [MOVES[0]]
    await asyncio.gather(
        manager.act(table.alice.id, "resign"),
        manager.move(table.bob.id, MOVES[1]),
        return_exceptions=True,
    )
    stored = await table.env.bot.store.load_game(manager.id)
    assert manager.match.outcome is not None
    assert [e.text for e in stored.entries] == manager.match.entries
    assert len(stored.entries) in (2, 3)  # either order, each applied once
