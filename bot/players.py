"""What the bot remembers about people: display names and cached preferences."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import discord

from storage import Prefs, Store

from .i18n import language_for
from .names import shown

Locale = discord.Locale | str | None


class PlayerDirectory:
    """Names seen on interactions and preferences read from storage, cached.

    ``lookup`` resolves a name the bot has not seen this run (for example
    from discord.py's user cache after a restart).
    """

    def __init__(self, store: Store, lookup: Callable[[int], str | None]) -> None:
        self.store = store
        self._lookup = lookup
        self._names: dict[int, str] = {}
        self._prefs: dict[int, Prefs] = {}
        self._locales: dict[int, str] = {}
        self._stored_locales: dict[int, str | None] = {}

    def seen(self, user: discord.abc.User, locale: Locale = None) -> None:
        """Remember a user's display name and Discord locale from an interaction."""
        self._names[user.id] = getattr(user, "display_name", None) or user.name
        if locale is not None:
            self._locales[user.id] = str(locale)

    async def recall(self, user_id: int) -> None:
        """Learn a name from storage if this run has not seen the user yet."""
        if user_id not in self._names and self._lookup(user_id) is None:
            stored = await self.store.player_name(user_id)
            if stored:
                self._names[user_id] = stored

    async def recall_all(self, user_ids: Iterable[int]) -> None:
        """:meth:`recall` for many users at once (games woken together), in one query."""
        unknown = {u for u in user_ids if u not in self._names and self._lookup(u) is None}
        if unknown:
            self._names.update(await self.store.player_names(unknown))

    def name(self, user_id: int) -> str:
        """The name to put in a message, escaped (see ``bot.names``)."""
        return shown(self.raw_name(user_id))

    def raw_name(self, user_id: int) -> str:
        """The name as its owner typed it, for pictures and thread titles."""
        name = self._names.get(user_id) or self._lookup(user_id)
        return name or str(user_id)

    async def prefs(self, user_id: int) -> Prefs:
        cached = self._prefs.get(user_id)
        if cached is None:
            cached = self._prefs[user_id] = await self.store.get_prefs(user_id)
        return cached

    async def update_prefs(self, user_id: int, **changes: Any) -> Prefs:
        await self.store.set_prefs(user_id, **changes)
        self._prefs.pop(user_id, None)
        return await self.prefs(user_id)

    async def language(self, user_id: int, locale: Locale = None) -> str:
        """The user's reply language: their setting, else their last known locale
        (kept in storage, so their DMs stay in their language after a restart)."""
        prefs = await self.prefs(user_id)
        return language_for(await self._locale(user_id, locale), prefs.language)

    async def _locale(self, user_id: int, locale: Locale) -> str | None:
        """The freshest locale known for the user, stored when it is new."""
        known = str(locale) if locale is not None else self._locales.get(user_id)
        if user_id not in self._stored_locales:
            self._stored_locales[user_id] = await self.store.player_locale(user_id)
        stored = self._stored_locales[user_id]
        if known is None:
            return stored
        if known != stored:
            await self.store.set_locale(user_id, known)
            self._stored_locales[user_id] = known
        return known

    async def register(self, user: discord.abc.User) -> None:
        """Store the user's current name (for leaderboards) and remember it."""
        self.seen(user)
        await self.store.upsert_player(user.id, self._names[user.id])
