"""``/tournament``: create, join and leave (the announcement's buttons),
standings, pairings, history, cancel, and the server's choice of a forum and
an organisers' role (``setup``). The director (``bot/tournaments/``) runs
them; this cog only asks and answers.

Organisers are members with the Manage Events permission, or the role the
server's managers chose; the creator or any organiser may cancel a
tournament before its start.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from rules.variant import find_variant
from storage import NewTournament, TournamentRecord, TournamentStatus
from tournaments import Format

from ..choices import playable, variant_choices, variant_title
from ..errors import BotError
from ..i18n import t
from ..notices import jump_url
from ..sending import QUIET, png_file
from ..services import Services
from ..tournaments import tables
from ..tournaments.buttons import EntryButton, entry_view
from ..tournaments.director import STANDINGS_FILE, Director
from ..tournaments.schedule import start_time

if TYPE_CHECKING:
    from ..client import Chuhan

log = logging.getLogger(__name__)

TIMES = ("rapid", "1d", "3d")
TIME_CHOICES = [app_commands.Choice(name=name, value=name) for name in TIMES]
FORMAT_CHOICES = [app_commands.Choice(name=f.value, value=f.value) for f in Format]
FORUM_SETTING, ROLE_SETTING = "tournament_forum", "tournament_role"
DEFAULT_ROUNDS, DEFAULT_MINUTES = 5, 60
HISTORY = 10


class TournamentCog(commands.Cog):
    tournament = app_commands.Group(
        name="tournament", description="Swiss, round-robin and arena tournaments in this server"
    )

    def __init__(self, bot: Chuhan, services: Services) -> None:
        self.bot = bot
        self.services = services
        self.director = Director(bot, services)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(EntryButton)
        self.services.hub.subscribe(self.director.game_committed)
        self.services.cogs.sweeps.append(self.director.sweep)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(EntryButton)
        self.services.hub.unsubscribe(self.director.game_committed)
        self.services.cogs.sweeps.remove(self.director.sweep)

    # -- who may organise --------------------------------------------------------

    async def _organiser(self, interaction: discord.Interaction) -> bool:
        member = interaction.user
        if not isinstance(member, discord.Member):
            return False
        if member.guild_permissions.manage_events:
            return True
        assert interaction.guild_id is not None
        role = await self.bot.store.get_guild_setting(interaction.guild_id, ROLE_SETTING)
        return role is not None and any(r.id == role for r in member.roles)

    # -- create ------------------------------------------------------------------

    @tournament.command(name="create", description="Announce a tournament players can join")
    @app_commands.describe(
        title="What the tournament is called",
        format="swiss, round-robin (everyone plays everyone) or arena (play as often as you can)",
        variant="What to play (default: xiangqi)",
        time="rapid, or correspondence (1 or 3 days a move)",
        rounds="Swiss: how many rounds (default: 5)",
        duration="Arena: how many minutes it lasts (default: 60)",
        start="When it starts: in 30m, 2h, 1d, or at a UTC time like 2026-12-24 19:30",
        rated="Whether its games count for ratings",
    )
    @app_commands.choices(format=FORMAT_CHOICES, time=TIME_CHOICES)
    @app_commands.guild_only()
    async def create(
        self,
        interaction: discord.Interaction,
        title: app_commands.Range[str, 1, 80],
        format: str,
        variant: str = "xiangqi",
        time: str = "rapid",
        rounds: app_commands.Range[int, 1, 15] | None = None,
        duration: app_commands.Range[int, 10, 720] | None = None,
        start: str = "15m",
        rated: bool = True,
    ) -> None:
        lang = await self.bot.language_of(interaction)
        if not await self._organiser(interaction):
            raise BotError("tournament_organisers")
        kind = Format(format)
        game = find_variant(variant)
        if game.name not in playable():
            raise BotError("variant_not_playable", variant=game.name)
        if rounds is not None and kind is not Format.SWISS:
            raise BotError("tournament_rounds_swiss")
        if duration is not None and kind is not Format.ARENA:
            raise BotError("tournament_duration_arena")
        starts_at = start_time(start, self.bot.now())
        assert interaction.guild_id is not None and interaction.guild is not None
        forum = await self._forum(interaction.guild)
        channel = interaction.channel
        if forum is None and not isinstance(channel, discord.TextChannel):
            raise BotError("tournament_channel")
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.bot.players.register(interaction.user)
        record = await self.bot.store.create_tournament(
            NewTournament(
                guild_id=interaction.guild_id,
                channel_id=forum.id if forum is not None else interaction.channel_id or 0,
                creator_id=interaction.user.id,
                name=title,
                format=kind.value,
                variant=game.name,
                time=time,
                rounds=(rounds or DEFAULT_ROUNDS) if kind is Format.SWISS else None,
                duration=float((duration or DEFAULT_MINUTES) * 60)
                if kind is Format.ARENA
                else None,
                starts_at=starts_at,
                rated=rated,
            )
        )
        self.director.wake()
        public = await self.bot.server.language(interaction.guild_id)
        text = await self.director.announcement(record, public)
        view = entry_view(record.id, public, joining=True)
        if forum is not None:
            post = await forum.create_thread(
                name=title, content=text, view=view, allowed_mentions=QUIET
            )
            places = {"thread_id": post.thread.id, "message_id": post.message.id}
        else:
            assert isinstance(channel, discord.TextChannel)
            message = await channel.send(text, view=view, allowed_mentions=QUIET)
            places = {"message_id": message.id}
            try:
                thread = await message.create_thread(name=title)
                places["thread_id"] = thread.id
            except discord.HTTPException as exc:
                log.info("tournament %s has no thread: %s", record.id, exc.status)
        await self.bot.store.update_tournament(record.id, **places)
        record = await self.bot.store.get_tournament(record.id) or record
        await self.director.create_event(interaction.guild, record)
        where = jump_url(interaction.guild_id, record.thread_id or record.channel_id)
        await interaction.followup.send(
            t(lang, "tournament.created", name=title, where=where), ephemeral=True
        )

    async def _forum(self, guild: discord.Guild) -> discord.ForumChannel | None:
        chosen = await self.bot.store.get_guild_setting(guild.id, FORUM_SETTING)
        forum = guild.get_channel(chosen) if chosen is not None else None
        return forum if isinstance(forum, discord.ForumChannel) else None

    @create.autocomplete("variant")
    async def variant_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        lang = await self.bot.players.language(interaction.user.id, interaction.locale)
        return variant_choices(current, lang, playable())

    # -- joining and leaving (the announcement's buttons) -------------------------

    async def on_entry(
        self, interaction: discord.Interaction, tournament_id: int, join: bool
    ) -> None:
        try:
            lang = await self.bot.language_of(interaction)
            record = await self.bot.store.get_tournament(tournament_id)
            if record is None or record.status in (
                TournamentStatus.FINISHED,
                TournamentStatus.CANCELLED,
            ):
                raise BotError("tournament_closed")
            user = interaction.user
            if join:
                key = await self._join(record, user)
            else:
                key = await self._leave(record, user.id)
            public = await self.bot.server.language(record.guild_id)
            record = await self.bot.store.get_tournament(tournament_id) or record
            joining = record.status is TournamentStatus.PENDING
            await interaction.response.edit_message(
                content=await self.director.announcement(record, public),
                view=entry_view(record.id, public, joining=joining),
                allowed_mentions=QUIET,
            )
            await interaction.followup.send(t(lang, key, name=record.name), ephemeral=True)
        except Exception as exc:
            await self.bot.reply_error(interaction, exc)

    async def _join(self, record: TournamentRecord, user: discord.abc.User) -> str:
        if record.status is not TournamentStatus.PENDING:
            raise BotError("tournament_started")
        if user.bot:
            raise BotError("bot_opponent")
        await self.bot.players.register(user)
        if not await self.bot.store.join_tournament(record.id, user.id):
            raise BotError("tournament_in_already")
        return "tournament.joined"

    async def _leave(self, record: TournamentRecord, user_id: int) -> str:
        if record.status is TournamentStatus.PENDING:
            if not await self.bot.store.leave_tournament(record.id, user_id):
                raise BotError("tournament_not_in")
            return "tournament.left"
        if not await self.bot.store.withdraw_entrant(record.id, user_id):
            raise BotError("tournament_not_in")
        return "tournament.withdrew"

    # -- reading -----------------------------------------------------------------

    async def _chosen(
        self, interaction: discord.Interaction, tournament_id: int | None
    ) -> TournamentRecord:
        """The tournament named, else the one whose thread this is, else the
        server's newest running or coming one, else its newest finished one."""
        assert interaction.guild_id is not None
        store = self.bot.store
        if tournament_id is not None:
            record = await store.get_tournament(tournament_id)
            if record is None or record.guild_id != interaction.guild_id:
                raise BotError("tournament_unknown")
            return record
        live = await store.guild_tournaments(interaction.guild_id, finished=False)
        done = await store.guild_tournaments(interaction.guild_id, finished=True)
        here = [r for r in live + done if interaction.channel_id in (r.thread_id, r.channel_id)]
        found = here or live or done
        if not found:
            raise BotError("tournament_none")
        return found[0]

    @tournament.command(name="standings", description="The table of a tournament")
    @app_commands.describe(tournament="Which one (default: this thread's, else the latest)")
    @app_commands.guild_only()
    async def standings(
        self, interaction: discord.Interaction, tournament: int | None = None
    ) -> None:
        lang = await self.bot.language_of(interaction)
        record = await self._chosen(interaction, tournament)
        await interaction.response.defer(ephemeral=True)
        entrants = await self.bot.store.entrants(record.id)
        records = await self.bot.store.pairings(record.id)
        png = await tables.standings_png(self.bot.players, record, entrants, records, lang)
        await interaction.followup.send(
            t(lang, "tournament.standings", name=record.name),
            file=png_file(png, STANDINGS_FILE),
            ephemeral=True,
        )

    @tournament.command(name="pairings", description="Who plays whom in a round")
    @app_commands.describe(
        tournament="Which one (default: this thread's, else the latest)",
        round="Which round or arena wave (default: the latest)",
    )
    @app_commands.guild_only()
    async def pairings(
        self,
        interaction: discord.Interaction,
        tournament: int | None = None,
        round: app_commands.Range[int, 1, 999] | None = None,
    ) -> None:
        lang = await self.bot.language_of(interaction)
        record = await self._chosen(interaction, tournament)
        records = await self.bot.store.pairings(record.id)
        if not records:
            raise BotError("tournament_no_pairings", name=record.name)
        number = round if round is not None else record.round
        shown = [p for p in records if p.round == number]
        if record.format == Format.ARENA and round is None:
            shown = [p for p in records if p.result is None] or shown
        if not shown:
            raise BotError("tournament_no_round", round=number, last=record.round)
        for pairing in shown:
            for user in (pairing.red_id, pairing.black_id):
                if user is not None:
                    await self.bot.players.recall(user)
        lines = [t(lang, "tournament.pairings_of", name=record.name, round=number)]
        for pairing in shown:
            where = None
            if pairing.game_id is not None:
                game = await self.bot.store.load_game(pairing.game_id)
                where = jump_url(record.guild_id, game.channel_id)
            lines.append(tables.pairing_line(self.bot.players, pairing, lang, where, ping=False))
        await interaction.response.send_message(
            "\n".join(lines)[:2000], ephemeral=True, allowed_mentions=QUIET
        )

    @tournament.command(name="history", description="This server's finished tournaments")
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction) -> None:
        lang = await self.bot.language_of(interaction)
        assert interaction.guild_id is not None
        store = self.bot.store
        done = await store.guild_tournaments(interaction.guild_id, finished=True, limit=HISTORY)
        if not done:
            raise BotError("tournament_no_history")
        lines = [t(lang, "tournament.history")]
        for record in done:
            entrants = await store.entrants(record.id)
            rows = tables.table(record, entrants, await store.pairings(record.id))
            winners = [s.player for s in rows if s.rank == 1]
            for user in winners:
                await self.bot.players.recall(user)
            lines.append(
                t(
                    lang,
                    "tournament.history_line",
                    id=record.id,
                    name=record.name,
                    format=t(lang, f"tournament.format.{record.format}"),
                    variant=variant_title(record.variant, lang),
                    players=len(entrants),
                    winner=", ".join(self.bot.players.name(w) for w in winners) or "—",
                    when=f"<t:{int(record.finished_at or record.starts_at)}:d>",
                )
            )
        await interaction.response.send_message(
            "\n".join(lines)[:2000], ephemeral=True, allowed_mentions=QUIET
        )

    # -- organisers --------------------------------------------------------------

    @tournament.command(name="cancel", description="Call off a tournament before it starts")
    @app_commands.describe(tournament="Which one (default: this thread's, else the latest)")
    @app_commands.guild_only()
    async def cancel(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        lang = await self.bot.language_of(interaction)
        record = await self._chosen(interaction, tournament)
        if interaction.user.id != record.creator_id and not await self._organiser(interaction):
            raise BotError("tournament_not_yours")
        if record.status is not TournamentStatus.PENDING:
            raise BotError("tournament_started")
        await interaction.response.defer(ephemeral=True, thinking=True)
        if not await self.director.cancel(record):
            raise BotError("tournament_started")
        await interaction.followup.send(t(lang, "tournament.you_cancelled", name=record.name))

    @standings.autocomplete("tournament")
    @pairings.autocomplete("tournament")
    @cancel.autocomplete("tournament")
    async def tournament_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        if interaction.guild_id is None:
            return []
        store = self.bot.store
        records = await store.guild_tournaments(interaction.guild_id, finished=False)
        records += await store.guild_tournaments(interaction.guild_id, finished=True)
        typed = current.casefold()
        return [
            app_commands.Choice(name=f"#{r.id} {r.name}"[:100], value=r.id)
            for r in records
            if typed in f"#{r.id} {r.name}".casefold()
        ][:25]

    @tournament.command(
        name="setup", description="Where tournaments are posted here, and who may organise them"
    )
    @app_commands.describe(
        forum="A forum channel whose posts hold the tournaments and their games",
        role="Members with this role may organise tournaments too",
        clear="Forget both choices",
    )
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def setup_command(
        self,
        interaction: discord.Interaction,
        forum: discord.ForumChannel | None = None,
        role: discord.Role | None = None,
        clear: bool = False,
    ) -> None:
        lang = await self.bot.language_of(interaction)
        assert interaction.guild_id is not None
        member = interaction.user
        if not isinstance(member, discord.Member) or not member.guild_permissions.manage_guild:
            raise BotError("tournament_managers")
        store, guild = self.bot.store, interaction.guild_id
        if clear:
            await store.set_guild_setting(guild, FORUM_SETTING, None)
            await store.set_guild_setting(guild, ROLE_SETTING, None)
        if forum is not None:
            await store.set_guild_setting(guild, FORUM_SETTING, forum.id)
        if role is not None:
            await store.set_guild_setting(guild, ROLE_SETTING, role.id)
        chosen_forum = await store.get_guild_setting(guild, FORUM_SETTING)
        chosen_role = await store.get_guild_setting(guild, ROLE_SETTING)
        text = t(
            lang,
            "tournament.setup",
            forum=f"<#{chosen_forum}>" if chosen_forum else t(lang, "tournament.setup_here"),
            role=f"<@&{chosen_role}>" if chosen_role else t(lang, "tournament.setup_no_role"),
        )
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=QUIET)


async def setup(bot: Chuhan) -> None:
    await bot.add_cog(TournamentCog(bot, bot.services))
