"""``/settings``: each player's language, notation, glyphs, orientation, labels, DMs,
turn notices and private boards."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from storage import Prefs

from ..i18n import language_for, t

if TYPE_CHECKING:
    from ..client import Chuhan


def _choices(*values: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=value, value=value) for value in values]


def summary(prefs: Prefs, lang: str) -> str:
    """The player's settings, one per line, in ``lang``."""
    on_off = {True: t(lang, "settings.on"), False: t(lang, "settings.off")}
    notify = t(lang, "settings.notify", notify=t(lang, f"choice.{prefs.notify}"))
    boards = t(lang, "settings.boards", boards=t(lang, f"choice.{prefs.boards}"))
    return f"{notify}\n{boards}\n" + t(
        lang,
        "settings.summary",
        language=t(lang, f"settings.language_{prefs.language or 'auto'}"),
        notation=t(lang, f"choice.{prefs.notation}"),
        glyphs=t(lang, "choice.traditional" if prefs.traditional else "choice.simplified"),
        orientation=t(lang, f"choice.{prefs.orientation}"),
        labels=on_off[prefs.labels],
        dm=on_off[prefs.dm_notifications],
    )


class Preferences(commands.Cog):
    def __init__(self, bot: Chuhan) -> None:
        self.bot = bot

    @app_commands.command(name="settings", description="Show or change your display settings")
    @app_commands.describe(
        language="Language of the bot's replies (auto: your Discord language)",
        notation="How moves are written for you",
        glyphs="Simplified or traditional characters on the pieces",
        orientation="Your side at the bottom (auto) or always Red",
        labels="Coordinates around the board",
        dm="Direct messages (game start, reminders, private boards)",
        notify="How you are told it is your turn: a ping in the game's thread, a DM, both, or not",
        boards="Hidden pieces: your board by DM only when it is news, or after every move",
    )
    @app_commands.choices(
        language=_choices("auto", "en", "zh"),
        notation=_choices("chinese", "wxf", "iccs"),
        glyphs=_choices("simplified", "traditional"),
        orientation=_choices("auto", "red"),
        notify=[
            app_commands.Choice(name="ping in the game's thread (default)", value="thread"),
            app_commands.Choice(name="direct message", value="dm"),
            app_commands.Choice(name="both", value="both"),
            app_commands.Choice(name="off", value="off"),
        ],
        boards=[
            app_commands.Choice(name="when it shows you something new (default)", value="news"),
            app_commands.Choice(name="after every move", value="every"),
        ],
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        language: str | None = None,
        notation: str | None = None,
        glyphs: str | None = None,
        orientation: str | None = None,
        labels: bool | None = None,
        dm: bool | None = None,
        notify: str | None = None,
        boards: str | None = None,
    ) -> None:
        players = self.bot.players
        players.seen(interaction.user, interaction.locale)
        await interaction.response.defer(ephemeral=True, thinking=True)
        changes: dict[str, object] = {}
        if language is not None:
            changes["language"] = None if language == "auto" else language
        if notation is not None:
            changes["notation"] = notation
        if glyphs is not None:
            changes["traditional"] = glyphs == "traditional"
        if orientation is not None:
            changes["orientation"] = orientation
        if labels is not None:
            changes["labels"] = labels
        if dm is not None:
            changes["dm_notifications"] = dm
        if notify is not None:
            changes["notify"] = notify
        if boards is not None:
            changes["boards"] = boards
        user_id = interaction.user.id
        if changes:
            prefs = await players.update_prefs(user_id, **changes)
        else:
            prefs = await players.prefs(user_id)
        lang = language_for(interaction.locale, prefs.language)
        head = t(lang, "settings.saved" if changes else "settings.current")
        await interaction.followup.send(f"{head}\n{summary(prefs, lang)}", ephemeral=True)


async def setup(bot: Chuhan) -> None:
    await bot.add_cog(Preferences(bot))
