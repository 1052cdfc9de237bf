"""``/help`` and ``/rules``: short localised guides."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from rules.variant import find_variant

from ..choices import variant_choices, variant_title
from ..i18n import t

if TYPE_CHECKING:
    from ..client import Chuhan


class Guide(commands.Cog):
    def __init__(self, bot: Chuhan) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="How to play xiangqi here")
    async def help(self, interaction: discord.Interaction) -> None:
        lang = await self.bot.language_of(interaction)
        await interaction.response.send_message(t(lang, "help.text"), ephemeral=True)

    @app_commands.command(name="rules", description="The rules of a variant and of this platform")
    @app_commands.describe(variant="Which variant (default: xiangqi)")
    async def rules(self, interaction: discord.Interaction, variant: str = "xiangqi") -> None:
        lang = await self.bot.language_of(interaction)
        game = find_variant(variant)
        title = variant_title(game.name, lang)
        # A variant without undo (Jieqi: a reveal cannot be hidden again) gets the
        # platform rules without it.
        platform = "rules_text.platform" if game.undo_allowed else "rules_text.platform_no_undo"
        text = "\n\n".join((f"**{title}**", t(lang, f"rules_text.{game.name}"), t(lang, platform)))
        await interaction.response.send_message(text, ephemeral=True)

    @rules.autocomplete("variant")
    async def variant_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return variant_choices(current, await self.bot.language_of(interaction))


async def setup(bot: Chuhan) -> None:
    await bot.add_cog(Guide(bot))
