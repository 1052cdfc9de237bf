"""``/puzzle`` and ``/solve``: puzzles solved privately, rated per member;
the daily puzzle each server may choose (``/serversettings puzzle-channel
puzzle-time``), and the puzzle lines of ``/stats`` and ``/leaderboard``.

Every answer is ephemeral: only the solver sees the board and the solution,
in the channel they asked in, so nobody's try spoils the daily puzzle for
the others; the daily post alone is public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from rules.variant import find_variant

from ..choices import variant_choices, variant_title
from ..errors import BotError
from ..i18n import t
from ..names import shown
from ..puzzles.daily import DailyPuzzles, parse_time
from ..puzzles.tries import Tries
from ..puzzles.words import answer_text, board, shown_text, standing_text
from ..sending import png_file
from ..services import Services
from ..suggestions import offered

if TYPE_CHECKING:
    from ..client import Chuhan

PUZZLES = "puzzles"  # the leaderboard of puzzle ratings, beside the variants'
DEFAULT_MINUTE = 9 * 60  # a daily puzzle's time (UTC) when only its channel is chosen
BOARD_SIZE = 10


class Puzzles(commands.Cog):
    def __init__(self, bot: Chuhan, services: Services) -> None:
        self.bot = bot
        self.services = services
        self.tries = Tries(services.store, lambda: services.puzzles)
        self.daily = DailyPuzzles(
            services.store, services.channels, services.server, lambda: services.puzzles, bot.now
        )

    async def cog_load(self) -> None:
        self.services.cogs.sweeps.append(self.daily.sweep)  # the clock loop posts them
        self.services.cogs.puzzles = self

    async def cog_unload(self) -> None:
        self.services.cogs.sweeps.remove(self.daily.sweep)
        self.services.cogs.puzzles = None

    @app_commands.command(
        name="puzzle", description="A puzzle near your puzzle rating, shown to you alone"
    )
    @app_commands.describe(
        variant="Which variant (default: xiangqi)", daily="This server's puzzle of the day"
    )
    async def puzzle(
        self, interaction: discord.Interaction, variant: str = "xiangqi", daily: bool = False
    ) -> None:
        lang = await self.bot.language_of(interaction)
        user_id, guild_id = interaction.user.id, interaction.guild_id
        if daily:
            if guild_id is None:
                raise BotError("guild_only")
            today = await self.daily.today(guild_id)
            if today is None:
                raise BotError("puzzle_no_daily")
            await interaction.response.defer(ephemeral=True, thinking=True)
            given = await self.tries.give_daily(user_id, guild_id, today[1])
        else:
            name = find_variant(variant).name
            if name not in self.services.puzzles.variants():
                raise BotError("puzzle_no_variant", variant=variant_title(name, lang))
            await interaction.response.defer(ephemeral=True, thinking=True)
            given = await self.tries.give(user_id, name, guild_id)
        prefs = await self.bot.players.prefs(user_id)
        text = shown_text(given, await self.tries.standing(user_id), lang)
        picture = board(given.game, given.solver, prefs, lang)
        await interaction.followup.send(text, file=png_file(picture, "puzzle.png"), ephemeral=True)

    @puzzle.autocomplete("variant")
    async def variant_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        lang = await self.bot.language_of(interaction)
        return variant_choices(current, lang, self.services.puzzles.variants())

    @app_commands.command(name="solve", description="Your move in the puzzle you are solving")
    @app_commands.describe(move="Your move in any notation (the list offers the legal ones)")
    async def solve(self, interaction: discord.Interaction, move: str) -> None:
        lang = await self.bot.language_of(interaction)
        user_id = interaction.user.id
        await interaction.response.defer(ephemeral=True, thinking=True)
        answer = await self.tries.answer(user_id, move)
        prefs = await self.bot.players.prefs(user_id)
        text = answer_text(answer, lang, prefs.notation)
        picture = board(answer.game, answer.solver, prefs, lang)
        await interaction.followup.send(text, file=png_file(picture, "puzzle.png"), ephemeral=True)
        if answer.daily_guild is not None and answer.result == "solved":
            await self.daily.solved(answer.daily_guild, answer.puzzle.id)

    @solve.autocomplete("move")
    async def move_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        user_id = interaction.user.id
        game = await self.tries.position(user_id)
        if game is None:
            return []
        style = (await self.bot.players.prefs(user_id)).notation
        lang = await self.bot.players.language(user_id, interaction.locale)
        return [
            app_commands.Choice(name=label, value=value)
            for label, value in offered(game, style, current, lang)
        ]

    # -- what the other cogs show (bot/capabilities.py: PuzzleOffers) ------------

    async def stats_lines(self, user_id: int, lang: str) -> list[str]:
        standing = await self.tries.standing(user_id)
        return [] if standing is None else [standing_text(standing, lang)]

    def board_choices(self, typed: str, lang: str) -> list[app_commands.Choice[str]]:
        title = t(lang, "puzzle.board_choice")
        if typed.strip().lower() in f"{PUZZLES} {title}".lower():
            return [app_commands.Choice(name=title, value=PUZZLES)]
        return []

    async def leaderboard_text(self, guild_id: int | None, lang: str) -> str:
        rows = await self.services.store.puzzle_leaderboard(guild_id, BOARD_SIZE)
        if not rows:
            return t(lang, "puzzle.board_empty")
        lines = [t(lang, "puzzle.board_title")]
        for row in rows:
            await self.bot.players.recall(row.user_id)
            name = row.name or self.bot.players.raw_name(row.user_id)
            lines.append(
                t(
                    lang,
                    "puzzle.board_row",
                    rank=row.rank,
                    name=shown(name),
                    rating=round(row.standing.rating),
                    rd=round(row.standing.rd),
                    streak=row.standing.streak,
                    best=row.standing.best_streak,
                    solved=row.standing.solved,
                )
            )
        return "\n".join(lines)

    async def choose_daily(
        self, guild_id: int, channel_id: int | None, time: str | None, here: int
    ) -> None:
        """A server's daily puzzle from ``/serversettings``: a time alone keeps
        the channel (else this one), a channel alone keeps the time (else
        09:00 UTC); ``off`` stops it."""
        minute = None if time is None else parse_time(time)
        if time is not None and minute is None:
            await self.daily.choose(guild_id, None, 0)
            return
        plan = await self.daily.plan(guild_id)
        channel = channel_id or (plan[0] if plan else here)
        if minute is None:
            minute = plan[1] if plan else DEFAULT_MINUTE
        await self.daily.choose(guild_id, channel, minute)

    async def daily_line(self, guild_id: int, lang: str) -> str:
        plan = await self.daily.plan(guild_id)
        if plan is None:
            return t(lang, "puzzle.daily.off")
        channel, minute = plan
        return t(
            lang,
            "puzzle.daily.plan",
            channel=f"<#{channel}>",
            time=f"{minute // 60:02d}:{minute % 60:02d}",
        )


async def setup(bot: Chuhan) -> None:
    await bot.add_cog(Puzzles(bot, bot.services))
