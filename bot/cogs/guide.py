"""``/help`` and ``/rules``: short localised guides.

A variant's rules page is read in sections, one at a time, with a button per
section: its rules in parts of at most ``SECTION_LIMIT`` characters, cut
between lines, then the platform's rules. The first section comes with a
picture of the variant (``render.diagrams``), drawn in the reader's glyphs. The buttons' custom ids
(``chuhan:rules:<variant>:<section>``) are their whole state, so they work
for anyone and after a restart; each reader gets the section in their own
language.
"""

from __future__ import annotations

import io
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from render.diagrams import diagram_png
from render.options import RenderOptions
from rules.variant import Game, find_variant
from storage import Prefs

from ..choices import variant_choices, variant_title
from ..i18n import t
from ..services import services_of

if TYPE_CHECKING:
    from ..client import Chuhan

SECTION_LIMIT = 650  # characters of a variant's rules shown at once


def sections(game: type[Game], lang: str) -> list[str]:
    """The sections of ``game``'s rules page: its rules cut between lines, then
    the platform rules (without undo where the variant has none: a Jieqi
    reveal cannot be hidden again)."""
    body = t(lang, f"rules_text.{game.name}")
    count = -(-len(body) // SECTION_LIMIT)  # parts of about equal length
    chunks: list[list[str]] = [[]]
    for line in body.split("\n"):
        chunks[-1].append(line)
        if len(chunks) < count and len("\n".join(chunks[-1])) >= len(body) / count:
            chunks.append([])
    platform = "rules_text.platform" if game.undo_allowed else "rules_text.platform_no_undo"
    return ["\n".join(chunk) for chunk in chunks if chunk] + [t(lang, platform)]


def section_label(index: int, count: int, lang: str) -> str:
    """``Basics``, ``More``, ``More (3)`` ... and last ``Platform rules``."""
    if index == count - 1:
        return t(lang, "rules_page.platform")
    if index == 0:
        return t(lang, "rules_page.basics")
    return t(lang, "rules_page.more", n=index + 1) if index > 1 else t(lang, "rules_page.more_1")


def page(variant: str, index: int, lang: str) -> tuple[str, discord.ui.View]:
    """Section ``index`` of ``variant``'s rules with the buttons to the others."""
    game = find_variant(variant)
    shown = sections(game, lang)
    index = min(index, len(shown) - 1)  # a reader whose language cuts fewer sections
    title = variant_title(game.name, lang)
    heading = section_label(index, len(shown), lang)
    text = f"**{title}** · {heading} ({index + 1}/{len(shown)})\n\n{shown[index]}"
    view = discord.ui.View(timeout=None)
    for other in range(len(shown)):
        label = section_label(other, len(shown), lang)
        view.add_item(RulesButton(game.name, other, label, other == index))
    return text, view


def picture(variant: str, index: int, prefs: Prefs, lang: str) -> list[discord.File]:
    """The variant's picture, with its first section only."""
    if index != 0:
        return []
    png = diagram_png(variant, RenderOptions(traditional=prefs.traditional, lang=lang))
    return [] if png is None else [discord.File(io.BytesIO(png), f"{variant}.png")]


class RulesButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"chuhan:rules:(?P<variant>[a-z-]+):(?P<section>\d)",
):
    """Show section ``section`` of the rules of ``variant`` in place."""

    def __init__(self, variant: str, section: int, label: str = "", current: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or str(section + 1),
                style=discord.ButtonStyle.primary if current else discord.ButtonStyle.secondary,
                disabled=current,
                custom_id=f"chuhan:rules:{variant}:{section}",
            )
        )
        self.variant, self.section = variant, section

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RulesButton:
        return cls(match["variant"], int(match["section"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction)
        try:
            lang = await services.language_of(interaction)
            text, view = page(self.variant, self.section, lang)  # (an unknown variant: refused)
            prefs = await services.players.prefs(interaction.user.id)
            files = picture(find_variant(self.variant).name, self.section, prefs, lang)
            await interaction.response.edit_message(content=text, view=view, attachments=files)
        except Exception as exc:
            await services.reply_error(interaction, exc)


class Guide(commands.Cog):
    def __init__(self, bot: Chuhan) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(RulesButton)  # pages sent before a restart still turn

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(RulesButton)

    @app_commands.command(name="help", description="How to play xiangqi here")
    async def help(self, interaction: discord.Interaction) -> None:
        lang = await self.bot.language_of(interaction)
        await interaction.response.send_message(t(lang, "help.text"), ephemeral=True)

    @app_commands.command(name="rules", description="The rules of a variant and of this platform")
    @app_commands.describe(variant="Which variant (default: xiangqi)")
    async def rules(self, interaction: discord.Interaction, variant: str = "xiangqi") -> None:
        lang = await self.bot.language_of(interaction)
        name = find_variant(variant).name
        text, view = page(name, 0, lang)
        files = picture(name, 0, await self.bot.players.prefs(interaction.user.id), lang)
        await interaction.response.send_message(text, view=view, files=files, ephemeral=True)

    @rules.autocomplete("variant")
    async def variant_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return variant_choices(current, await self.bot.language_of(interaction))


async def setup(bot: Chuhan) -> None:
    await bot.add_cog(Guide(bot))
