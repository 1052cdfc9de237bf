"""A steady board (issue 12): one public orientation, the player's own side in
private, clocks that show what runs out, one round counter; and the server's
public language and notation."""

from __future__ import annotations

import io

import pytest

from bot import Settings
from bot.clockface import faces
from bot.pictures import board_png
from bot.timecontrol import Clocks, preset
from render.text import ply_text
from rules.match import Match
from rules.pieces import Color
from storage import Prefs
from tests.conftest import play, quiet_moves
from tests.table_helpers import server_settings

MOVES = quiet_moves(4, seed=31)


@pytest.fixture
def settings(tmp_path) -> Settings:
    """An hourly sweep keeps the hour-long wait quick."""
    return Settings(db_path=str(tmp_path / "chuhan.sqlite3"), sweep_seconds=3600)


NAMES = ("alice", "bob")


def public(moves: list[str], bottom: Color = Color.RED, clocks=(None, None)) -> bytes:
    view = Match.replay("xiangqi", {}, 0, moves).game.view(None)
    return board_png(view, NAMES, (None, None), Prefs(), "en", None, bottom=bottom, faces=clocks)


async def png(message) -> bytes:
    buffer = io.BytesIO()
    await message.attachments[0].save(buffer)
    return buffer.getvalue()


async def test_the_public_board_keeps_one_orientation_and_the_private_one_is_yours(table):
    thread = await table.start(time="none")
    await play(table, thread, MOVES[:2])
    after_black = await png(thread.last_message)  # Alice (Red) to move
    assert after_black == public(MOVES[:2])
    await table.alice.slash(thread, "move", move=MOVES[2])
    after_red = await png(thread.last_message)  # Bob (Black) to move: still Red below
    assert after_red == public(MOVES[:3])
    assert after_red != public(MOVES[:3], bottom=Color.BLACK)
    mine = await table.bob.slash(thread, "board", private=True)
    view = Match.replay("xiangqi", {}, 0, MOVES[:3]).game.view(None)
    own = board_png(view, NAMES, (None, None), Prefs(), "en", Color.BLACK)
    assert await png(mine.response) == own  # Bob's private board: his side below


async def test_a_server_may_put_black_at_the_bottom(table):
    text = await server_settings(table, orientation="black")
    assert "At the bottom of the public board: black" in text
    thread = await table.start(time="none")
    await play(table, thread, MOVES[:1])
    assert await png(thread.last_message) == public(MOVES[:1], bottom=Color.BLACK)


async def test_correspondence_boards_show_the_time_left(table):
    thread = await table.start(time="1d")
    await table.env.advance_time(3600)
    board = await table.carol.slash(thread, "board")
    assert await png(board.response) == public([], clocks=("23h left", "1d/move"))


def test_clock_faces_show_both_game_times_and_the_move_time_labelled():
    rapid, now = preset("rapid"), 1000.0
    start = Clocks(600_000, 600_000, now + 60)  # a move may take 1 min of the 10
    assert faces(rapid, start, Color.RED, now, running=True) == ("10:00 · move 1:00", "10:00")
    low = Clocks(20_000, 600_000, now + 50)  # 20 s of game time + 30 s overtime
    assert faces(rapid, low, Color.RED, now, running=True) == ("0:20 · move 0:50", "10:00")
    out = Clocks(0, 600_000, now + 30)  # game time used up: 30 s a move
    assert faces(rapid, out, Color.RED, now + 5, running=True, lang="zh") == ("读秒 0:25", "10:00")
    day = Clocks(None, None, now + 2 * 86_400 + 3 * 3600)
    assert faces(preset("3d"), day, Color.BLACK, now, running=True) == ("3d/move", "2d 3h left")
    assert faces(preset("1d"), day, Color.RED, now, running=True, lang="zh") == (
        "剩 2天3小时",
        "每步 1天",
    )
    assert faces(preset("3d"), day, Color.BLACK, now, running=False) == (None, None)
    assert faces(preset("none"), Clocks(), Color.RED, now, running=True) == (None, None)


async def test_one_round_counter_from_1_in_text_and_image(table):
    assert [ply_text(p, "en") for p in (0, 1, 2)] == ["move 1", "move 1", "move 2"]
    assert ply_text(0, "zh") == "第 1 回合"
    thread = await table.start()
    status = (await table.carol.slash(thread, "board")).response.content
    assert status.endswith("move 1")
    await play(table, thread, MOVES[:2])
    assert (await table.carol.slash(thread, "board")).response.content.endswith("move 2")


async def test_the_thread_speaks_the_servers_language_and_notation(table):
    await server_settings(table, language="zh", notation="wxf")
    await table.alice.slash(table.channel, "settings", notation="iccs")
    thread = await table.start()
    assert thread.history()[0].content.startswith("新对局")
    played = await table.alice.slash(thread, "move", move="h2e2")
    assert played.response.content == "You played h2e2."  # to her: her language and notation
    public_line = thread.last_message.content
    assert public_line.startswith("🔴 红方 alice：**C2.5**")
    assert "h2e2" not in public_line
