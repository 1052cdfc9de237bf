"""A third-generation game for the wording tests, up to a double flip: the
setups both players choose, the plies (found by a biased random search over
the rules, as the game of test_bot_fanbing.py, whose first 72 plies these
are), and the /setup helpers. Kept apart so these tests stand on their own."""

from __future__ import annotations

import simcord

from rules.pieces import Kind as K
from rules.variants.fanbing.backs import Setup

RED = Setup((K.HORSE, K.ADVISOR, K.CANNON, K.CHARIOT, K.ELEPHANT), 5, 2, 0, 1, 1)
BLACK = Setup((K.CHARIOT, K.HORSE, K.CANNON, K.ELEPHANT, K.ADVISOR), 3, 6, 8, 7, 7)
GAME = str.split(
    "c3c4 c6c5 g3g4 h7c7 a0a2 g6g5 e3e4 b7b5 e4e5 c5c4 i3i4 c9e7 e5d5 c4d4 h2i2 i6i5 "
    "d5d6 b5b3 i2i1 b3f3 d6c6 a6a5 c6b6 d4e4 b2e2 h9g7 g4g5 e6e5 g5f5 c7d7 f5e5 d7d4 "
    "b0c2 e4f4 i4i5 f4e4 i5i6 e4e3 i6i7 d4d3 a3a4 i9i7 i1f1 a5a4 e5e6 a4a3 b6c6 a3b3 "
    "e0e1 b3a3 i0i1 a3a2 ^i1 a2b2 e6e7 ^g9 c6c7 e3e2 c0e2 d3d7 ^f1 b2a2 f1f3 ^d7 "
    "c7b7 a2a1 i1i4 a1b1 f3h3 i7i4 e7e8 e9~d9"
)
DOUBLE = GAME.index("e9~d9")  # Bob's double flip: the d9 advisor carries his king
FILES = "aceg"  # the pawns with a menu; the fifth carries the back left over
PAIRS = (("advisor", 5), ("elephant", 6), ("chariot", 8), ("horse", 7), ("cannon", 7))


def game_id(table) -> int:
    (manager,) = [m for m in table.env.bot.hub.active() if m.variant == "fanbing"]
    return manager.id


def current(table, message):
    """The message as the user's client shows it now."""
    return table.env.backend.get_message(message.channel_id, message.id)


async def open_setup(table, player, thread):
    """The two private /setup messages of ``player``."""
    shown = await player.slash(thread, "setup")
    return shown.response, shown.followups[0]


async def arrange(table, player: simcord.MemberActor, thread, setup: Setup) -> None:
    """Choose every group of ``setup`` through the /setup menus, then Done."""
    pawns, pairs = await open_setup(table, player, thread)
    gid = game_id(table)
    for file, back in zip(FILES, setup.pawns, strict=False):
        await player.select(pawns, [back.value], custom_id=f"chuhan:fb:{gid}:pawn-{file}")
    right = [group for group, first in PAIRS if getattr(setup, group) == first]
    await player.select(pairs, right, custom_id=f"chuhan:fb:{gid}:pairs")
    await player.click(pairs, custom_id=f"chuhan:fb:{gid}:done")


async def play_to_the_double_flip(table):
    """A fanbing game in which Bob is about to double-flip; its thread."""
    thread = await table.start(variant="fanbing")
    await arrange(table, table.alice, thread, RED)
    await arrange(table, table.bob, thread, BLACK)
    for ply, text in enumerate(GAME[:DOUBLE]):
        player = table.alice if ply % 2 == 0 else table.bob
        await player.slash(thread, "move", move=text)
    return thread
