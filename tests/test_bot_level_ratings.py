"""The levels' estimated ratings where players meet them: the level choices of
/play computer and the record against the computer in /stats."""

from __future__ import annotations

import sys

from computer.level_ratings import LEVEL_RATINGS
from computer.levels import LEVELS


async def test_the_level_choices_name_each_level_with_its_rating(table):
    offered = await table.alice.autocomplete(table.channel, "play computer", "level", "")
    assert [choice["value"] for choice in offered] == sorted(LEVELS)
    for choice in offered:
        found = LEVEL_RATINGS.get(choice["value"])
        if found is None:
            assert choice["name"] == f"{choice['value']} (strength not measured yet)"
            continue
        assert choice["name"].startswith(f"{choice['value']} · ~{found.rating} Elo")
        assert f"±{found.error}" in choice["name"]
        assert "standard xiangqi" in choice["name"]
    typed = await table.alice.autocomplete(table.channel, "play computer", "level", "8")
    assert [choice["value"] for choice in typed] == [8]


async def test_challenging_the_bot_offers_the_same_level_choices(table):
    offered = await table.alice.autocomplete(table.channel, "play computer", "level", "")
    asked = await table.alice.autocomplete(table.channel, "challenge", "level", "")
    assert asked == offered and len(asked) == len(LEVELS)


async def test_the_level_choices_speak_chinese_to_a_chinese_player(table):
    await table.alice.slash(table.channel, "settings", language="zh")
    offered = await table.alice.autocomplete(table.channel, "play computer", "level", "3")
    assert [choice["value"] for choice in offered] == [3]
    assert offered[0]["name"] == (
        f"3 级 · 约 {LEVEL_RATINGS[3].rating} 分（±{LEVEL_RATINGS[3].error}，按中国象棋估计）"
    )


async def test_stats_gives_the_ratings_of_the_levels_played(table):
    before = await table.alice.slash(table.channel, "stats")
    assert "Estimated strength" not in before.response.content
    await table.alice.slash(table.channel, "play computer", level=2, color="red")
    thread = table.channel.threads[-1]
    await table.alice.slash(thread, "resign")
    stats = (await table.alice.slash(table.channel, "stats")).response.content
    assert "vs the computer, level 2: won 0, drawn 0, lost 1" in stats
    found = LEVEL_RATINGS[2]
    line = next(text for text in stats.splitlines() if text.startswith("Estimated strength"))
    assert line.endswith(f"standard xiangqi): level 2 ~{found.rating} ±{found.error}")
    bob = (await table.bob.slash(table.channel, "stats")).response.content
    assert "Estimated strength" not in bob  # he never played the computer


async def test_a_level_not_yet_measured_says_so(table, monkeypatch):
    loaded = sys.modules["bot.cogs.computer"]  # the extension as the bot loaded it
    monkeypatch.setattr(loaded, "LEVEL_RATINGS", {})
    offered = await table.alice.autocomplete(table.channel, "play computer", "level", "5")
    assert offered[0]["name"] == "5 (strength not measured yet)"
    await table.alice.slash(table.channel, "play computer", level=5, color="red")
    await table.alice.slash(table.channel.threads[-1], "resign")
    stats = (await table.alice.slash(table.channel, "stats")).response.content
    assert "vs the computer, level 5" in stats and "Estimated strength" not in stats
