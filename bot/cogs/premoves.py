"""``/premove add|list|clear``: a player's conditional moves in the game of
this thread (``bot/premoves.py`` holds and plays them), and the button under
a player's private board that asks for a line in a form, wherever that board
was shown (a DM too): the game is in the button's custom id.

Every answer is private: nothing in the thread says that a queue exists.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from ..capabilities import button_services
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
LINE_MOST = 300  # characters of a line typed in the form (twelve moves in words fit)


class PremoveButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"chuhan:pm:(?P<game>\d+)"
):
    """The private board's "Queue a conditional move" (``premoves.premove_button``)."""

    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(custom_id=f"chuhan:pm:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PremoveButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = button_services(interaction).cogs.cog(PremoveCog)
        if cog is not None:
            await cog.open_form(interaction, self.game_id)


class LineForm(discord.ui.Modal):
    """The form that asks for one line, checked as ``/premove add`` checks it."""

    def __init__(self, cog: PremoveCog, game_id: int, lang: str) -> None:
        super().__init__(title=t(lang, "premove.form_title"), timeout=15 * 60)
        self.cog, self.game_id = cog, game_id
        self.line: discord.ui.TextInput[LineForm] = discord.ui.TextInput(
            label=t(lang, "premove.form_label"),
            placeholder=t(lang, "premove.form_example"),
            max_length=LINE_MOST,
            custom_id="line",
        )
        self.add_item(self.line)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await self.cog.submit(interaction, self.game_id, self.line.value)


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

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(PremoveButton)  # boards shown before a restart still ask

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(PremoveButton)

    async def _queue(
        self, interaction: discord.Interaction, manager: GameManager, line: str
    ) -> None:
        """Queue ``line`` for the user and answer them privately with their lines."""
        lang = await self.services.language_of(interaction)
        user_id = interaction.user.id
        await self.services.hub.premoves.queue(manager, user_id, line)
        listed = await self._listed(manager, user_id, lang)
        text = "\n".join([t(lang, "premove.queued"), listed])
        await interaction.response.send_message(text, ephemeral=True)

    @premove.command(name="add", description="Queue a line: the reply you expect, your answer, …")
    @app_commands.describe(line=LINE_EXAMPLE)
    @app_commands.guild_only()
    async def add(self, interaction: discord.Interaction, line: str) -> None:
        await self._queue(interaction, await self._manager(interaction), line)

    async def open_form(self, interaction: discord.Interaction, game_id: int) -> None:
        """The private board's button: the form, for a player of a running game."""
        try:
            lang = await self.services.language_of(interaction)
            manager = await self.services.hub.get(game_id)
            manager.side_of(interaction.user.id)
            await interaction.response.send_modal(LineForm(self, game_id, lang))
        except Exception as exc:
            await self.services.reply_error(interaction, exc)

    async def submit(self, interaction: discord.Interaction, game_id: int, line: str) -> None:
        try:
            manager = await self.services.hub.get(game_id)
            manager.side_of(interaction.user.id)
            await self._queue(interaction, manager, line)
        except Exception as exc:
            await self.services.reply_error(interaction, exc)

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
