"""Each variant says how its turns are played: the opening names every kind
of turn and its command, and when a new kind opens up for a player (a
counter, a flip, a double flip) they are told, privately, how to do it."""

from __future__ import annotations

import pytest

from tests.conftest import Table
from tests.test_table_wording import chinese_server  # noqa: F401  (a fixture)
from tests.wording_fanbing import BLACK, DOUBLE, GAME, RED, arrange

OPENINGS = {
    "xiangqi": ("/move in any notation", "/走棋，任何记谱"),
    "jieqi": ("/move reveal e3", "/走棋 翻 e3"),
    "jieqi-classic": ("moves as the piece of the starting point", "按所在原始位置的棋子走法"),
    "tuibei": ("/predict", "/预测"),
    "fanbing": ("/move 翻a9", "/走棋 翻a9"),
    "houji": ("/move 帅五换后", "/走棋 帅五换后"),
}


@pytest.mark.parametrize("variant", list(OPENINGS))
async def test_the_opening_says_what_a_turn_can_be(table, chinese_server, variant):  # noqa: F811
    english, chinese = OPENINGS[variant]
    opening = (await table.start(variant=variant)).history()[0].content
    assert english in opening
    opening = (await chinese_server.start(variant=variant)).history()[0].content
    assert chinese in opening and "/move" not in opening


async def test_tuibei_tells_the_opponent_a_counter_is_open(table):
    thread = await table.start(variant="tuibei")
    opening = thread.history()[0].content
    assert "/predict" in opening and "/counter" in opening
    dms = table.bob.user.dm_channel
    await table.alice.slash(thread, "move", move="predict cannon")
    hint = dms.last_message.content
    assert hint.startswith("Your opponent's prediction tile lies in their pool.")
    assert "/counter" in hint and "cannon" not in hint  # nothing of the tile
    told = len(dms.history())
    await table.bob.slash(thread, "move", move="h9g7")  # a miss; the tile returns
    await table.alice.slash(thread, "move", move="predict horse")
    assert len(dms.history()) == told  # once a game is enough


async def test_tuibei_autocomplete_names_tiles_in_the_readers_language(table):
    thread = await table.start(variant="tuibei")
    offered = await table.alice.autocomplete(thread, "move", "move", "predict")
    names = {choice["name"] for choice in offered}
    assert "predict chariot" in names and not any("箭" in name for name in names)
    await table.alice.slash(table.channel, "settings", language="zh")
    offered = await table.alice.autocomplete(thread, "move", "move", "预测")
    assert "预测 箭" in {choice["name"] for choice in offered}


async def test_fanbing_tells_a_player_when_a_flip_or_a_double_flip_opens_up(table: Table):
    thread = await table.start(variant="fanbing")
    await arrange(table, table.alice, thread, RED)
    await arrange(table, table.bob, thread, BLACK)
    dms = {table.alice: table.alice.user.dm_channel, table.bob: table.bob.user.dm_channel}
    hints: dict[str, list[tuple[int, str]]] = {}
    for ply, text in enumerate(GAME[: DOUBLE + 1]):
        player = table.alice if ply % 2 == 0 else table.bob
        before = {p: len(channel.history()) for p, channel in dms.items()}
        await player.slash(thread, "move", move=text)
        for p, channel in dms.items():
            for message in channel.history()[before[p] :]:
                hints.setdefault(p.user.name, []).append((ply, message.content))
    said = {ply: text for told in hints.values() for ply, text in told if "/move" in text}
    # Every first flip of a kind, and the double flip, was announced to its
    # player by the report of the ply before it, and nothing else was.
    assert sorted(said) == [51, 54, 57, 59, 62, 70]
    assert said[51] == "Your last chariot may turn into its back, 助 or 辅 (/move 翻i1)."
    assert said[54].startswith("Your last elephant may turn into its back, camel 驼 or mule 骡")
    assert GAME[52] == "^i1" and GAME[55] == "^g9"
    assert said[70].startswith("You are in check: you may answer with a double flip")
    assert "d9, f9" in said[70] and "loses at once" in said[70] and GAME[71] == "e9~d9"
