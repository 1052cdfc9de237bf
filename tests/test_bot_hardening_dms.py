"""What a player is told by DM reaches them in the answer to their own action when
the DM cannot be sent (closed or turned off), and they are told once that their
DMs are closed: a jieqi-classic capturer learns what they captured."""

from __future__ import annotations

import pytest

from rules.match import Match
from rules.pieces import Color
from tests.conftest import Table
from tests.test_bot_jieqi import PIECES, greedy_game, private, seed_queue, written
from tests.test_bot_views import close_dms

SEED = 2
CLOSED = "I could not send you this by direct message"


def answer_of(result):
    return result.followups[-1] if result.followups else result.response


async def play_classic(table: Table) -> tuple[dict[Color, list[str]], dict[Color, int]]:
    """Play a greedy jieqi-classic game; per side, the answers that had to tell a
    captured piece, and how many answers said the DMs are closed."""
    thread = await table.start(variant="jieqi-classic")
    match = Match.start("jieqi-classic", {}, SEED)
    players = {Color.RED: table.alice, Color.BLACK: table.bob}
    learned: dict[Color, list[str]] = {Color.RED: [], Color.BLACK: []}
    closed = dict.fromkeys(Color, 0)
    for ply, text in enumerate(greedy_game("jieqi-classic", SEED)):
        side = match.game.turn
        result = await players[side].slash(thread, "move", move=written(text, ply))
        answer = private(result)
        assert answer.startswith("You played"), answer
        closed[side] += CLOSED in answer
        for event in match.apply(text):
            if event.code == "capture_learned":
                assert event.audience is side
                piece = PIECES[event.params["kind"]]
                assert "you captured from" in answer and f"was: {piece}." in answer, answer
                assert answer_of(result).attachments  # their own board, which the DM would carry
                learned[side].append(answer)
    assert all("Only you" not in m.content for m in thread.history())
    return learned, closed


@pytest.mark.parametrize("how", ["closed", "turned off"])
async def test_a_capturer_without_dms_is_told_in_their_own_answer(table, monkeypatch, how):
    seed_queue(monkeypatch).append(SEED)
    for player in (table.alice, table.bob):
        if how == "closed":
            close_dms(table, player)
        else:
            await player.slash(table.channel, "settings", dm=False)
    learned, closed = await play_classic(table)
    assert sum(len(answers) for answers in learned.values()) >= 2
    if how == "closed":
        assert closed == {Color.RED: 1, Color.BLACK: 1}  # told once each
    else:
        assert closed == {Color.RED: 0, Color.BLACK: 0}  # they chose it: nothing to tell
