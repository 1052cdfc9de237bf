"""Conditional moves (/premove): a line played through, a line dropped by
another reply, a queue kept across a restart, a queue nobody else can see."""

from __future__ import annotations

import re

from tests.conftest import Table, button, play, restart

LINE = "if 炮8平5 then 马二进三, then if 马8进7 then 车一平二"


async def _queue(table: Table, thread, line: str) -> str:
    result = await table.alice.slash(thread, "premove add", line=line)
    assert result.ephemeral, result
    return result.response.content


async def test_a_line_is_played_through_and_its_answers_come_at_once(table: Table):
    thread = await table.start()
    await play(table, thread, ["c3c4"])
    text = await _queue(table, thread, LINE)
    assert text.startswith("Queued.")
    assert "1. if 炮8平5, 马二进三; then if 马8进7, 车一平二" in text
    before = len(thread.history())
    await table.bob.slash(thread, "move", move="h7e7")
    posted = thread.history()[before:]
    assert len(posted) == 2  # Bob's move, then Alice's answer, in that order
    assert "炮8平5" in posted[0].content and "<@" not in posted[0].content  # no ping for Alice
    assert "马二进三" in posted[1].content and f"<@{table.bob.user.id}>" in posted[1].content
    dms = [m.content for m in table.alice.user.dm_channel.history()]
    assert any("Your conditional move 马二进三 was played." in dm for dm in dms)
    listed = await table.alice.slash(thread, "premove list")
    assert "1. if 马8进7, 车一平二" in listed.response.content
    await table.bob.slash(thread, "move", move="h9g7")
    assert "车一平二" in thread.last_message.content
    listed = await table.alice.slash(thread, "premove list")
    assert listed.response.content == "You have no conditional moves queued in this game."
    turn = await table.alice.slash(thread, "move", move="a3a4")
    assert turn.response.content == "It is not your turn."


async def test_another_reply_drops_every_line(table: Table):
    thread = await table.start()
    await play(table, thread, ["c3c4"])
    await _queue(table, thread, "if h7e7 then h0g2")
    await _queue(table, thread, "b7e7 b0c2 b9c7 a0a1")
    listed = await table.alice.slash(thread, "premove list")
    assert "(2 of at most 8)" in listed.response.content
    await table.bob.slash(thread, "move", move="h9g7")
    assert f"<@{table.alice.user.id}>" in thread.last_message.content  # her turn, as ever
    listed = await table.alice.slash(thread, "premove list")
    assert listed.response.content == "You have no conditional moves queued in this game."
    await play(table, thread, ["h0g2"])  # she plays on by hand


async def test_a_bad_line_is_refused_and_changes_nothing(table: Table):
    thread = await table.start()
    mine = await table.alice.slash(thread, "premove add", line="h7e7 h0g2")
    assert "It is your move" in mine.response.content
    await play(table, thread, ["c3c4"])
    bad = await table.alice.slash(thread, "premove add", line="h7e7 h0h5")
    assert bad.response.content.startswith("h0h5 is not a legal move at that point of the line.")
    short = await table.alice.slash(thread, "premove add", line="h7e7")
    assert "at least 2 moves" in short.response.content
    stranger = await table.carol.slash(thread, "premove list")
    assert "Only the two players" in stranger.response.content
    listed = await table.alice.slash(thread, "premove list")
    assert listed.response.content == "You have no conditional moves queued in this game."
    zh = await table.alice.slash(thread, "settings", language="zh")
    assert zh.ephemeral
    listed = await table.alice.slash(thread, "premove list")
    assert listed.response.content == "你在本局没有预约着法。"


async def test_the_queue_survives_a_restart(table: Table, settings):
    thread = await table.start()
    await play(table, thread, ["c3c4"])
    await _queue(table, thread, LINE)
    await restart(table.env, settings)
    await table.bob.slash(thread, "move", move="h7e7")
    assert "马二进三" in thread.last_message.content
    listed = await table.alice.slash(thread, "premove list")
    assert "1. if 马8进7, 车一平二" in listed.response.content


async def test_clearing_and_an_undo_drop_the_lines(table: Table):
    thread = await table.start()
    await play(table, thread, ["c3c4"])
    await _queue(table, thread, LINE)
    cleared = await table.alice.slash(thread, "premove clear")
    assert cleared.response.content == "1 queued lines dropped."
    await _queue(table, thread, LINE)
    await table.bob.slash(thread, "move", move="h7e7")  # answered at once: Bob to move
    await table.bob.slash(thread, "undo")
    await table.alice.click(thread.last_message, custom_id=button(thread.last_message, "accept"))
    listed = await table.alice.slash(thread, "premove list")
    assert listed.response.content == "You have no conditional moves queued in this game."


async def _twin(table: Table, queued: bool) -> tuple[list[str], list[bytes], list[str]]:
    """A game in which Alice queues lines (or not) that Bob's reply then drops,
    played on: the thread's texts and images and Bob's DMs."""
    thread = await table.start()
    await table.bob.slash(table.channel, "settings", notify="both")
    known = len(table.bob.user.dm_channel.history()) if table.bob.user.dm_channel else 0
    moves = ["c3c4", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"]
    images: list[bytes] = []
    for ply, text in enumerate(moves):
        if ply == 1 and queued:
            await _queue(table, thread, "h7e7 h0g2 h9g7 i0h0")
            await _queue(table, thread, "b7e7 b0c2")
        player = table.alice if ply % 2 == 0 else table.bob
        await player.slash(thread, "move", move=text)
        images += [await a.read() for a in thread.last_message.attachments]
    bob = [m.content for m in table.bob.user.dm_channel.history()[known:]]
    texts = [re.sub(r"#\d+", "#n", m.content) for m in thread.history()]
    return texts, images, [re.sub(r"#\d+|/\d+$", "#n", dm) for dm in bob]  # the thread differs


async def test_nobody_else_learns_of_a_queue(table: Table):
    first = await _twin(table, queued=True)
    await table.bob.slash(table.channel, "settings", notify="thread")
    second = await _twin(table, queued=False)
    assert first[0] == second[0] and len(first[0]) > 6
    assert first[1] == second[1] and len(first[1]) == 6
    assert first[2] == second[2] and first[2]


async def test_an_answer_no_longer_legal_is_dropped_and_its_owner_told(table: Table, settings):
    thread = await table.start()
    await play(table, thread, ["c3c4"])
    manager = table.env.bot.hub.active()[0]
    await table.env.bot.store.set_premoves(manager.id, table.alice.user.id, [["h7e7", "h0h5"]])
    await restart(table.env, settings)  # read from storage, as written
    await table.bob.slash(thread, "move", move="h7e7")
    assert f"<@{table.alice.user.id}>" in thread.last_message.content  # her turn: nothing played
    dms = [m.content for m in table.alice.user.dm_channel.history()]
    assert any("Your queued answer h0h5 is no longer legal" in dm for dm in dms)
    listed = await table.alice.slash(thread, "premove list")
    assert listed.response.content == "You have no conditional moves queued in this game."
