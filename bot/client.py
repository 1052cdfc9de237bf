"""The bot: start-up (storage, extensions, persistent buttons, command sync) and errors."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from discord.utils import MISSING

from storage import Shards, Store, open_store

from .buttons import ChallengeButton, RequestButton
from .capabilities import Capabilities
from .channels import Channels
from .collector import settle_collector
from .dms import DirectMessages
from .ending import Endings, RematchButton
from .hub import GameHub
from .i18n import CommandTranslator, language_for, t
from .notices import Notifier
from .outages import Outages
from .pictures import start_drawing
from .players import PlayerDirectory
from .presenter import error_text
from .publisher import Publisher
from .puzzles.source import PuzzleSource
from .reminders import ReminderPlans
from .server import ServerSettings
from .services import Services
from .settings import Settings
from .variants import extensions

log = logging.getLogger(__name__)

MESSAGE_LIMIT = 2000  # characters in a Discord message

EXTENSIONS = (
    "bot.cogs.play",
    "bot.cogs.social",
    "bot.cogs.preferences",
    "bot.cogs.guide",
    "bot.cogs.clocks",
    "bot.cogs.premoves",
    "bot.cogs.vacations",
    "bot.cogs.puzzles",
    "bot.cogs.liveboard",
    *extensions(),  # the variants' own cogs, from their rooms
    "bot.cogs.table",
    "bot.cogs.computer",
    "bot.cogs.endgame",
    "bot.cogs.review",
    "bot.cogs.tournament",
)


class Chuhan(commands.Bot):
    """The Chuhan bot. ``services`` exist after ``setup_hook``, before any
    extension loads; the client keeps the store, players, server settings, hub
    and outages it built them from for its own start, answers and close."""

    store: Store
    players: PlayerDirectory
    hub: GameHub
    server: ServerSettings
    outages: Outages
    services: Services

    def __init__(self, settings: Settings) -> None:
        intents = discord.Intents.default()
        intents.message_content = settings.message_moves
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            **self._shard_options(settings),
            # Nobody is pinged unless a message names them in its own allowed_mentions.
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.settings = settings
        self.tree.error(self.on_app_command_error)

    @staticmethod
    def _shard_options(settings: Settings) -> dict[str, Any]:
        return {}

    def now(self) -> float:
        """Unix time from the injectable clock (SimCord's clock in tests)."""
        return self.settings.now().timestamp()

    async def setup_hook(self) -> None:
        start_drawing()  # the drawing processes, so that the first board need not wait
        self.store = await open_store(self.settings.db_path, clock=self.now)
        self.players = PlayerDirectory(self.store, self._cached_name)
        self.server = ServerSettings(self.store, self._guild_locale)
        self.hub = GameHub(self.store, self.players, self.now, self.server)
        await self.store.watch(self.hub.changed_elsewhere)
        shards = self.settings.shards or Shards.of(1)
        self.outages = Outages(self.store, shards, self.now, self.hub.changed_elsewhere)
        self.services = self._services()
        await self.outages.at_start()  # before loading: the games load with time given back
        await self.hub.vacations.load()
        settled = await self.hub.load_active(self.settings.shards)
        self.add_dynamic_items(ChallengeButton, RequestButton, RematchButton)
        for name in EXTENSIONS:
            try:
                await self.load_extension(name)
            except Exception:
                log.exception("extension %s failed to load; starting without it", name)
        await self.tree.set_translator(CommandTranslator())
        await self._sync()
        for report in settled:  # games whose end was recorded only now: say how they ended
            await self.services.publisher.publish(report)
        settle_collector()

    def _services(self) -> Services:
        """The services, each given what it uses (the publisher subscribes to the
        hub's ``committed`` event first, before any cog)."""
        store, players, server, hub = self.store, self.players, self.server, self.hub
        channels, cogs = Channels(self), Capabilities()
        dms = DirectMessages(channels, players)
        notifier = Notifier(store, hub, players, server, self.now, channels, dms)
        endings = Endings(store, hub, server, self.now, channels, cogs, self.language_of)
        publisher = Publisher(channels, hub, server, players, notifier, dms, endings)
        return Services(
            store=store,
            players=players,
            server=server,
            hub=hub,
            channels=channels,
            dms=dms,
            notifier=notifier,
            endings=endings,
            publisher=publisher,
            outages=self.outages,
            cogs=cogs,
            reminders=ReminderPlans(store),
            puzzles=PuzzleSource.shipped(),
            now=self.now,
            reply_error=self.reply_error,
            language_of=self.language_of,
        )

    async def add_cog(
        self,
        cog: commands.Cog,
        /,
        *,
        override: bool = False,
        guild: discord.abc.Snowflake | None = MISSING,
        guilds: Sequence[discord.abc.Snowflake] = MISSING,
    ) -> None:
        """Load a cog, noted by its class in the services (``Capabilities.cog``)."""
        await super().add_cog(cog, override=override, guild=guild, guilds=guilds)
        self.services.cogs.loaded[type(cog)] = cog

    async def remove_cog(
        self,
        name: str,
        /,
        *,
        guild: discord.abc.Snowflake | None = MISSING,
        guilds: Sequence[discord.abc.Snowflake] = MISSING,
    ) -> commands.Cog | None:
        removed = await super().remove_cog(name, guild=guild, guilds=guilds)
        if removed is not None:
            self.services.cogs.loaded.pop(type(removed), None)
        return removed

    async def _sync(self) -> None:
        guild_id = self.settings.dev_guild
        if guild_id is None:
            synced = await self.tree.sync()
        else:
            guild = discord.Object(guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        log.info("synced %d commands", len(synced))

    async def language_of(self, interaction: discord.Interaction) -> str:
        """The reply language of whoever interacts; their name and Discord locale are
        noted on the way, for the messages they will be named in or sent later."""
        self.players.seen(interaction.user, interaction.locale)
        return await self.players.language(interaction.user.id, interaction.locale)

    def _guild_locale(self, guild_id: int) -> discord.Locale | None:
        guild = self.get_guild(guild_id)
        return guild.preferred_locale if guild else None

    def _cached_name(self, user_id: int) -> str | None:
        user = self.get_user(user_id)
        return user.display_name if user else None

    async def close(self) -> None:
        await super().close()
        if hasattr(self, "outages"):
            with contextlib.suppress(Exception):  # stopping goes on whatever the store says
                await self.outages.sweep(last=True)
        if hasattr(self, "store"):
            await self.store.close()

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await self.reply_error(interaction, error)

    async def reply_error(self, interaction: discord.Interaction, error: BaseException) -> None:
        """Answer a refused action privately in the user's language; log anything else."""
        try:
            lang = await self.players.language(interaction.user.id, interaction.locale)
        except Exception:  # storage may be what failed: answer anyway
            lang = language_for(interaction.locale)
        text = error_text(error, lang)
        if text is None:
            log.error(
                "error in %s by %s in channel %s",
                interaction.command.qualified_name if interaction.command else "a component",
                interaction.user.id,
                interaction.channel_id,
                exc_info=error,
            )
            text = t(lang, "error.unexpected")
        text = text[:MESSAGE_LIMIT]  # an over-long answer would leave the user with none
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except (discord.NotFound, discord.Forbidden):
            log.info("could not answer interaction %s: it expired", interaction.id)


class ShardedChuhan(Chuhan, commands.AutoShardedBot):
    """The bot as one of several processes sharing a database: it connects
    ``CHUHAN_SHARD_IDS`` of ``CHUHAN_SHARDS`` shards and handles their guilds' games."""

    @staticmethod
    def _shard_options(settings: Settings) -> dict[str, Any]:
        ids = None if settings.shard_ids is None else list(settings.shard_ids)
        return {"shard_count": settings.shard_count, "shard_ids": ids}


def create_bot(settings: Settings | None = None) -> Chuhan:
    """Build the bot (not yet connected) from ``settings`` or the environment."""
    settings = settings or Settings.load()
    return (Chuhan if settings.shard_count is None else ShardedChuhan)(settings)
