"""Per-server settings: how the public side of a game speaks and looks.

A game thread is read by everyone in it, so its messages use one language
and one notation chosen for the server (not the actor's), and its board
keeps one orientation for the whole game. Stored as guild settings; read
through a small cache because every public message needs them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.pieces import Color
from storage import Store

LANGUAGES = ("en", "zh")
NOTATIONS = ("chinese", "wxf", "iccs")
ORIENTATIONS = ("red", "black")


@dataclass(frozen=True, slots=True)
class ServerStyle:
    """The public language, notation and bottom side of a server's boards."""

    language: str = "en"
    notation: str = "chinese"
    orientation: str = "red"

    @property
    def bottom(self) -> Color:
        return Color.BLACK if self.orientation == "black" else Color.RED


class ServerSettings:
    """Read and change each server's :class:`ServerStyle`."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._cache: dict[int, ServerStyle] = {}

    async def style(self, guild_id: int | None) -> ServerStyle:
        if guild_id is None:
            return ServerStyle()
        cached = self._cache.get(guild_id)
        if cached is None:
            stored = await self.store.get_guild_setting(guild_id, "public", {}) or {}
            fields = {k: v for k, v in stored.items() if k in ServerStyle.__dataclass_fields__}
            cached = self._cache[guild_id] = ServerStyle(**fields)
        return cached

    async def change(self, guild_id: int, **changes: str) -> ServerStyle:
        style = replace(await self.style(guild_id), **changes)
        value = {"language": style.language, "notation": style.notation}
        value["orientation"] = style.orientation
        await self.store.set_guild_setting(guild_id, "public", value)
        self._cache[guild_id] = style
        return style
