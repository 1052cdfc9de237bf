"""A player's own board as an answer only they see: ``/board private:true``
and the live board's "My board" button give the same one.

Under it come the buttons of what the latest turn told them alone (a foul
they may call) and, while their opponent is to move in a game that takes
conditional moves, the button that queues one (``bot/premoves.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from . import boards
from .premoves import VARIANTS, premove_button
from .presenter import say

if TYPE_CHECKING:
    from .manager import GameManager
    from .services import Services


async def private_board(
    services: Services, manager: GameManager, reader: int, lang: str
) -> tuple[str, bytes, discord.ui.View | None]:
    """The text, the picture and the buttons of ``reader``'s own board."""
    png = await boards.picture(manager, reader, private=True)
    style = (await services.players.prefs(reader)).notation
    news, view = services.dms.unsent(manager.id, reader, lang, style)
    text = "\n".join(filter(None, [say(manager.status_line(), lang, style), news]))
    waiting = manager.ids[manager.match.game.turn] != reader
    if reader in manager.ids and waiting and not manager.finished and manager.variant in VARIANTS:
        view = view or discord.ui.View(timeout=None)
        view.add_item(premove_button(manager.id, lang))
    return text, png, view
