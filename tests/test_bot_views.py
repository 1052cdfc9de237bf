"""What players see: autocomplete, private and public boards, DMs, exports, settings."""

from __future__ import annotations

import pytest

from bot import Settings
from tests.conftest import button, play, quiet_moves
from tests.table_helpers import whole_rules

MOVES = quiet_moves(4, seed=17)


async def test_autocomplete_offers_legal_moves_in_the_users_notation(table):
    thread = await table.start()
    everything = await table.alice.autocomplete(thread, "move", "move", "")
    assert len(everything) == 25  # Discord's limit; the opening has 44 legal moves
    cannons = await table.alice.autocomplete(thread, "move", "move", "炮二")
    assert {c["name"] for c in cannons} >= {"炮二平五 (h2e2)", "炮二进四 (h2h6)"}
    assert all(c["name"].startswith("炮二") for c in cannons)
    assert {c["value"] for c in cannons} >= {"h2e2"}
    await table.alice.slash(thread, "settings", notation="wxf")
    wxf = await table.alice.autocomplete(thread, "move", "move", "c2")
    assert "C2.5 (h2e2)" in {c["name"] for c in wxf}
    assert await table.bob.autocomplete(thread, "move", "move", "") == []  # not Bob's turn
    assert await table.alice.autocomplete(table.channel, "move", "move", "") == []
    chosen = await table.alice.slash(thread, "move", move=wxf[0]["value"])
    assert chosen.response.content == f"You played {wxf[0]['name'].split()[0]}."  # in WXF


async def test_private_board_is_ephemeral_and_public_board_is_not(table):
    thread = await table.start()
    await play(table, thread, MOVES[:1])
    mine = await table.bob.slash(thread, "board", private=True)
    assert mine.ephemeral and mine.response.ephemeral
    assert mine.response.attachments[0].filename == "board.png"
    assert "bob to move" in mine.response.content
    public = await table.carol.slash(thread, "board")
    assert not public.response.ephemeral and public.response.attachments


def close_dms(table, member) -> None:
    table.env.inject_error(
        "POST",
        f"/channels/{member.user.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )


async def test_an_accepter_with_closed_dms_is_told_alone(table):
    close_dms(table, table.bob)
    message = await table.challenge()
    accepted = await table.bob.click(message, custom_id=button(message, "accept"))
    thread = table.channel.threads[-1]
    (note,) = [m for m in accepted.followups if "cannot send you direct messages" in m.content]
    assert note.ephemeral
    assert not [m for m in thread.history() if "direct messages" in m.content]
    assert "Your game has started" in table.alice.user.dm_channel.last_message.content
    await play(table, thread, MOVES[:2])  # the game goes on


async def test_a_challenger_with_closed_dms_is_warned_before_the_game(table):
    close_dms(table, table.alice)
    result = await table.alice.slash(table.channel, "challenge", opponent=table.bob, color="red")
    (warning,) = [m for m in result.followups if "cannot send you direct messages" in m.content]
    assert warning.ephemeral
    message = next(m for m in reversed(table.channel.history()) if m.components)
    await table.bob.click(message, custom_id=button(message, "accept"))
    thread = table.channel.threads[-1]
    notices = [m for m in thread.history() if "does not accept direct messages" in m.content]
    assert len(notices) == 1 and notices[0].content.startswith("alice does not")
    assert not notices[0].mentions
    assert "challenge is posted" not in (table.bob.user.dm_channel.last_message.content or "")


async def test_a_failing_dm_does_not_undo_what_was_recorded(table):
    """Discord failing (not refusing) a DM after the commit is logged, not answered
    with "nothing was changed": the game starts and goes on."""
    table.env.inject_error(
        "POST", f"/channels/{table.bob.user.dm_channel.id}/messages", status=500, times=None
    )
    thread = await table.start(variant="jieqi")  # a DM with each player's board every turn
    assert thread.history()[0].content.startswith("New game")
    result = await table.alice.slash(thread, "move", move="reveal e3")
    assert result.response.content.startswith("You played")


async def test_players_who_turn_dms_off_get_none(table):
    await table.alice.slash(table.channel, "settings", dm=False)
    await table.start()
    assert table.alice.user.dm_channel.last_message is None
    assert table.bob.user.dm_channel.last_message is not None


@pytest.mark.parametrize("fmt", ["pgn", "json", "gif"])
async def test_export_returns_an_attachment(table, fmt):
    thread = await table.start()
    await play(table, thread, MOVES[:3])
    result = await table.carol.slash(thread, "export", format=fmt)
    message = result.response
    assert message.ephemeral
    (attachment,) = message.attachments
    assert attachment.filename.endswith(f".{fmt}")
    data = await attachment.read()
    if fmt == "gif":
        assert data.startswith(b"GIF8")
    else:
        assert b"alice" in data


async def test_export_of_a_finished_game_by_number_and_history(table):
    thread = await table.start()
    await play(table, thread, MOVES[:2])
    await table.bob.slash(thread, "resign")
    history = await table.bob.slash(table.channel, "history")
    assert "#1 Xiangqi vs alice: loss (resignation)" in history.response.content
    result = await table.bob.slash(table.channel, "export")
    assert result.response.attachments[0].filename == "chuhan-1.pgn"
    missing = await table.bob.slash(table.channel, "export", game=99)
    assert "no game number 99" in missing.response.content


async def test_the_replay_of_a_resigned_game_ends_on_its_result(table):
    from bot.cogs.social import replay_views

    thread = await table.start(variant="jieqi")
    await table.alice.slash(thread, "move", move="reveal e3")
    await table.bob.slash(thread, "move", move="reveal e6")
    await table.bob.slash(thread, "resign")
    store = table.env.bot.store
    record, match = await store.load_game(1), await store.rebuild(1)
    views = replay_views(record, (await store.load_secret(1)).seed, match)
    assert len(views) == 3 and views[-2].outcome is None
    assert views[-1].outcome is not None  # the banner, and every piece face up
    assert all(pv is None or pv.kind is not None for pv in views[-1].board)


async def test_settings_show_and_change(table):
    shown = await table.alice.slash(table.channel, "settings")
    assert shown.ephemeral and "Notation: Chinese" in shown.response.content
    changed = await table.alice.slash(
        table.channel,
        "settings",
        language="zh",
        glyphs="traditional",
        orientation="red",
        labels=True,
    )
    text = changed.response.content
    assert text.startswith("已保存") and "字体：繁体" in text and "坐标：开" in text
    thread = await table.start()
    # The thread speaks the server's language (English by default), whoever acts.
    assert thread.history()[0].content.startswith("New game")
    await play(table, thread, MOVES[:1])
    assert thread.last_message.content.startswith("🔴 Red alice: **")


async def test_help_and_rules(table):
    help_text = (await table.carol.slash(table.channel, "help")).response.content
    assert "/challenge" in help_text and "/move" in help_text
    rules = await whole_rules(table, table.carol, "xiangqi")
    for words in ("at most 3 requests", "one draw offer", "10 minutes", "10 moves by each side"):
        assert words in rules
    choices = await table.carol.autocomplete(table.channel, "rules", "variant", "象棋")
    assert choices and choices[0]["value"] == "xiangqi"


@pytest.fixture
def settings(tmp_path) -> Settings:
    return Settings(db_path=str(tmp_path / "chuhan.sqlite3"), message_moves=True)


async def test_plain_messages_in_a_game_thread_are_moves(table):
    thread = await table.start()
    await table.alice.send(thread, "good luck!")
    await table.bob.send(thread, MOVES[1])  # not Bob's turn: just chat
    assert thread.last_message.author.id == table.bob.id  # chat: no answer
    await table.alice.send(thread, MOVES[0])
    assert thread.last_message.author.bot and "**" in thread.last_message.content


async def test_a_prediction_typed_in_the_thread_is_not_taken(table):
    thread = await table.start(variant="tuibei")
    await table.alice.send(thread, "predict chariot")
    assert thread.last_message.author.id == table.alice.id  # no answer: still chat
    manager = table.env.bot.hub.here(thread.id)
    assert manager.match.entries == []
