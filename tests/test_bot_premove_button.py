"""The private board's conditional-move button: a form that takes a line in
any notation, checked and bounded as /premove add checks it, private too."""

from __future__ import annotations

from simcord.components import walk_components

from tests.conftest import Table, play, restart

PREMOVE = "chuhan:pm:"


def buttons(response) -> list[dict]:
    return [c for c in walk_components(response.components) if c.get("type") == 2]


def premove_id(response) -> str | None:
    ids = [c.get("custom_id") or "" for c in buttons(response)]
    return next((i for i in ids if i.startswith(PREMOVE)), None)


async def _form(table: Table, thread, actor):
    board = (await actor.slash(thread, "board", private=True)).response
    assert board.ephemeral
    custom_id = premove_id(board)
    assert custom_id is not None, board.content
    shown = await actor.click(board, custom_id=custom_id)
    assert shown.modal is not None and shown.modal["title"] == "Queue a conditional move"
    return shown


async def test_the_button_queues_a_line_that_is_then_played(table: Table):
    thread = await table.start()
    await play(table, thread, ["c3c4"])
    mine = (await table.bob.slash(thread, "board", private=True)).response
    assert premove_id(mine) is None  # Bob is to move: nothing to queue now
    shown = await _form(table, thread, table.alice)
    done = await table.alice.submit_modal(shown, {"line": "if 炮8平5 then 马二进三"})
    assert done.response.ephemeral
    assert done.response.content.startswith("Queued.")
    assert "1. if 炮8平5, 马二进三" in done.response.content
    await table.bob.slash(thread, "move", move="h7e7")
    assert "马二进三" in thread.last_message.content


async def test_a_bad_line_in_the_form_is_refused_and_nothing_queued(table: Table):
    thread = await table.start()
    await play(table, thread, ["c3c4"])
    shown = await _form(table, thread, table.alice)
    bad = await table.alice.submit_modal(shown, {"line": "h7e7 h0h5"})
    assert bad.response.ephemeral
    assert bad.response.content.startswith("h0h5 is not a legal move at that point of the line.")
    junk = await table.alice.submit_modal(await _form(table, thread, table.alice), {"line": "?"})
    assert "at least 2 moves" in junk.response.content
    listed = await table.alice.slash(thread, "premove list")
    assert listed.response.content == "You have no conditional moves queued in this game."


async def test_the_button_works_after_a_restart_and_in_chinese(table: Table, settings):
    thread = await table.start()
    await play(table, thread, ["c3c4"])
    await table.alice.slash(thread, "settings", language="zh")
    board = (await table.alice.slash(thread, "board", private=True)).response
    custom_id = premove_id(board)
    assert custom_id is not None
    assert [c["label"] for c in buttons(board)] == ["预约着法"]
    await restart(table.env, settings)
    shown = await table.alice.click(board, custom_id=custom_id)
    assert shown.modal is not None and shown.modal["title"] == "预约着法"
    done = await table.alice.submit_modal(shown, {"line": "h7e7 h0g2 h9g7 i0h0"})
    assert done.response.content.startswith("已预约。")


async def test_the_form_refuses_once_the_game_is_over(table: Table):
    thread = await table.start()
    await play(table, thread, ["c3c4"])
    shown = await _form(table, thread, table.alice)
    await table.bob.slash(thread, "resign")
    late = await table.alice.submit_modal(shown, {"line": "h7e7 h0g2"})
    assert late.response.ephemeral and "over" in late.response.content
