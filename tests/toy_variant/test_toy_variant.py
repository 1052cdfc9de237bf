"""A variant the bot has never heard of, registered by importing this folder
alone: people challenge each other to it and play it (its own action, a
peek at the opponent's mark, included), its private events
reach only their player by DM, the public thread never shows the secret, and
the computer plays it through the rules' ``determinize``."""

from __future__ import annotations

from bot.client import Chuhan
from bot.i18n import t
from bot.variants import table_for
from rules.actions import Move
from rules.pieces import Color
from rules.squares import square_name
from rules.variant import find_variant
from tests.conftest import Table

from .game import NAME, MarkedXiangqi
from .room import MarkedTable


def bot_of(table: Table) -> Chuhan:
    bot = table.env.bot
    assert isinstance(bot, Chuhan)
    return bot


def manager_of(table: Table, thread):
    return bot_of(table).hub.here(thread.id)


def answer(result) -> str:
    """The text of the first or deferred answer to a command."""
    message = result.followups[-1] if result.followups else result.response
    assert message is not None
    return message.content


def dms(actor) -> list[str]:
    channel = actor.user.dm_channel
    return [] if channel is None else [message.content for message in channel.history()]


def marked_move(game: MarkedXiangqi, side: Color) -> Move:
    """A legal move of ``side``'s marked piece (every piece has one at the start)."""
    return next(
        a for a in game.legal_actions() if isinstance(a, Move) and a.from_sq == game.marked[side]
    )


def test_importing_the_folder_registers_its_rules_room_and_words():
    assert find_variant(NAME) is MarkedXiangqi
    assert isinstance(table_for(NAME), MarkedTable)
    said = t("zh", "event.marked_moved", square="e3")
    assert said == "只有你知道：你的暗记棋子现在在 e3。"


async def test_people_play_it_and_the_mark_stays_with_its_owner(table: Table):
    offered = await table.alice.autocomplete(table.channel, "challenge", "variant", "marked")
    assert [choice["value"] for choice in offered] == [NAME]
    thread = await table.start(variant=NAME)
    assert "Marked xiangqi" in thread.history()[0].content  # titled by its Game class
    manager = manager_of(table, thread)
    game = manager.match.game
    red_mark = square_name(game.marked[Color.RED])
    black_mark = square_name(game.marked[Color.BLACK])
    before = {"alice": len(dms(table.alice)), "bob": len(dms(table.bob))}

    move = marked_move(game, Color.RED)
    result = await table.alice.slash(thread, "move", move=move.text)
    told = f"your marked piece now stands on {square_name(move.to_sq)}"
    assert any(told in text for text in dms(table.alice)[before["alice"] :])
    assert not any("marked" in text for text in dms(table.bob)[before["bob"] :])
    assert "marked" not in answer(result)

    reply = next(
        a
        for a in manager.match.game.legal_actions()
        if isinstance(a, Move) and a.from_sq != game.marked[Color.BLACK]
    )
    await table.bob.slash(thread, "move", move=reply.text)
    await table.alice.slash(thread, "resign")
    assert manager.finished
    public = [message.content for message in thread.history()]
    assert any("resign" in text for text in public)
    for text in public:  # the thread never shows a mark, before or after the end
        assert "marked piece" not in text
    assert not any(red_mark in d and "marked" in d for d in dms(table.bob))
    assert not any(black_mark in d and "marked" in d for d in dms(table.alice))


async def test_the_computer_plays_it(table: Table):
    result = await table.alice.slash(
        table.channel, "play computer", variant=NAME, level=1, color="red"
    )
    assert "plays the computer" in answer(result), answer(result)
    thread = table.channel.threads[-1]
    manager = manager_of(table, thread)
    move = marked_move(manager.match.game, Color.RED)
    await table.alice.slash(thread, "move", move=move.text)
    computer = bot_of(table).get_cog("Computer")  # the loaded extension's own class
    assert computer is not None
    await computer.settled()
    assert manager.match.actors == [Color.RED, Color.BLACK]  # the computer answered
    public = [message.content for message in thread.history()]
    assert not any("marked piece" in text for text in public)


async def test_its_own_action_tells_the_mover_alone_and_keeps_the_turn(table: Table):
    thread = await table.start(variant=NAME)
    manager = manager_of(table, thread)
    black_mark = square_name(manager.match.game.marked[Color.BLACK])
    offered = await table.alice.autocomplete(thread, "move", "move", "pee")
    assert [choice["value"] for choice in offered] == ["peek"]
    before = {"alice": len(dms(table.alice)), "bob": len(dms(table.bob))}
    posts = len(thread.history())

    await table.alice.slash(thread, "move", move="peek")
    assert manager.match.entries == ["peek"]  # stored in the log by its own text
    told = f"the marked piece of your opponent stands on {black_mark}"
    assert any(told in text for text in dms(table.alice)[before["alice"] :])
    assert not any("marked" in text for text in dms(table.bob)[before["bob"] :])
    public = [message.content for message in thread.history()[posts:]]
    assert any("peeked at the other side's mark" in text for text in public)
    assert not any("stands on" in text for text in public)
    assert manager.looks_like_turn(table.alice.id)  # the move is still hers

    again = await table.alice.slash(thread, "move", move="peek")
    assert again.ephemeral
    assert manager.match.entries == ["peek"]  # refused, nothing changed
