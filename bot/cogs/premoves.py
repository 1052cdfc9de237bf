"""``/premove add|list|clear``: a player's conditional moves in the game of
this thread (``bot/premoves.py`` holds and plays them).

Every answer is private: nothing in the thread says that a queue exists.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from ..i18n import t
from ..manager import GameManager
from ..premoves import MAX_LINES
from ..services import Services

if TYPE_CHECKING:
    from ..client import Chuhan


def written_line(manager: GameManager, actions: list[str], style: str, lang: str) -> str:
    """A queued line in the reader's notation: "if X, Y; then if Z, W"."""
    game = manager.match.game
    copy = type(game).replay(game.actions, game.options, game.seed)
    said = []
    for text in actions:
        action = copy.parse(text)
        said.append(copy.notate(action, style))
        copy.push(action)
    pairs = [
        t(lang, "premove.pair", reply=reply, answer=answer)
        for reply, answer in zip(said[::2], said[1::2], strict=False)
    ]
    return t(lang, "premove.then").join(pairs)


LINE_EXAMPLE = "For example: if 炮8平5 then 马二进三, then if 马8进7 then 车一平二"


class PremoveCog(commands.Cog):
    premove = app_commands.Group(
        name="premove", description="Moves to play at once if your opponent replies as you expect"
    )

    def __init__(self, bot: Chuhan, services: Services) -> None:
        self.bot = bot
        self.services = services

    async def _manager(self, interaction: discord.Interaction) -> GameManager:
        assert interaction.channel_id is not None
        manager = await self.services.hub.in_channel(interaction.channel_id)
        manager.side_of(interaction.user.id)  # players only
        return manager

    async def _listed(self, manager: GameManager, user_id: int, lang: str) -> str:
        style = (await self.services.players.prefs(user_id)).notation
        lines = await self.services.hub.premoves.lines(manager.id, user_id)
        if not lines:
            return t(lang, "premove.none")
        shown = [
            f"{number}. {written_line(manager, line, style, lang)}"
            for number, line in enumerate(lines, 1)
        ]
        head = t(lang, "premove.listed", count=len(lines), most=MAX_LINES)
        return "\n".join([head, *shown])

    @premove.command(name="add", description="Queue a line: the reply you expect, your answer, …")
    @app_commands.describe(line=LINE_EXAMPLE)
    @app_commands.guild_only()
    async def add(self, interaction: discord.Interaction, line: str) -> None:
        lang = await self.services.language_of(interaction)
        manager = await self._manager(interaction)
        user_id = interaction.user.id
        await self.services.hub.premoves.queue(manager, user_id, line)
        listed = await self._listed(manager, user_id, lang)
        text = "\n".join([t(lang, "premove.queued"), listed])
        await interaction.response.send_message(text, ephemeral=True)

    @premove.command(name="list", description="Your queued lines in this game")
    @app_commands.guild_only()
    async def show(self, interaction: discord.Interaction) -> None:
        lang = await self.services.language_of(interaction)
        manager = await self._manager(interaction)
        text = await self._listed(manager, interaction.user.id, lang)
        await interaction.response.send_message(text, ephemeral=True)

    @premove.command(name="clear", description="Drop every line you queued in this game")
    @app_commands.guild_only()
    async def clear(self, interaction: discord.Interaction) -> None:
        lang = await self.services.language_of(interaction)
        manager = await self._manager(interaction)
        count = await self.services.hub.premoves.clear(manager, interaction.user.id)
        await interaction.response.send_message(
            t(lang, "premove.cleared", count=count), ephemeral=True
        )


async def setup(bot: Chuhan) -> None:
    await bot.add_cog(PremoveCog(bot, bot.services))
