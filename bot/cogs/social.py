"""Leaderboards, statistics, game history and exports (S-9, S-11)."""

from __future__ import annotations

import asyncio
import io
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from render import Players, RenderOptions, render_gif
from rules.pieces import Color
from rules.variant import find_variant
from storage import GameNotFound, GameRecord

from ..choices import FORMAT_CHOICES, SCOPE_CHOICES, variant_choices, variant_title
from ..endgames.progress import stats_lines as endgame_lines
from ..errors import BotError
from ..i18n import t
from ..limits import (
    GIF_CACHE_SIZE,
    GIF_WINDOW_SECONDS,
    GIFS_PER_WINDOW,
    BytesCache,
    RateLimit,
    when,
)
from ..names import shown
from ..openings import most_played_lines
from ..services import Services
from ..vacations import ALLOWANCE_DAYS
from ..visibility import may_see

if TYPE_CHECKING:
    from rules.match import Match
    from rules.view import View

    from ..client import Chuhan

HISTORY_SIZE = 10


def replay_views(record: GameRecord, seed: int, match: Match) -> list[View]:
    """The public view after each ply of the match's game, from its start.

    The last frame is the match's own view: a game ended off the board
    (resignation, time, agreement) ends on its result, its pieces all shown.
    """
    game = find_variant(record.variant).start(dict(record.options), seed)
    views = [game.view(None)]
    for action in match.game.actions:
        game.push(action)
        views.append(game.view(None))
    views[-1] = match.game.view(None)
    return views


class Social(commands.Cog):
    def __init__(self, bot: Chuhan, services: Services) -> None:
        self.bot = bot
        self.services = services
        self._gif_limit = RateLimit(GIFS_PER_WINDOW, GIF_WINDOW_SECONDS, bot.now)
        self._gifs = BytesCache(GIF_CACHE_SIZE)

    @app_commands.command(name="leaderboard", description="The best rated players")
    @app_commands.describe(
        variant="Which variant (default: xiangqi)", scope="This server or everyone"
    )
    @app_commands.choices(scope=SCOPE_CHOICES)
    async def leaderboard(
        self, interaction: discord.Interaction, variant: str = "xiangqi", scope: str = "server"
    ) -> None:
        lang = await self.bot.language_of(interaction)
        guild_id = interaction.guild_id if scope == "server" else None
        puzzles = self.services.cogs.puzzles
        if variant == "puzzles" and puzzles is not None:
            text = await puzzles.leaderboard_text(guild_id, lang)
            await interaction.response.send_message(
                text, allowed_mentions=discord.AllowedMentions.none()
            )
            return
        name = find_variant(variant).name
        rows = await self.bot.store.leaderboard(name, guild_id, 10)
        if not rows:
            await interaction.response.send_message(t(lang, "leaderboard.empty"))
            return
        lines = [t(lang, "leaderboard.title", variant=variant_title(name, lang))]
        lines += [
            t(
                lang,
                "leaderboard.row",
                rank=row.rank,
                name=shown(row.name),
                rating=round(row.rating),
                rd=round(row.rd),
                wins=row.wins,
                draws=row.draws,
                losses=row.losses,
            )
            for row in rows
        ]
        await interaction.response.send_message(
            "\n".join(lines), allowed_mentions=discord.AllowedMentions.none()
        )

    @leaderboard.autocomplete("variant")
    async def variant_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        lang = await self.bot.language_of(interaction)
        puzzles = self.services.cogs.puzzles
        boards = [] if puzzles is None else puzzles.board_choices(current, lang)
        return [*variant_choices(current, lang), *boards][:25]

    @app_commands.command(name="stats", description="A player's ratings and record")
    @app_commands.describe(user="Whose statistics (default: yours)")
    async def stats(
        self, interaction: discord.Interaction, user: discord.User | None = None
    ) -> None:
        lang = await self.bot.language_of(interaction)
        who = user or interaction.user
        rows = await self.bot.store.player_stats(who.id)
        lines = [t(lang, "stats.title", name=shown(who.display_name))]
        if not rows:
            lines.append(t(lang, "stats.none"))
        lines += [
            t(
                lang,
                "stats.row",
                variant=variant_title(row.variant, lang),
                rating=round(row.rating),
                rd=round(row.rd),
                rated=row.rated_games,
                wins=row.wins,
                draws=row.draws,
                losses=row.losses,
            )
            for row in rows
        ]
        lines += await most_played_lines(self.bot.store, who.id, lang)
        computer = self.services.cogs.computer
        if computer is not None:
            lines += await computer.record_lines(who.id, lang)
        puzzles = self.services.cogs.puzzles
        if puzzles is not None:
            lines += await puzzles.stats_lines(who.id, lang)
        lines += await endgame_lines(self.bot.store, who.id, lang)
        used = await self.services.hub.vacations.days_used(who.id)
        left = max(0, ALLOWANCE_DAYS - used)
        lines.append(t(lang, "stats.vacation", left=left, most=ALLOWANCE_DAYS))
        await interaction.response.send_message("\n".join(lines), ephemeral=True)

    @app_commands.command(name="history", description="A player's latest finished games")
    @app_commands.describe(user="Whose games (default: yours)")
    async def history(
        self, interaction: discord.Interaction, user: discord.User | None = None
    ) -> None:
        lang = await self.bot.language_of(interaction)
        who = user or interaction.user
        records = await self.bot.store.recent_games(who.id, HISTORY_SIZE)
        lines = [t(lang, "history.title", name=shown(who.display_name))]
        if not records:
            lines.append(t(lang, "history.none"))
        for record in records:
            side = record.color_of(who.id)
            outcome = record.outcome
            assert outcome is not None and side is not None
            if outcome.winner is None:
                result = t(lang, "history.draw")
            else:
                result = t(lang, "history.win" if outcome.winner is side else "history.loss")
            opponent = record.black_id if side is Color.RED else record.red_id
            await self.bot.players.recall(opponent)  # a name not seen since a restart
            lines.append(
                t(
                    lang,
                    "history.row",
                    id=record.id,
                    variant=variant_title(record.variant, lang),
                    opponent=self.bot.players.name(opponent),
                    result=result,
                    reason=t(lang, f"reason.{outcome.reason.value}"),
                    when=f"<t:{int(record.finished_at or record.updated_at)}:d>",
                )
            )
        await interaction.response.send_message("\n".join(lines), ephemeral=True)

    @app_commands.command(
        name="export", description="Download a game as PGN, JSON or an animated GIF"
    )
    @app_commands.describe(
        game="Game number (default: this channel's game, else your last one)", format="File format"
    )
    @app_commands.choices(format=FORMAT_CHOICES)
    async def export(
        self, interaction: discord.Interaction, game: int | None = None, format: str = "pgn"
    ) -> None:
        lang = await self.bot.language_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        game_id = game or await self._default_game(interaction)
        store = self.bot.store
        try:
            record = await store.load_game(game_id)
        except GameNotFound:
            raise BotError("unknown_game", id=game_id) from None
        if not await may_see(self.bot, record, interaction.user.id, interaction.guild_id):
            raise BotError("unknown_game", id=game_id)  # the same answer: it is not theirs to know
        if format == "gif":
            data = await self._gif(record, interaction.user.id)
        elif format == "json":
            data = (await store.export_json(game_id)).encode()
        else:
            data = (await store.export_pgn(game_id)).encode()
        name = f"chuhan-{game_id}.{format}"
        await interaction.followup.send(
            t(lang, "export.done", id=game_id),
            file=discord.File(io.BytesIO(data), filename=name),
            ephemeral=True,
        )

    async def _default_game(self, interaction: discord.Interaction) -> int:
        manager = self.bot.hub.here(interaction.channel_id or 0)
        if manager is not None:
            return manager.id
        here = await self.bot.store.latest_game_in_channel(interaction.channel_id or 0)
        if here is not None:  # a finished game's thread exports that game
            return here.id
        records = await self.bot.store.recent_games(interaction.user.id, 1)
        if not records:
            raise BotError("nothing_to_export")
        return records[0].id

    async def _gif(self, record: GameRecord, user_id: int) -> bytes:
        """A replay of the public views (safe for hidden-information games too),
        drawn once per game and position; a few a minute per member."""
        again = self._gif_limit.take(user_id)
        if again is not None:
            raise BotError("gif_limit", count=GIFS_PER_WINDOW, when=when(again))
        key = (record.id, len(record.entries))
        cached = self._gifs.get(key)
        if cached is not None:
            return cached
        store = self.bot.store
        seed = (await store.load_secret(record.id)).seed
        match = await store.rebuild(record.id)
        views = replay_views(record, seed, match)
        players = self.bot.players
        for user_id in (record.red_id, record.black_id):
            await players.recall(user_id)
        names = (players.raw_name(record.red_id), players.raw_name(record.black_id))
        gif = await asyncio.to_thread(render_gif, views, Players(*names), RenderOptions(lang="en"))
        self._gifs.put(key, gif)
        return gif


async def setup(bot: Chuhan) -> None:
    await bot.add_cog(Social(bot, bot.services))
