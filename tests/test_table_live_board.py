"""One live board per game (issue "A table people enjoy"): a thread shows the
move history as text and exactly one board, the latest, at the bottom. Each
older board message keeps a one-line record of what it announced, written
from what was public in it."""

from __future__ import annotations

import pytest

from tests.conftest import button, play, quiet_moves, restart
from tests.test_bot_jieqi import greedy_game, seed_queue, written
from tests.test_table_links import sent_texts

MOVES = quiet_moves(26, seed=5)


def boards(thread) -> list:
    """The thread's messages that show a picture."""
    return [m for m in thread.history() if any(a.filename.endswith(".png") for a in m.attachments)]


def one_live_board(thread) -> None:
    assert boards(thread) == [thread.last_message], [m.content for m in boards(thread)]


async def test_a_whole_game_leaves_one_board_and_its_moves_as_text(table):
    thread = await table.start()
    one_live_board(thread)
    for ply, move in enumerate(MOVES):
        await play(table, thread, [move]) if ply % 2 == 0 else await table.bob.slash(
            thread, "move", move=move
        )
        one_live_board(thread)
    await table.alice.slash(thread, "resign")
    history = thread.history()
    assert len(boards(thread)) == 1 and "wins (resignation)" in history[-1].content
    assert history[0].content.startswith("New game: alice (🔴 Red) vs bob (⚫ Black).")
    records = [m.content for m in history[1:-1]]
    assert len(records) == 26
    for ply, record in enumerate(records):
        assert "\n" not in record and not history[ply + 1].attachments
        who = "🔴 Red alice: **" if ply % 2 == 0 else "⚫ Black bob: **"
        assert record.startswith(who), record
        assert "🔔" not in record and "time runs out" not in record  # no stale ping or deadline


async def test_a_request_keeps_its_buttons_until_answered_then_its_record(table):
    thread = await table.start()
    await play(table, thread, MOVES[:2])
    await table.alice.slash(thread, "draw")
    offer = thread.last_message
    assert offer.attachments and button(offer, "draw:decline")
    await table.bob.click(offer, custom_id=button(offer, "draw:decline"))
    one_live_board(thread)
    offer = table.refreshed_in(thread, offer)
    assert offer.content == "🔴 Red alice offers a draw." and not offer.components
    assert "bob declines the draw" in thread.last_message.content


async def test_after_a_restart_the_board_before_it_is_retired_too(table, settings):
    thread = await table.start()
    await play(table, thread, MOVES[:3])
    await restart(table.env, settings)
    await table.bob.slash(thread, "move", move=MOVES[3])
    one_live_board(thread)
    before = thread.history()[-2]
    assert before.content.startswith("🔴 Red alice: **") and "\n" not in before.content


@pytest.mark.parametrize("variant", ["jieqi", "jieqi-classic"])
async def test_records_of_a_hidden_game_say_only_what_was_public(table, monkeypatch, variant):
    seed_queue(monkeypatch).append(3)
    thread = await table.start(variant=variant)
    players = (table.alice, table.bob)
    for ply, text in enumerate(greedy_game(variant, 3)[:30]):
        await players[ply % 2].slash(thread, "move", move=written(text, ply))
    one_live_board(thread)
    posted = [line for text in sent_texts(table.env) for line in text.split("\n")]
    for message in thread.history()[:-1]:
        for part in message.content.split(" · "):
            assert part in posted, part  # each part of a record was a line of a public message
        assert "Only you" not in message.content


async def test_a_public_board_on_request_is_a_copy_the_next_board_removes(table):
    thread = await table.start()
    await play(table, thread, MOVES[:1])
    await table.carol.slash(thread, "board")
    copy = thread.last_message
    assert copy.attachments and "bob to move" in copy.content
    assert len(boards(thread)) == 2  # asked for: the copy and the live board
    await table.bob.slash(thread, "move", move=MOVES[1])
    one_live_board(thread)
    assert copy.id not in [m.id for m in thread.history()]
    assert len(thread.history()) == 3  # the opening and the two moves
