"""Third-generation xiangqi without codes: setup menus that say what every
back does, a random setup that says it is random, and a double flip that
would lose at once asked about first."""

from __future__ import annotations

from tests.conftest import Table
from tests.test_bot_fanbing import BLACK, GAME, RED, arrange, game_id, private
from tests.test_bot_fanbing_setup_messages import current, open_setup

DOUBLE = GAME.index("e9~d9")  # Bob's double flip: the d9 advisor carries his king


def options(message) -> dict[str, str]:
    """Every menu option's label with its description."""
    return {
        option["label"]: option.get("description", "")
        for row in message.components
        for child in row["components"]
        for option in child.get("options", [])
    }


async def test_every_back_in_the_menus_says_what_it_does(table: Table):
    thread = await table.start(variant="fanbing")
    pawns, pairs = await open_setup(table, thread)
    shown = options(current(table, pawns)) | options(current(table, pairs))
    assert shown and all(shown.values())  # no option without its line
    assert any(label.startswith("助 on the") for label in shown)
    chariot = next(text for label, text in shown.items() if label.startswith("助 on the"))
    assert "diagonally" in chariot and "辅" in chariot
    assert "妃: a chess knight" in current(table, pairs).content  # the legend
    await table.bob.slash(table.channel, "settings", language="zh")
    answer = await table.bob.slash(thread, "setup")
    zh = options(answer.response) | options(answer.followups[0])
    assert any("斜走一到两格" in text for text in zh.values())


async def test_a_random_setup_says_it_is_random(table: Table):
    thread = await table.start(variant="fanbing")
    pawns, pairs = await open_setup(table, thread)
    assert "dealt at random" in current(table, pawns).content
    await table.alice.click(pairs, custom_id=f"chuhan:fb:{game_id(table)}:done")
    assert current(table, pairs).content.startswith("Your backs are set: a random setup")
    pawns, pairs = await open_setup_of(table, table.bob, thread)
    gid = game_id(table)
    await table.bob.select(pairs, ["chariot"], custom_id=f"chuhan:fb:{gid}:pairs")
    assert "dealt at random" not in current(table, pawns).content  # his own choice now
    await table.bob.click(pairs, custom_id=f"chuhan:fb:{gid}:done")
    assert current(table, pairs).content.startswith("Your backs are set. The game starts")


async def open_setup_of(table: Table, player, thread):
    shown = await player.slash(thread, "setup")
    return shown.response, shown.followups[0]


async def play_to_the_double_flip(table: Table):
    thread = await table.start(variant="fanbing")
    await arrange(table, table.alice, thread, RED)
    await arrange(table, table.bob, thread, BLACK)
    for ply, text in enumerate(GAME[:DOUBLE]):
        player = table.alice if ply % 2 == 0 else table.bob
        await player.slash(thread, "move", move=text)
    return thread


async def test_a_double_flip_that_loses_is_asked_about_first(table: Table):
    thread = await play_to_the_double_flip(table)
    before = len(thread.history())
    asked = await table.bob.slash(thread, "move", move="双翻 f9")
    question = asked.response
    assert question.ephemeral and question.content.startswith(
        "Careful: double flip f9 loses the game at once"
    )
    buttons = [c["custom_id"] for row in question.components for c in row["components"]]
    assert len(buttons) == 2 and len(thread.history()) == before  # nothing played yet
    await table.bob.click(question, custom_id=buttons[1])
    assert current(table, question).content == "Not played: it is still your move."
    assert len(thread.history()) == before
    asked = await table.bob.slash(thread, "move", move="双翻 f9")
    buttons = [c["custom_id"] for row in asked.response.components for c in row["components"]]
    await table.bob.click(asked.response, custom_id=buttons[0])
    assert current(table, asked.response).content == "You played double flip f9."
    assert "🏁 🔴 Red alice wins" in thread.last_message.content


async def test_the_right_double_flip_is_played_without_a_question(table: Table):
    thread = await play_to_the_double_flip(table)
    asked = await table.bob.slash(thread, "move", move="双翻 f9")
    stale = [c["custom_id"] for row in asked.response.components for c in row["components"]]
    played = await table.bob.slash(thread, "move", move="双翻 d9")
    assert private(played) == "You played double flip d9."
    late = await table.bob.click(asked.response, custom_id=stale[0])
    assert "moved on" in (late.followups[-1] if late.followups else late.response).content
