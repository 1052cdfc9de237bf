"""Rough edges of issue 12: finished threads, request buttons, command texts,
autocomplete in any notation."""

from __future__ import annotations

import re

from bot.i18n import catalogue
from tests.conftest import button, play, quiet_moves

MOVES = quiet_moves(6, seed=41)
INTERNAL_ID = re.compile(r"\b[A-Z]-\d+\b")


async def test_a_finished_threads_commands_act_on_its_game_for_anyone(table):
    first = await table.start()
    await play(table, first, MOVES[:2])
    await table.bob.slash(first, "resign")
    second = await table.start()  # Alice's latest game is now #2
    await table.alice.slash(second, "resign")

    exported = (await table.carol.slash(first, "export")).response
    assert exported.ephemeral and exported.attachments[0].filename == "chuhan-1.pgn"
    board = (await table.carol.slash(first, "board")).response
    assert "alice wins (resignation)" in board.content and board.attachments
    moves = (await table.carol.slash(first, "moves")).response.content
    assert moves.startswith("Moves of game #1:")
    assert (await table.alice.slash(second, "export")).response.attachments[0].filename == (
        "chuhan-2.pgn"
    )


async def test_lapsed_and_ended_requests_lose_their_buttons(table):
    thread = await table.start()
    await play(table, thread, MOVES[:2])
    await table.alice.slash(thread, "draw")
    offer = thread.last_message
    await table.alice.slash(thread, "move", move=MOVES[2])  # the offer stands: buttons stay
    assert table.refreshed_in(thread, offer).components
    await table.bob.slash(thread, "move", move=MOVES[3])  # Bob moves instead: it lapses
    assert "lapsed" in thread.last_message.content
    assert not table.refreshed_in(thread, offer).components

    await table.alice.slash(thread, "undo")
    request = thread.last_message
    assert button(request, "undo:accept")
    await table.bob.slash(thread, "resign")  # the game ends with the request open
    assert not table.refreshed_in(thread, request).components


def test_no_internal_ids_in_command_texts():
    texts: list[str] = []
    for key, value in catalogue().tables["zh"].items():
        if key.startswith(("command.", "choice.")):
            texts.append(value)
    for key, value in catalogue().tables["en"].items():
        if key.startswith(("command.", "choice.")):
            texts.append(value)
    assert texts and not [text for text in texts if INTERNAL_ID.search(text)]


async def test_command_descriptions_show_no_internal_ids(env):
    texts = []
    for command in env.bot.tree.walk_commands():
        texts.append(command.description)
        for parameter in getattr(command, "parameters", []):
            texts.append(parameter.description)
            texts += [choice.name for choice in parameter.choices]
    assert len(texts) > 20 and not [text for text in texts if INTERNAL_ID.search(text)]


async def test_autocomplete_reads_any_notation_and_full_width(table):
    thread = await table.start()

    async def offered(typed: str) -> set[str]:
        found = await table.alice.autocomplete(thread, "move", "move", typed)
        return {choice["value"] for choice in found}

    assert "h2e2" in await offered("C2.")  # WXF, though Alice reads Chinese notation
    assert "h2e2" in await offered("ｈ２ｅ２")  # full-width ICCS
    assert "h2e2" in await offered("炮２平５")  # full-width digits for Chinese numerals
    assert "h2e2" in await offered("砲二平五")  # the traditional glyph
    assert await offered("C2.") <= await offered("c2")


async def test_no_line_mixes_languages_for_an_english_reader(table):
    thread = await table.start(variant="jieqi")
    played = await table.alice.slash(thread, "move", move="翻 a0")
    note = played.response.content
    assert note == "You played reveal a0."  # not "翻a0", nor the log's "+a0"
    await table.alice.slash(table.channel, "settings", language="zh")
    await table.bob.slash(table.channel, "settings", language="zh")
    theirs = await table.bob.slash(thread, "move", move="+a9")
    assert theirs.response.content == "你走了 翻a9。"


async def test_a_refusal_gives_the_actual_reason(table, monkeypatch):
    from tests.test_bot_jieqi import seed_queue

    seed_queue(monkeypatch).append(0)  # a0 hides a cannon in this layout
    thread = await table.start(variant="jieqi")
    await table.alice.slash(thread, "move", move="+a0")
    await table.bob.slash(thread, "move", move="+a9")
    blocked = (await table.alice.slash(thread, "move", move="a0a5")).response.content
    assert blocked.startswith("“a0a5”: that piece cannot move there now")
    assert "face-down" not in blocked  # a face-up cannon is not told about face-down moves
    hidden = (await table.alice.slash(thread, "move", move="b0c2")).response.content
    assert "face-down pieces never move" in hidden


async def test_a_request_that_lapsed_across_a_restart_loses_its_buttons_when_pressed(
    table, settings
):
    from tests.conftest import restart

    thread = await table.start()
    await play(table, thread, MOVES[:2])
    await table.alice.slash(thread, "draw")
    offer = thread.last_message
    await restart(table.env, settings)
    await table.alice.slash(thread, "move", move=MOVES[2])
    await table.bob.slash(thread, "move", move=MOVES[3])  # the offer lapses
    late = await table.bob.click(offer, custom_id=button(offer, "draw:accept"))
    assert "no draw offer waiting" in (late.followups or [late.response])[-1].content
    assert not table.refreshed_in(thread, offer).components
