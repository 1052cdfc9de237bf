"""Clocks that do not mislead, seen on the boards players get: both game
times, and the move time beside the side to move's, labelled in the image's
language; a correspondence clock for both sides."""

from __future__ import annotations

import io

from bot.pictures import board_png
from rules.match import Match
from storage import Prefs
from tests.test_table_wording import chinese_server  # noqa: F401  (a fixture)

NAMES = ("alice", "bob")


def drawn(faces: tuple[str | None, str | None], lang: str = "en", moves=()) -> bytes:
    view = Match.replay("xiangqi", {}, 0, list(moves)).game.view(None)
    return board_png(view, NAMES, (None, None), Prefs(), lang, None, faces=faces)


async def png(message) -> bytes:
    buffer = io.BytesIO()
    await message.attachments[0].save(buffer)
    return buffer.getvalue()


async def board(actor, thread) -> bytes:
    return await png((await actor.slash(thread, "board")).response)


async def test_a_rapid_board_shows_both_game_times_and_the_move_time(table):
    thread = await table.start(time="rapid")
    assert await board(table.carol, thread) == drawn(("10:00 · move 1:00", "10:00"))
    await table.env.advance_time(20)
    assert await board(table.carol, thread) == drawn(("9:40 · move 0:40", "10:00"))
    await table.alice.slash(thread, "move", move="h2e2")
    after = ("9:40", "10:00 · move 1:00")  # Red's game time stays, not her move time
    assert await board(table.carol, thread) == drawn(after, moves=["h2e2"])


async def test_a_chinese_server_labels_the_move_time_in_chinese(chinese_server):  # noqa: F811
    thread = await chinese_server.start(time="rapid")
    await chinese_server.env.advance_time(30)
    shown = await board(chinese_server.carol, thread)
    assert shown == drawn(("9:30步0:30", "10:00"), "zh")


async def test_a_rapid_game_without_a_first_move_is_still_lost_on_time(table):
    thread = await table.start(time="rapid")
    await table.env.advance_time(65)
    assert "🔴 Red alice ran out of time." in thread.last_message.content
