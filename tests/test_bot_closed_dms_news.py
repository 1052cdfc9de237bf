"""Private news for a player whose DMs are closed: what the latest turn told
them alone (the successor-xiangqi foul they may call) is in their private
/board, with its button, and nowhere else."""

from __future__ import annotations

from tests.test_bot_houji import FOUL, TO_THE_PIN, move, private
from tests.test_bot_views import close_dms


def custom_ids(message) -> list[str]:
    """The custom ids of an ephemeral answer's components (SimCord gives dicts)."""
    return [c["custom_id"] for row in message.components for c in row["components"]]


def fouls(message) -> list[str]:
    """The foul-call buttons among them (a waiting player's private board also
    offers to queue a conditional move)."""
    return [custom_id for custom_id in custom_ids(message) if custom_id.endswith(":foul")]


async def board(actor, thread):
    result = await actor.slash(thread, "board", private=True)
    return result.followups[-1] if result.followups else result.response


async def test_a_foul_she_may_call_is_in_her_private_board_when_her_dms_are_closed(table):
    thread = await table.start(variant="houji")
    close_dms(table, table.alice)
    for ply, text in enumerate(TO_THE_PIN):
        player = table.alice if ply % 2 == 0 else table.bob
        assert (await move(player, thread, text)).startswith("You played "), text
    before = await board(table.alice, thread)
    assert "Only you are told" not in before.content and not fouls(before)
    assert await move(table.bob, thread, FOUL) == "You played 象3进5."

    shown = await board(table.alice, thread)
    assert shown.ephemeral and "Only you are told" in shown.content and "c9" in shown.content
    for other in (table.bob, table.carol):  # the offender and a watcher: nothing
        theirs = await board(other, thread)
        assert "Only you are told" not in theirs.content and not fouls(theirs)
    (foul,) = custom_ids(shown)
    assert foul.endswith(":foul")
    called = await table.alice.click(shown, custom_id=foul)
    assert private(called).startswith("Foul called")
    assert "calls a foul" in thread.history()[-1].content
    after = await board(table.alice, thread)  # the news is spent once the game moved on
    assert "Only you are told" not in after.content and not after.components
