"""The wording of a game's table, seen from the players' side: thread names
in the server's public language (and one wording for every confirmation)."""

from __future__ import annotations

import pytest

from tests.conftest import Table
from tests.table_helpers import server_settings


@pytest.fixture
def chinese_server(env) -> Table:
    """A server whose Discord language is Chinese; its members' is English."""
    guild = env.create_guild(preferred_locale="zh-CN")
    channel = guild.create_text_channel("象棋")
    members = (guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol"))
    return Table(env, guild, channel, *members)


async def test_a_chinese_server_names_its_game_threads_in_chinese(chinese_server):
    table = chinese_server
    thread = await table.start(variant="fanbing")
    assert thread.name == "#1 第三代象棋 · alice 对 bob"
    created = [m.content for m in table.channel.history() if "alice" in m.content]
    assert "alice 对 bob" in created and "alice vs bob" not in created
    assert "vs" not in thread.history()[0].content


async def test_an_english_server_keeps_english_thread_names(table):
    thread = await table.start(variant="jieqi")
    assert thread.name == "#1 Jieqi · alice vs bob"


async def test_thread_names_follow_the_chosen_public_language(table):
    await server_settings(table, language="zh")
    thread = await table.start(variant="tuibei")
    assert thread.name == "#1 推背象棋 · alice 对 bob"
    await server_settings(table, language="en")
    await table.alice.slash(thread, "resign")
    second = await table.start()
    assert second.name == "#2 Xiangqi · alice vs bob"


async def test_every_variant_confirms_a_move_the_way_the_player_writes_it(table):
    """One wording, in the player's notation: never "Move played." for one
    variant and a log code (+a0) for another."""
    thread = await table.start()
    played = await table.alice.slash(thread, "move", move="h2e2")
    assert played.response.content == "You played 炮二平五."
    await table.bob.slash(table.channel, "settings", notation="wxf")
    played = await table.bob.slash(thread, "move", move="h9g7")
    assert played.response.content == "You played H8+7."
    await table.alice.slash(thread, "resign")
    jieqi = await table.start(variant="jieqi")
    played = await table.alice.slash(jieqi, "move", move="+a0")
    assert played.response.content == "You played reveal a0."
    assert "+a0" not in jieqi.last_message.content


async def test_a_chinese_player_is_confirmed_in_chinese_whatever_the_notation(chinese_server):
    table = chinese_server
    for member in (table.alice, table.bob):
        await member.slash(table.channel, "settings", language="zh", notation="iccs")
    thread = await table.start(variant="jieqi")
    played = await table.alice.slash(thread, "move", move="reveal a0")
    assert played.response.content == "你走了 翻a0。"  # words, though her notation is ICCS
    assert "+a0" not in thread.last_message.content


async def test_an_accepted_undo_says_whose_move_went_back(table, chinese_server):
    from tests.conftest import button

    for server, said in (
        (table, "Taken back: the last move of 🔴 Red alice."),
        (chinese_server, "悔棋：🔴 红方 alice 的上一步已退回。"),
    ):
        thread = await server.start()
        await server.alice.slash(thread, "move", move="h2e2")
        await server.alice.slash(thread, "undo")
        request = thread.last_message
        await server.bob.click(request, custom_id=button(request, "undo:accept"))
        assert said in thread.last_message.content
        assert "half-move" not in thread.last_message.content


def test_third_generation_flips_are_words_in_each_language():
    """A flip and a double flip are written in words for each reader, not as
    ``^e9`` or ``e0~d0`` (the log's codes)."""
    from bot.presenter import say
    from bot.report import Line, Moves
    from bot.typed import written
    from rules.actions import Swap
    from rules.squares import parse_square
    from rules.variants.fanbing.actions import Flip
    from rules.variants.fanbing.game import Fanbing

    game = Fanbing.start()
    flip = Moves(written(game, Flip(parse_square("e9"))))
    double = Moves(written(game, Swap(parse_square("e0"), parse_square("d0"))))
    for style in ("chinese", "wxf", "iccs"):
        assert say(Line("move.yours", {"move": flip}), "en", style) == "You played flip e9."
        assert say(Line("move.yours", {"move": double}), "zh", style) == "你走了 双翻d0。"


async def test_typing_jie_finds_the_reveals_as_fan_does(table):
    thread = await table.start(variant="jieqi")
    for typed in ("揭", "翻", "揭a0", "reveal"):
        offered = await table.alice.autocomplete(thread, "move", "move", typed)
        assert {"name": "reveal a0", "value": "+a0"} in offered, typed


async def test_the_rules_are_read_a_section_at_a_time(table, chinese_server):
    answer = (await table.carol.slash(table.channel, "rules", variant="tuibei")).response
    assert answer.ephemeral and answer.content.startswith("**Tuibei (prophecy xiangqi)** · Basics")
    assert len(answer.content) < 900  # not a wall of 1,900 characters
    labels = [c["label"] for row in answer.components for c in row["components"]]
    assert labels[0] == "Basics" and labels[-1] == "Platform rules" and len(labels) >= 3
    ids = [c["custom_id"] for row in answer.components for c in row["components"]]
    await table.carol.click(answer, custom_id=ids[-1])
    shown = table.env.backend.get_message(answer.channel_id, answer.id).content
    assert "Platform rules" in shown and "one draw offer" in shown and "prediction" not in shown
    await chinese_server.carol.slash(chinese_server.channel, "settings", language="zh")
    server = chinese_server
    zh = (await server.carol.slash(server.channel, "rules", variant="推背")).response
    assert zh.content.startswith("**推背象棋** · 基本")
    zh_ids = [c["custom_id"] for row in zh.components for c in row["components"]]
    await chinese_server.carol.click(zh, custom_id=zh_ids[-1])
    shown = chinese_server.env.backend.get_message(zh.channel_id, zh.id).content
    assert shown.startswith("**推背象棋** · 平台规则") and "求和" in shown
