"""Third-generation xiangqi without codes: setup menus that say what every
back does, a random setup that says it is random, and a double flip that
would lose at once asked about first."""

from __future__ import annotations

from tests.conftest import Table
from tests.wording_fanbing import current, game_id, open_setup, play_to_the_double_flip


def private(result) -> str:
    message = result.followups[-1] if result.followups else result.response
    assert message.ephemeral, message
    return message.content


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
    pawns, pairs = await open_setup(table, table.alice, thread)
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
    pawns, pairs = await open_setup(table, table.alice, thread)
    assert "dealt at random" in current(table, pawns).content
    await table.alice.click(pairs, custom_id=f"chuhan:fb:{game_id(table)}:done")
    assert current(table, pairs).content.startswith("Your backs are set: a random setup")
    pawns, pairs = await open_setup(table, table.bob, thread)
    gid = game_id(table)
    await table.bob.select(pairs, ["chariot"], custom_id=f"chuhan:fb:{gid}:pairs")
    assert "dealt at random" not in current(table, pawns).content  # his own choice now
    await table.bob.click(pairs, custom_id=f"chuhan:fb:{gid}:done")
    assert current(table, pairs).content.startswith("Your backs are set. The game starts")


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
