"""The live board as one Components V2 message (a server's ``board: modern``):
the picture, the latest moves, both clocks and the buttons in one message,
which a newer board edits in place into its one-line record."""

from __future__ import annotations

import random

import pytest
from simcord.components import COMPONENTS_V2_FLAG, walk_components

from bot.boards import RECENT_PLIES, recent_actions
from bot.layout import live_view
from bot.movelist import listed_actions
from bot.report import Report
from bot.sending import png_file, text_file
from rules.match import Match
from rules.pieces import Color
from tests.conftest import Table, play, quiet_moves, restart
from tests.table_helpers import server_settings

MOVES = quiet_moves(8, seed=5)


def written(move: str) -> str:
    """The first move in Chinese notation, as the thread writes it."""
    game = Match.start("xiangqi", {}, 0).game
    return game.notate(game.parse(move), "chinese")


def stored(table: Table, message):
    channel_id = message.channel_id if hasattr(message, "channel_id") else message.channel.id
    return table.env.backend.get_message(channel_id, message.id)


def parts(table: Table, message) -> list[dict]:
    return list(walk_components(stored(table, message).components))


def texts(table: Table, message) -> list[str]:
    return [c["content"] for c in parts(table, message) if c["type"] == 10]


def button_ids(table: Table, message) -> list[str]:
    return [c.get("custom_id", "") for c in parts(table, message) if c["type"] == 2]


def custom_id(table: Table, message, suffix: str) -> str:
    found = [i for i in button_ids(table, message) if i.endswith(suffix)]
    assert len(found) == 1, (suffix, button_ids(table, message))
    return found[0]


def is_v2(table: Table, message) -> bool:
    return bool(stored(table, message).flags & COMPONENTS_V2_FLAG)


def layout_text(message) -> str:
    """What a Components V2 message shows in words: its text displays and the
    labels of its buttons ('' for a message of the classic layout)."""
    shown = []
    for component in walk_components([c.to_dict() for c in message.components]):
        if component["type"] == 10:
            shown.append(component["content"])
        elif component["type"] == 2:
            shown.append(f"[{component.get('label')}]")
    return "\n".join(shown) if message.flags.components_v2 else ""


def live(table: Table, thread) -> list:
    """The thread's messages that show a picture."""
    return [m for m in thread.history() if m.attachments]


async def modern(table: Table):
    assert "Live board: modern" in await server_settings(table, board="modern")
    return await table.start()


async def test_each_turn_is_one_message_and_the_one_before_becomes_its_record(table: Table):
    thread = await modern(table)
    await play(table, thread, MOVES)
    last = thread.last_message
    assert live(table, thread) == [last] and is_v2(table, last) and not last.content
    shown = texts(table, last)
    assert shown[0].startswith("⚫ Black bob: **") and f"<@{table.alice.user.id}>" in shown[0]
    assert shown[1].startswith("-# Last moves: 3. ") and " · 4. " in shown[1]
    assert shown[2].startswith("🔴 alice ") and "left" in shown[2] and "⚫ bob 1d/move" in shown[2]
    gallery = [c for c in parts(table, last) if c["type"] == 12]
    assert gallery and gallery[0]["items"][0]["media"]["url"] == last.attachments[0].url
    ids = button_ids(table, last)
    assert [i.rsplit(":", 1)[1] for i in ids] == ["draw", "undo", "resign", "board"]
    records = thread.history()[1:-1]
    assert len(records) == len(MOVES) - 1
    for ply, record in enumerate(records):
        assert is_v2(table, record) and not record.attachments
        (line,) = texts(table, record)
        who = "🔴 Red alice: **" if ply % 2 == 0 else "⚫ Black bob: **"
        assert line.startswith(who) and "\n" not in line and "🔔" not in line
        assert not button_ids(table, record)


async def test_the_buttons_offer_a_draw_answered_on_the_board_and_resign_once_sure(table: Table):
    thread = await modern(table)
    await play(table, thread, MOVES[:2])
    board = thread.last_message
    offer = await table.alice.click(board, custom_id=custom_id(table, board, ":do:draw"))
    assert offer.ephemeral
    asked = thread.last_message
    assert "offers a draw" in texts(table, asked)[0]
    decline = custom_id(table, asked, "draw:decline")
    await table.bob.click(asked, custom_id=decline)
    assert "declines the draw" in texts(table, thread.last_message)[0]
    assert button_ids(table, asked) == []  # answered: its buttons are gone, its record stays
    assert texts(table, asked) == ["🔴 Red alice offers a draw."]
    board = thread.last_message
    question = await table.bob.click(board, custom_id=custom_id(table, board, ":do:resign"))
    assert question.response.ephemeral and "Resign game #1?" in question.response.content
    assert "wins" not in "\n".join(texts(table, thread.last_message))  # nothing yet
    await table.bob.click(question.response, custom_id=custom_id(table, question.response, "sure"))
    end = thread.last_message
    assert is_v2(table, end) and "🔴 Red alice wins (resignation)" in texts(table, end)[0]
    assert live(table, thread) == [end]
    assert not any(
        i.endswith((":draw", ":undo", ":resign", ":board")) for i in button_ids(table, end)
    )
    rematch = custom_id(table, end, "rematch")
    await table.alice.click(end, custom_id=rematch)
    assert "rematch" not in " ".join(button_ids(table, end))
    gallery = [c for c in parts(table, end) if c["type"] == 12]
    assert end.attachments and gallery  # the final board stays, shown
    assert gallery[0]["items"][0]["media"]["url"] == end.attachments[0].url


async def test_my_board_is_private_and_offers_a_conditional_move(table: Table):
    thread = await modern(table)
    await play(table, thread, MOVES[:1])
    board = thread.last_message
    mine = await table.alice.click(board, custom_id=custom_id(table, board, ":do:board"))
    answer = mine.response
    assert answer.ephemeral and answer.attachments
    assert any(
        c.get("custom_id", "").startswith("chuhan:pm:") for c in walk_components(answer.components)
    )
    watcher = await table.carol.click(board, custom_id=custom_id(table, board, ":do:board"))
    assert watcher.response.ephemeral and not watcher.response.components
    stranger = await table.carol.click(board, custom_id=custom_id(table, board, ":do:draw"))
    assert "Only the two players" in stranger.response.content


async def test_after_a_restart_the_modern_board_before_is_retired_too(table: Table, settings):
    thread = await modern(table)
    await play(table, thread, MOVES[:3])
    await restart(table.env, settings)
    await table.bob.slash(thread, "move", move=MOVES[3])
    assert live(table, thread) == [thread.last_message]
    before = thread.history()[-2]
    (line,) = texts(table, before)
    assert line.startswith("🔴 Red alice: **") and not before.attachments


async def test_undo_from_the_board_and_refusals_change_nothing(table: Table):
    thread = await modern(table)
    await play(table, thread, MOVES[:3])
    board = thread.last_message
    early = await table.bob.click(board, custom_id=custom_id(table, board, ":do:undo"))
    assert early.ephemeral  # Bob has a move to take back too: his request is posted
    asked = thread.last_message
    assert "asks to take back" in texts(table, asked)[0]
    again = await table.bob.click(asked, custom_id=custom_id(table, asked, ":do:undo"))
    assert again.ephemeral and "already" in (again.response.content or "").lower()
    assert thread.last_message.id == asked.id  # nothing posted
    await table.alice.click(asked, custom_id=custom_id(table, asked, "undo:accept"))
    undone = thread.last_message
    assert texts(table, undone)[0].startswith("Taken back: the last move of ⚫ Black bob")
    assert live(table, thread) == [undone] and button_ids(table, asked) == []
    assert texts(table, undone)[1] == "-# Last moves: 1. " + written(MOVES[0])


def test_a_long_move_list_is_a_file_of_the_result_panel():
    report = Report(7, 1, 1, [], board=b"png", over=True)
    files = [png_file(b"png"), text_file("1. h2e2", "moves-7.txt")]
    view = live_view(report, "alice wins", "en", "chinese", None, files)
    shown = list(walk_components(view.to_components()))
    assert [c["type"] for c in shown if c["type"] in (10, 12, 13)] == [10, 12, 13]
    (listed,) = [c for c in shown if c["type"] == 13]
    assert listed["file"]["url"] == "attachment://moves-7.txt"
    assert not [c for c in shown if c["type"] == 2]  # a finished game's board has no actions


async def test_an_offer_made_before_a_restart_is_answered_on_its_panel(table: Table, settings):
    thread = await modern(table)
    await play(table, thread, MOVES[:2])
    board = thread.last_message
    await table.alice.click(board, custom_id=custom_id(table, board, ":do:draw"))
    asked = thread.last_message
    await restart(table.env, settings)
    await table.bob.click(asked, custom_id=custom_id(table, asked, "draw:decline"))
    assert "declines the draw" in texts(table, thread.last_message)[0]
    assert live(table, thread) == [thread.last_message]
    assert texts(table, asked) == ["🔴 Red alice offers a draw."] and not button_ids(table, asked)


def _numbered(listed) -> list:
    numbered, round_no = [], 0
    for side, notes in listed:
        if side is Color.RED or not round_no:
            round_no += 1
        numbered.append((round_no, side, notes))
    return numbered


@pytest.mark.parametrize("variant", ["xiangqi", "jieqi", "tuibei", "houji", "fanbing"])
def test_the_panels_moves_are_the_tail_of_the_public_move_list(variant):
    rng = random.Random(variant)
    match = Match.start(variant, {}, 1234)
    masked = 0  # actions listed as hidden (a pending Tuibei prediction)
    for ply in range(30):
        if match.outcome is not None:
            break
        if ply == 15 and match.game.undo_allowed:  # an undo drops moves from the list
            asker, answerer = ("r", "b") if match.game.turn is Color.BLACK else ("b", "r")
            match.apply(f"@{asker}:undo-request")
            match.apply(f"@{answerer}:undo-accept")
        else:
            match.apply(rng.choice(match.game.legal_actions()).text)
        running = match.outcome is None
        expected = tuple(_numbered(listed_actions(match, running=running))[-RECENT_PLIES:])
        assert recent_actions(match.game, running=running) == expected, (variant, ply)
        masked += any(notes is None for _, _, notes in expected)
    assert ply > 10 and (masked > 0) is (variant == "tuibei")
