"""``/settings``: each player's language, notation, glyphs, orientation, labels, DMs,
turn notices (a daily digest among them, ``bot/digests.py``) and private boards."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from storage import Prefs

from ..digests import DEFAULT_HOUR, Digests
from ..errors import BotError
from ..i18n import language_for, t
from ..reminders import parse as parse_hours

if TYPE_CHECKING:
    from ..client import Chuhan


def _choices(*values: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=value, value=value) for value in values]


def summary(
    prefs: Prefs, lang: str, digest: int | None = None, reminders: list[int] | None = None
) -> str:
    """The player's settings, one per line, in ``lang``; ``digest`` is the hour
    of their daily digest, if they chose one, ``reminders`` the hours before a
    deadline they chose to be reminded at."""
    on_off = {True: t(lang, "settings.on"), False: t(lang, "settings.off")}
    mode = t(lang, f"choice.{prefs.notify}")
    if digest is not None:
        mode = t(lang, "digest.mode", hour=f"{digest:02d}:00")
    notify = t(lang, "settings.notify", notify=mode)
    if reminders:
        hours = t(lang, "reminders.join").join(
            t(lang, "reminders.hour", hours=h) for h in reminders
        )
        notify += "\n" + t(lang, "reminders.chosen", hours=hours)
    else:
        notify += "\n" + t(lang, "reminders.default")
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
        services = bot.services
        self.digests = Digests(
            services.store, services.hub, services.players, services.dms, services.now
        )

    async def cog_load(self) -> None:
        self.bot.services.cogs.sweeps.append(self.digests.sweep)  # the clock loop sends them

    async def cog_unload(self) -> None:
        self.bot.services.cogs.sweeps.remove(self.digests.sweep)

    @app_commands.command(name="settings", description="Show or change your display settings")
    @app_commands.describe(
        language="Language of the bot's replies (auto: your Discord language)",
        notation="How moves are written for you",
        glyphs="Simplified or traditional characters on the pieces",
        orientation="Your side at the bottom (auto) or always Red",
        labels="Coordinates around the board",
        dm="Direct messages (game start, reminders, private boards)",
        notify="How you are told it is your turn: a ping in the game's thread, a DM, both, "
        "one daily digest DM, or not",
        digest_hour="The hour (UTC) of your daily digest (default 8)",
        reminders="Hours before a correspondence deadline to remind you at, e.g. 12h 1h (default)",
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
            app_commands.Choice(name="one daily digest by direct message", value="digest"),
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
        digest_hour: app_commands.Range[int, 0, 23] | None = None,
        reminders: str | None = None,
    ) -> None:
        players = self.bot.players
        players.seen(interaction.user, interaction.locale)
        if digest_hour is not None and notify not in (None, "digest"):
            raise BotError("digest_hour_alone")
        hours = parse_hours(reminders) if reminders is not None else None
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
        user_id = interaction.user.id
        digest = await self.digests.hour(user_id)
        if notify == "digest" or (notify is None and digest_hour is not None):
            if digest_hour is not None:
                digest = digest_hour
            digest = DEFAULT_HOUR if digest is None else digest
            await self.digests.choose(user_id, digest)
            changes["notify"] = "off"  # the digest instead of a notice per move
        elif notify is not None:
            if digest is not None:
                digest = None
                await self.digests.choose(user_id, None)
            changes["notify"] = notify
        if boards is not None:
            changes["boards"] = boards
        plans = self.bot.services.reminders
        if hours is not None:
            await plans.choose(user_id, hours)
        if changes or hours is not None:
            prefs = await players.update_prefs(user_id, **changes)
        else:
            prefs = await players.prefs(user_id)
        lang = language_for(interaction.locale, prefs.language)
        head = t(lang, "settings.saved" if changes or hours is not None else "settings.current")
        text = f"{head}\n{summary(prefs, lang, digest, await plans.hours(user_id))}"
        await interaction.followup.send(text, ephemeral=True)


async def setup(bot: Chuhan) -> None:
    await bot.add_cog(Preferences(bot))
