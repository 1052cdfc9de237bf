"""The opening's ECCO name in /moves, the result message and /stats, in the
reader's language; nothing for a variant (SimCord)."""

from __future__ import annotations

from tests.conftest import play

SCREEN_HORSES = "C00 Central Cannon vs Screen Horses"
LEFT_HORSE = "B05 Central Cannon vs Left Horse"


async def finish(table, moves: list[str]) -> str:
    """Alice and Bob play ``moves`` in a new game, then Bob resigns; the
    result message's text."""
    thread = await table.start()
    await play(table, thread, moves)
    await table.bob.slash(thread, "resign")
    return thread.last_message.content


async def test_a_finished_game_names_its_opening_in_moves_and_the_result(table):
    thread = await table.start()
    # Black's horses come out in the other order: the same position, the same name.
    await play(table, thread, ["h2e2", "b9c7", "h0g2", "h9g7"])
    moves = (await table.carol.slash(thread, "moves")).response.content
    assert moves.splitlines()[1] == f"Opening: {SCREEN_HORSES}"
    await table.bob.slash(table.channel, "settings", language="zh")
    moves = (await table.bob.slash(thread, "moves")).response.content
    assert moves.splitlines()[1] == "开局：C00 中炮对屏风马"
    await table.bob.slash(thread, "resign")
    result = thread.last_message.content.splitlines()
    assert "alice wins (resignation)." in result[1]
    assert f"Opening: {SCREEN_HORSES}" in result
    assert result.index(f"Opening: {SCREEN_HORSES}") < result.index("Moves of game #1:")


async def test_stats_count_the_most_played_openings(table):
    for moves in (["h2e2", "h9g7"], ["b2e2", "b9c7", "b0c2", "h9g7"], ["h2e2", "h9g7", "h0g2"]):
        await finish(table, moves)  # the second one mirrored: still the screen horses
    await finish(table, ["g3g4", "c6c5"])
    await finish(table, ["h2d2", "h7e7"])
    stats = (await table.alice.slash(table.channel, "stats")).response.content
    # Top three by count, ties by code: B05 twice, then A63 before C00 before E40.
    assert (
        f"Most played openings: {LEFT_HORSE} (×2); A63 Cross-Palace Cannon vs Left Central "
        f"Cannon (×1); {SCREEN_HORSES} (×1)"
    ) in stats.splitlines()
    await table.bob.slash(table.channel, "settings", language="zh")
    stats = (await table.bob.slash(table.channel, "stats")).response.content
    assert "最常下的开局：B05 中炮对进左马（2 局）；" in stats
    stats = (await table.carol.slash(table.channel, "stats")).response.content
    assert "openings" not in stats  # no finished game, no line


async def test_a_variant_has_no_opening_name(table):
    thread = await table.start(variant="houji")
    await play(table, thread, ["h2e2", "h9g7"])
    moves = (await table.carol.slash(thread, "moves")).response.content
    assert "Opening" not in moves and "1. " in moves
    await table.bob.slash(thread, "resign")
    assert "Opening" not in thread.last_message.content
    stats = (await table.alice.slash(table.channel, "stats")).response.content
    assert "openings" not in stats
