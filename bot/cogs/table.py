"""Finding games and reading them: ``/games`` and ``/moves``; and
``/serversettings``.

Both answer privately in the reader's language and notation. ``/games``
lists the reader's games waiting on them first, the most urgent first, with
one picture of their boards (``render/thumbnails.py``). ``/moves`` in the
thread of a finished game reads that game.
"""

from __future__ import annotations

import asyncio
import math
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from render.thumbnails import MAX_BOARDS, Thumb, thumbnails_png
from rules.pieces import Color
from rules.variant import find_variant

from ..errors import BotError
from ..i18n import t
from ..manager import GameManager
from ..movelist import listed_actions, move_text
from ..notices import jump_url
from ..openings import opening_lines
from ..pictures import clock_text
from ..sending import png_file
from ..server import BOARDS

if TYPE_CHECKING:
    from ..client import Chuhan

LIST_LIMIT = 20  # games listed in one answer
MESSAGE_LIMIT = 2000


def title(variant: str, lang: str) -> str:
    game = find_variant(variant)
    return game.title_zh if lang == "zh" else game.title_en


def waits_on(manager: GameManager, user_id: int) -> bool:
    """Whether the game waits for ``user_id`` to move."""
    return manager.ids[manager.match.game.turn] == user_id


def urgency(manager: GameManager, user_id: int) -> tuple[bool, float, int]:
    """The order of a player's games: those waiting on them first, the
    nearest deadline first (a game without one last), then by number."""
    deadline = manager.clocks.deadline
    return (not waits_on(manager, user_id), deadline or math.inf, manager.id)


def _choices(*values: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=value, value=value) for value in values]


class Table(commands.Cog):
    def __init__(self, bot: Chuhan) -> None:
        self.bot = bot

    def _left(self, manager: GameManager, lang: str) -> str:
        """Time the player to move has left, when the game has a clock."""
        deadline = manager.clocks.deadline
        if deadline is None:
            return ""
        control = manager.control
        if control is not None and control.game_ms is not None:
            left = clock_text(int(max(0.0, deadline - self.bot.now()) * 1000))
        else:
            left = f"<t:{int(deadline)}:R>"
        return t(lang, "games.left", left=left)

    @app_commands.command(name="games", description="Your games in progress, or all games here")
    @app_commands.describe(show_all="List every game being played on this server (spectators)")
    @app_commands.rename(show_all="all")
    async def games(self, interaction: discord.Interaction, show_all: bool = False) -> None:
        lang = await self.bot.language_of(interaction)
        user_id = interaction.user.id
        names = self.bot.players.name
        store, shards = self.bot.store, self.bot.hub.shards
        if show_all:
            ids = await store.active_ids_in(interaction.guild_id or 0)
        else:
            ids = await store.active_ids_of(user_id, shards)
        found = await self.bot.hub.loaded(ids[:LIST_LIMIT])  # the first few, woken if asleep
        if show_all:
            found.sort(key=lambda m: m.id)
        else:
            found.sort(key=lambda m: urgency(m, user_id))
        waiting = [] if show_all else [m for m in found if waits_on(m, user_id)]
        lines = []
        for manager in found:
            turn = manager.match.game.turn
            params = {
                "game": manager.id,
                "variant": title(manager.variant, lang),
                "left": self._left(manager, lang),
                "url": jump_url(manager.guild_id, manager.channel_id),
            }
            if show_all:
                red, black = manager.names()
                line = t(
                    lang,
                    "games.line_all",
                    red=red,
                    black=black,
                    player=names(manager.ids[turn]),
                    **params,
                )
            else:
                side = manager.side_of(user_id)
                whose = "games.your_move" if side is turn else "games.their_move"
                opponent = names(manager.player_id(Color(1 - side)))
                line = t(lang, "games.line_mine", opponent=opponent, whose=t(lang, whose), **params)
            lines.append(line)
        if len(ids) > LIST_LIMIT:
            lines.append(t(lang, "games.more", count=len(ids) - LIST_LIMIT))
        scope = "all" if show_all else "mine"
        head = t(lang, f"games.{scope}" if found else f"games.none_{scope}")
        if waiting:
            lines.insert(0, t(lang, "games.waiting", count=len(waiting)))
        text = "\n".join([head, *lines])[:MESSAGE_LIMIT]
        if not waiting:
            await interaction.response.send_message(text, ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        png = await asyncio.to_thread(thumbnails_png, self._thumbs(waiting[:MAX_BOARDS], user_id))
        picture = png_file(png, "games.png")
        await interaction.followup.send(text, file=picture, ephemeral=True)

    def _thumbs(self, managers: list[GameManager], user_id: int) -> list[Thumb]:
        """Each game's public board from the reader's side, captioned with its
        number and opponent."""
        thumbs = []
        for manager in managers:
            side = manager.side_of(user_id)
            opponent = self.bot.players.name(manager.player_id(Color(1 - side)))
            caption = f"#{manager.id} {opponent}"
            thumbs.append(Thumb(caption, manager.match.game.view(None), side))
        return thumbs

    @app_commands.command(name="moves", description="The move list of this channel's game")
    @app_commands.guild_only()
    async def moves(self, interaction: discord.Interaction) -> None:
        lang = await self.bot.language_of(interaction)
        channel_id = interaction.channel_id or 0
        await interaction.response.defer(ephemeral=True, thinking=True)
        manager = await self.bot.hub.latest_in_channel(channel_id)
        game_id, match, running = manager.id, manager.match, not manager.finished
        style = (await self.bot.players.prefs(interaction.user.id)).notation
        listed = listed_actions(match, running=running)
        if not listed:
            text = t(lang, "moves.none", game=game_id)
        else:
            head = "\n".join(
                [t(lang, "ending.moves", game=game_id), *opening_lines(match.game, lang)]
            )
            body = move_text(listed, style, t(lang, "ending.hidden"))
            if len(head) + len(body) + 1 > MESSAGE_LIMIT:  # keep the latest rounds
                body = "…\n" + body[-(MESSAGE_LIMIT - len(head) - 3) :].partition("\n")[2]
            text = f"{head}\n{body}"
        await interaction.followup.send(text, ephemeral=True)

    @app_commands.command(
        name="serversettings", description="How game threads speak and show the board here"
    )
    @app_commands.describe(
        language="Language of the public messages in game threads",
        notation="Notation of the moves in public messages",
        orientation="Side at the bottom of the public board",
        puzzle_channel="Channel of the daily puzzle",
        puzzle_time="Time (UTC, HH:MM) of the daily puzzle, or off",
        board="The live board: a message per turn (classic) or one modern message",
    )
    @app_commands.rename(puzzle_channel="puzzle-channel", puzzle_time="puzzle-time")
    @app_commands.choices(
        language=_choices("en", "zh"),
        notation=_choices("chinese", "wxf", "iccs"),
        orientation=_choices("red", "black"),
        board=_choices(*BOARDS),
    )
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def serversettings(
        self,
        interaction: discord.Interaction,
        language: str | None = None,
        notation: str | None = None,
        orientation: str | None = None,
        puzzle_channel: discord.TextChannel | None = None,
        puzzle_time: str | None = None,
        board: str | None = None,
    ) -> None:
        lang = await self.bot.language_of(interaction)
        assert interaction.guild_id is not None
        puzzles = self.bot.services.cogs.puzzles
        daily = puzzle_channel is not None or puzzle_time is not None
        if daily:  # first: a time it cannot read changes nothing
            if puzzles is None:
                raise BotError("puzzle_unavailable")
            channel_id = None if puzzle_channel is None else puzzle_channel.id
            here = interaction.channel_id or 0
            await puzzles.choose_daily(interaction.guild_id, channel_id, puzzle_time, here)
        changes = {
            key: value
            for key, value in (
                ("language", language),
                ("notation", notation),
                ("orientation", orientation),
                ("board", board),
            )
            if value is not None
        }
        server = self.bot.server
        if changes:
            style = await server.change(interaction.guild_id, **changes)
        else:
            style = await server.style(interaction.guild_id)
        text = t(
            lang,
            "server.summary",
            language=t(lang, f"choice.{style.language}"),
            notation=t(lang, f"choice.{style.notation}"),
            orientation=t(lang, f"choice.{style.orientation}"),
        )
        text += "\n" + t(lang, "server.board", board=t(lang, f"choice.{style.board}"))
        if puzzles is not None:
            text += "\n" + await puzzles.daily_line(interaction.guild_id, lang)
        head = t(lang, "server.saved" if changes or daily else "server.current")
        await interaction.response.send_message(f"{head}\n{text}", ephemeral=True)


async def setup(bot: Chuhan) -> None:
    await bot.add_cog(Table(bot))
