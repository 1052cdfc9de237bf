"""Draw offers (S-6) and undo requests (S-5) answered with persistent buttons."""

from __future__ import annotations

from tests.conftest import button, play, press, quiet_moves, snapshot

MOVES = quiet_moves(24, seed=3)


async def test_draw_offer_declined_is_used_up_then_accepted(table):
    thread = await table.start()
    await play(table, thread, MOVES[:2])
    result = await table.alice.slash(thread, "draw")
    assert result.ephemeral and "Draw offered" in result.response.content
    offer = thread.last_message
    assert "alice offers a draw" in offer.content

    own = await table.alice.click(offer, custom_id=button(offer, "draw:accept"))
    assert own.followups[0].ephemeral and "your own request" in own.followups[0].content
    watcher = await table.carol.click(offer, custom_id=button(offer, "draw:accept"))
    assert "Only the two players" in watcher.response.content

    shown = snapshot(table.env, offer)
    await table.bob.click(offer, custom_id=button(offer, "draw:decline"))
    assert "bob declines the draw" in thread.last_message.content
    assert not table.refreshed_in(thread, offer).components
    stale = await press(table.bob, shown, button(offer, "draw:accept"))  # a double click
    assert "no draw offer waiting" in stale.followups[0].content

    again = await table.alice.slash(thread, "draw")  # S-6: a declined offer is used up
    assert "no draw offer left" in again.response.content
    await table.bob.slash(thread, "draw")  # ... and comes back after Bob offers one
    offer = thread.last_message
    shown = snapshot(table.env, offer)
    await table.alice.click(offer, custom_id=button(offer, "draw:accept"))
    assert "Draw (agreement)" in thread.last_message.content
    late = await press(table.bob, shown, button(offer, "draw:decline"))
    assert "This game is over" in late.response.content


async def test_an_offer_stands_while_its_maker_moves_and_lapses_on_the_reply(table):
    thread = await table.start()
    await table.alice.slash(thread, "draw")
    await play(table, thread, MOVES[:1])  # Alice offers, then moves: the offer stands
    assert "lapsed" not in thread.last_message.content
    await table.bob.slash(thread, "move", move=MOVES[1])  # Bob moves instead of answering
    assert "lapsed" in thread.last_message.content


async def test_undo_takes_back_one_ply_or_two(table):
    thread = await table.start()
    await play(table, thread, MOVES[:1])
    await table.alice.slash(thread, "undo")
    request = thread.last_message
    assert "alice asks to take back" in request.content
    await table.bob.click(request, custom_id=button(request, "undo:accept"))
    assert "Taken back: the last move of 🔴 Red alice." in thread.last_message.content
    assert thread.last_message.attachments
    wrong = await table.bob.slash(thread, "move", move=MOVES[1])
    assert "not your turn" in wrong.response.content

    await play(table, thread, MOVES[:2])  # Bob has replied: both plies go back
    await play(table, thread, MOVES[2:3])
    await table.bob.slash(thread, "move", move=MOVES[3])
    await table.alice.slash(thread, "undo")
    request = thread.last_message
    await table.bob.click(request, custom_id=button(request, "undo:accept"))
    assert (
        "Taken back: the last move of 🔴 Red alice and the reply to it."
        in thread.last_message.content
    )


async def test_undo_limits(table):
    """S-5: three requests per game, one in any two of one's own turns."""
    thread = await table.start()
    moves = iter(MOVES)

    async def red_then_black(count: int) -> None:
        for _ in range(count):
            await play(table, thread, [next(moves), next(moves)])

    async def ask(answer: str) -> None:
        assert (await table.alice.slash(thread, "undo")).response.content.startswith(
            "Undo requested"
        )
        request = thread.last_message
        await table.bob.click(request, custom_id=button(request, f"undo:{answer}"))

    await red_then_black(1)
    await ask("decline")  # request 1
    assert "declines the undo" in thread.last_message.content
    await red_then_black(1)
    too_soon = await table.alice.slash(thread, "undo")
    assert "two of your own turns" in too_soon.response.content
    await red_then_black(1)
    await ask("decline")  # request 2
    await red_then_black(2)
    await ask("decline")  # request 3
    await red_then_black(2)
    limit = await table.alice.slash(thread, "undo")
    assert "all 3 undo requests" in limit.response.content


async def test_nothing_to_undo_and_abort(table):
    thread = await table.start()
    nothing = await table.alice.slash(thread, "undo")
    assert "no move to take back" in nothing.response.content
    await play(table, thread, MOVES[:2])
    late = await table.alice.slash(thread, "abort")
    assert "can no longer be aborted" in late.response.content and late.response.ephemeral
    await table.alice.slash(thread, "resign")
    thread = await table.start()
    await play(table, thread, MOVES[:1])
    done = await table.bob.slash(thread, "abort")
    assert done.response.content == "Game aborted."
    assert "Game aborted: no result" in thread.last_message.content
