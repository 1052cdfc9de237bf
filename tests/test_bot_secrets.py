"""Secrets stay private: public messages come from public views and events only.

Standard xiangqi has no secret, so this plays Tuibei (prediction tiles, T-5):
a tile in a pool is secret to the opponent. More in ``test_bot_tuibei.py``.
"""

from __future__ import annotations

import pytest

from tests.table_helpers import server_settings
from tests.test_table_live_board_modern import layout_text


@pytest.mark.parametrize("board", ["classic", "modern"])
async def test_a_prediction_is_told_to_its_owner_only(table, board):
    await server_settings(table, board=board)  # the live board of either layout
    thread = await table.start(variant="tuibei")
    await table.alice.slash(table.channel, "settings", notify="dm")  # her notices by DM
    alice_dms, bob_dms = table.alice.user.dm_channel, table.bob.user.dm_channel
    played = await table.alice.slash(thread, "move", move="炮二平五")
    assert played.response.content == "You played 炮二平五."
    shown = thread.last_message.content + layout_text(thread.last_message)
    assert "🔴 Red alice: **炮二平五**" in shown  # a move is public
    seen_by_alice = len(alice_dms.history())
    result = await table.bob.slash(thread, "move", move="?r")  # Bob predicts a chariot
    assert result.ephemeral and result.response.content == "You played predict chariot."
    public = thread.last_message.content + layout_text(thread.last_message)
    assert "places a prediction tile face down" in public
    assert "chariot" not in public.lower() and "箭" not in public
    if board == "modern":  # the panel lists the prediction, as hidden
        assert "-# Last moves: 1. 炮二平五 (hidden)" in public
    assert "Your prediction: chariot." in bob_dms.last_message.content
    assert bob_dms.last_message.attachments  # Bob's own view of the board
    alice_new = [m.content for m in alice_dms.history()[seen_by_alice:]]
    assert alice_new and all("chariot" not in text.lower() for text in alice_new)
    mine = await table.bob.slash(thread, "board", private=True)
    assert mine.response.ephemeral and mine.response.attachments
