"""The buttons of a live board in one message (``bot/layout.py``): draw, undo,
resign (asked once more first) and "My board", which shows the presser their
own board privately (``bot/privateboard.py``), with the conditional-move
button when that applies. Their custom ids are their whole state, so they
work after a restart; the game's rules decide, as for ``/draw``, ``/undo``
and ``/resign``, whether the presser may do it now.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from ..capabilities import button_services
from ..i18n import t
from ..layout import ACTION_ID
from ..manager import GameManager
from ..privateboard import private_board
from ..sending import QUIET, png_file
from ..services import Services

if TYPE_CHECKING:
    from ..client import Chuhan

VERBS = {"draw": "draw-offer", "undo": "undo-request", "sure": "resign"}  # button -> entry
SURE = "sure"  # the button that confirms a resignation


class BoardAction(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"chuhan:g:(?P<game>\d+):do:(?P<verb>draw|undo|resign|sure|board)",
):
    """One of a live board's buttons (its label is the message's)."""

    def __init__(self, game_id: int, verb: str) -> None:
        super().__init__(discord.ui.Button(custom_id=ACTION_ID.format(game=game_id, verb=verb)))
        self.game_id, self.verb = game_id, verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BoardAction:
        return cls(int(match["game"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = button_services(interaction).cogs.cog(LiveBoardButtons)
        if cog is not None:
            await cog.pressed(interaction, self.game_id, self.verb)


class LiveBoardButtons(commands.Cog):
    def __init__(self, bot: Chuhan, services: Services) -> None:
        self.bot = bot
        self.services = services

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(BoardAction)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(BoardAction)

    async def pressed(self, interaction: discord.Interaction, game_id: int, verb: str) -> None:
        try:
            lang = await self.services.language_of(interaction)
            manager = await self.services.hub.get(game_id)
            if verb == "board":
                await self._board(interaction, manager, lang)
                return
            manager.side_of(interaction.user.id)
            if verb == "resign":  # a misplaced click must not lose the game
                sure = discord.ui.View(timeout=None)
                sure.add_item(
                    discord.ui.Button(
                        label=t(lang, "live.sure"),
                        style=discord.ButtonStyle.danger,
                        custom_id=ACTION_ID.format(game=game_id, verb=SURE),
                    )
                )
                question = t(lang, "live.resign_question", game=game_id)
                await interaction.response.send_message(question, view=sure, ephemeral=True)
                return
            entry = VERBS[verb]
            if verb == SURE:  # the question's own message becomes the answer
                await interaction.response.defer()
                edit: dict[str, Any] = {"view": None}
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
                edit = {}
            report = await manager.act(interaction.user.id, entry)
            await self.services.publisher.acknowledge(interaction, report, f"done.{entry}", **edit)
        except Exception as exc:
            await self.services.reply_error(interaction, exc)

    async def _board(
        self, interaction: discord.Interaction, manager: GameManager, lang: str
    ) -> None:
        """The presser's own board (a watcher's: the public one, their way)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        text, png, view = await private_board(self.services, manager, interaction.user.id, lang)
        await interaction.followup.send(
            text,
            file=png_file(png),
            ephemeral=True,
            allowed_mentions=QUIET,
            view=view or discord.utils.MISSING,
        )


async def setup(bot: Chuhan) -> None:
    await bot.add_cog(LiveBoardButtons(bot, bot.services))
