"""Chuhan's Discord bot: slash commands over ``rules``, ``render`` and ``storage``.

Nothing imports ``bot``; it imports the other layers. See ``docs/bot.md``.
"""

from .client import Chuhan, create_bot
from .settings import Settings

__all__ = ["Chuhan", "Settings", "create_bot"]
