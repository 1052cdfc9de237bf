"""``/vacation days:``: stop the clocks of all my correspondence games for a
while (``bot/vacations.py`` keeps the time); the threads of those games are
told when it starts and when it ends, which is early as soon as I move.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from ..i18n import t
from ..manager import GameManager
from ..report import Report
from ..sending import QUIET
from ..services import Services
from ..vacations import ALLOWANCE_DAYS, correspondence

if TYPE_CHECKING:
    from ..client import Chuhan

log = logging.getLogger(__name__)


class VacationCog(commands.Cog):
    def __init__(self, bot: Chuhan, services: Services) -> None:
        self.bot = bot
        self.services = services
        self.vacations = services.hub.vacations
        self._returns: set[asyncio.Task[None]] = set()  # kept until done

    async def cog_load(self) -> None:
        self.services.hub.subscribe(self._committed)
        self.services.cogs.sweeps.append(self.sweep)

    async def cog_unload(self) -> None:
        self.services.hub.unsubscribe(self._committed)
        self.services.cogs.sweeps.remove(self.sweep)

    async def _games(self, user_id: int) -> list[GameManager]:
        return [m for m in await self.services.hub.games_of(user_id) if correspondence(m)]

    @app_commands.command(
        name="vacation", description="Stop the clocks of all your correspondence games for a while"
    )
    @app_commands.describe(days="For how many days (30 a year)")
    async def vacation(
        self, interaction: discord.Interaction, days: app_commands.Range[int, 1, ALLOWANCE_DAYS]
    ) -> None:
        lang = await self.services.language_of(interaction)
        user_id = interaction.user.id
        await interaction.response.defer(ephemeral=True, thinking=True)
        games = await self._games(user_id)
        until = await self.vacations.start(user_id, days, games)
        await self._tell(user_id, games, "vacation.started", until)
        left = ALLOWANCE_DAYS - await self.vacations.days_used(user_id)
        text = t(lang, "vacation.yours", until=f"<t:{int(until)}:f>", left=left, games=len(games))
        await interaction.followup.send(text, ephemeral=True)

    def _committed(self, manager: GameManager, report: Report) -> None:
        """A move of a player on vacation ends it: they are back. An answer they
        queued before (``/premove``), played for them, does not."""
        mover, entries = manager.last_actor, manager.match.entries
        if mover is None or self.vacations.until(mover) is None or not entries:
            return
        queued = self.services.hub.premoves.answering(manager.id)
        if not entries[-1].startswith("@") and not queued:
            task = asyncio.get_running_loop().create_task(self._back(mover))
            self._returns.add(task)
            task.add_done_callback(self._returns.discard)

    async def _back(self, user_id: int) -> None:
        games = await self._games(user_id)
        if await self.vacations.end(user_id, games):
            await self._tell(user_id, games, "vacation.ended", None)

    async def sweep(self) -> None:
        """The vacations that have run out (a step of the clock loop)."""
        for user_id in self.vacations.ended():
            try:
                await self._back(user_id)
            except Exception:
                log.exception("could not end the vacation of %s", user_id)

    async def _tell(
        self, user_id: int, games: list[GameManager], key: str, until: float | None
    ) -> None:
        """Say it in the thread of each of the player's correspondence games."""
        name = self.services.players.name(user_id)
        when = f"<t:{int(until)}:f>" if until is not None else ""
        for manager in games:
            try:
                lang = (await self.services.server.style(manager.guild_id)).language
                channel = await self.services.channels.channel(manager.channel_id)
                await channel.send(t(lang, key, name=name, until=when), allowed_mentions=QUIET)
            except discord.HTTPException as exc:
                log.warning("could not tell game %s of a vacation: %s", manager.id, exc.status)


async def setup(bot: Chuhan) -> None:
    await bot.add_cog(VacationCog(bot, bot.services))
