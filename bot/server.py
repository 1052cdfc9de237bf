"""Per-server settings: how the public side of a game speaks and looks.

A game thread is read by everyone in it, so its messages use one language
and one notation chosen for the server (not the actor's), and its board
keeps one orientation for the whole game. Stored as guild settings; read
through a small cache because every public message needs them, and read once
when many games of a server ask at the same moment (a burst of moves).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass

import discord

from rules.pieces import Color
from storage import Store

from .i18n import language_for

LANGUAGES = ("en", "zh")
NOTATIONS = ("chinese", "wxf", "iccs")
ORIENTATIONS = ("red", "black")
# The live board: a message per turn with its picture (classic), or one
# Components V2 message with the picture, latest moves, clocks and buttons.
BOARDS = ("classic", "modern")


@dataclass(frozen=True, slots=True)
class ServerStyle:
    """The public language, notation and bottom side of a server's boards,
    and how its live board is laid out (``BOARDS``)."""

    language: str = "en"
    notation: str = "chinese"
    orientation: str = "red"
    board: str = "classic"

    @property
    def bottom(self) -> Color:
        return Color.BLACK if self.orientation == "black" else Color.RED


class ServerSettings:
    """Read and change each server's :class:`ServerStyle`.

    A language nobody has chosen follows the server's own Discord language
    (``locale_of`` reads it): a Chinese-speaking community gets Chinese game
    threads without a moderator setting anything. Only what a moderator
    chose is stored, so the rest keeps following the defaults."""

    def __init__(
        self, store: Store, locale_of: Callable[[int], discord.Locale | None] | None = None
    ) -> None:
        self.store = store
        self.locale_of = locale_of
        self._chosen: dict[int, dict[str, str]] = {}
        self._reading: dict[int, asyncio.Future[dict[str, str]]] = {}

    async def _stored(self, guild_id: int) -> dict[str, str]:
        chosen = self._chosen.get(guild_id)
        if chosen is not None:
            return chosen
        reading = self._reading.get(guild_id)
        if reading is None:  # the first to ask reads; the others wait for its answer
            reading = asyncio.ensure_future(self._read(guild_id))
            self._reading[guild_id] = reading
            reading.add_done_callback(lambda _: self._reading.pop(guild_id, None))
        return await asyncio.shield(reading)

    async def _read(self, guild_id: int) -> dict[str, str]:
        stored = await self.store.get_guild_setting(guild_id, "public", {}) or {}
        chosen = {k: v for k, v in stored.items() if k in ServerStyle.__dataclass_fields__}
        self._chosen[guild_id] = chosen
        return chosen

    async def style(self, guild_id: int | None) -> ServerStyle:
        if guild_id is None:
            return ServerStyle()
        chosen = await self._stored(guild_id)
        if "language" not in chosen and self.locale_of is not None:
            chosen = {"language": language_for(self.locale_of(guild_id)), **chosen}
        return ServerStyle(**chosen)

    async def language(self, guild_id: int | None) -> str:
        """The language of public messages there (challenges, game threads)."""
        return (await self.style(guild_id)).language

    async def change(self, guild_id: int, **changes: str) -> ServerStyle:
        chosen = {**await self._stored(guild_id), **changes}
        await self.store.set_guild_setting(guild_id, "public", chosen)
        self._chosen[guild_id] = chosen
        return await self.style(guild_id)
