"""Private boards by DM (issue "A table people enjoy"): in a game with hidden
pieces a player's own board comes by DM only when it shows them something the
public board does not; ``/settings boards:every`` brings it after every move,
and ``/board private:true`` shows it whenever asked."""

from __future__ import annotations

from rules.match import Match
from rules.pieces import Color
from tests.test_bot_jieqi import greedy_game, seed_queue, written

VARIANT, SEED = "jieqi-classic", 3


def answer(result):
    """A private answer, whether it came first or after a deferral."""
    return result.followups[-1] if result.followups else result.response


def learned(moves: list[str]) -> dict[Color, int]:
    """How many times each side was told the identity of a piece it took face down."""
    match, told = Match.start(VARIANT, {}, SEED), {Color.RED: 0, Color.BLACK: 0}
    for text in moves:
        for event in match.apply(text):
            if event.code == "capture_learned":
                told[event.audience] += 1
    return told


async def test_a_whole_hidden_game_dms_boards_only_with_news_or_when_asked(table, monkeypatch):
    seed_queue(monkeypatch).append(SEED)
    chosen = answer(await table.bob.slash(table.channel, "settings", boards="every"))
    assert "Your board by DM in games with hidden pieces: after every move" in chosen.content
    thread = await table.start(variant=VARIANT)
    moves = greedy_game(VARIANT, SEED)
    players = (table.alice, table.bob)
    for ply, text in enumerate(moves):
        await players[ply % 2].slash(thread, "move", move=written(text, ply))
    assert table.env.bot.hub.here(thread.id) is None  # over
    told = learned(moves)
    assert told[Color.RED] > 0 and len(moves) > 20
    alice = table.alice.user.dm_channel.history()
    assert len(alice) == 1 + 1 + told[Color.RED]  # challenge posted, hello, and her news
    assert all("Only you are told" in m.content and m.attachments for m in alice[2:])
    bob = table.bob.user.dm_channel.history()
    assert len(bob) == 1 + len(moves)  # hello, then his board after every move
    assert all(m.attachments for m in bob)


async def test_a_private_board_is_there_whenever_asked(table, monkeypatch):
    seed_queue(monkeypatch).append(SEED)
    thread = await table.start(variant=VARIANT)
    before = len(table.alice.user.dm_channel.history())
    await table.alice.slash(thread, "move", move="+a0")
    await table.bob.slash(thread, "move", move="+a9")
    assert len(table.alice.user.dm_channel.history()) == before  # nothing new for her
    shown = answer(await table.alice.slash(thread, "board", private=True))
    assert shown.ephemeral and shown.attachments
    settings = answer(await table.alice.slash(table.channel, "settings"))
    assert "when it shows you something new" in settings.content
