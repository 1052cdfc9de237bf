"""Practical endgames: /endgame play and /endgame list.

A try is a game against the computer from the endgame's position, opened
like any computer game (its thread, its board, its moves through /move),
which the computer cog plays for the bot at full strength with a fixed
number of nodes per move. This cog watches the hub's ``committed`` event
for tries: once the player has used the endgame's moves and the computer
has answered, it ends the try (the player resigns a win not reached, the
draw is agreed when it was held), and when a try finishes it keeps the
result in the member's progress and says so under the result. Tries are
never rated.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from endgames.catalogue import LEVELS, Endgame, find, shipped
from rules.errors import RulesError
from rules.pieces import Color
from storage.records import EndgameProgress

from ..endgames import progress as words
from ..endgames.tries import at_limit, endgame_of, moves_made, player_side, start_options
from ..endgames.tries import succeeded as did_it
from ..errors import BotError
from ..i18n import t
from ..manager import GameManager
from ..opening import announce, open_game, seat_against_computer
from ..report import Line, Report, Title
from ..services import Services

if TYPE_CHECKING:
    from ..client import Chuhan

log = logging.getLogger(__name__)

LEVEL_CHOICES = [app_commands.Choice(name=level, value=level) for level in LEVELS]
AUTOCOMPLETE_SIZE = 25  # Discord shows at most 25 choices


class Endgames(commands.Cog):
    def __init__(self, bot: Chuhan, services: Services) -> None:
        self.bot = bot
        self.services = services
        self.ending: dict[int, asyncio.Task[None]] = {}
        self.recording: set[asyncio.Task[None]] = set()

    async def cog_load(self) -> None:
        self.services.hub.subscribe(self._committed)

    async def cog_unload(self) -> None:
        self.services.hub.unsubscribe(self._committed)
        for task in self.ending.values():
            task.cancel()

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """End the tries that reached their limit while the bot was away."""
        for manager in self.bot.hub.active():
            self._consider(manager)

    endgame = app_commands.Group(
        name="endgame", description="Practical endgames against the computer", guild_only=True
    )

    @endgame.command(name="play", description="Play a practical endgame against the computer")
    @app_commands.describe(
        level="Which level (default: the first you have not solved)",
        id="Which endgame (default: the first of the level you have not solved)",
    )
    @app_commands.choices(level=LEVEL_CHOICES)
    async def play(
        self, interaction: discord.Interaction, level: str | None = None, id: str | None = None
    ) -> None:
        progress = await self.bot.store.endgame_progress(interaction.user.id)
        await self.start(interaction, self._chosen(progress, level, id))

    @play.autocomplete("id")
    async def id_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        lang = await self.bot.language_of(interaction)
        level = getattr(interaction.namespace, "level", None)
        wanted = current.casefold()
        found = [
            app_commands.Choice(name=f"{e.name(lang)} ({e.id})", value=e.id)
            for e in shipped()
            if (level is None or e.level == level)
            and (wanted in e.id or wanted in e.zh or wanted in e.en.casefold())
        ]
        return found[:AUTOCOMPLETE_SIZE]

    @endgame.command(name="list", description="The endgames, and the ones you have solved")
    @app_commands.describe(level="Show the endgames of one level")
    @app_commands.choices(level=LEVEL_CHOICES)
    async def list_endgames(
        self, interaction: discord.Interaction, level: str | None = None
    ) -> None:
        lang = await self.bot.language_of(interaction)
        progress = await self.bot.store.endgame_progress(interaction.user.id)
        lines = [t(lang, "endgame.list_title")]
        if level is None:
            lines += words.level_summary(progress, lang)
            lines.append(t(lang, "endgame.list_hint"))
        else:
            lines.append(t(lang, "endgame.level_title", level=t(lang, f"endgame.level.{level}")))
            lines += words.level_list(progress, level, lang)
        await interaction.response.send_message("\n".join(lines), ephemeral=True)

    # -- starting a try ---------------------------------------------------------------

    @staticmethod
    def _chosen(
        progress: dict[str, EndgameProgress], level: str | None, endgame_id: str | None
    ) -> Endgame:
        """The endgame asked for, else the first not yet solved (of ``level``,
        if given), else the first of the level."""
        if endgame_id:
            endgame = find(endgame_id.strip())
            if endgame is None or (level is not None and endgame.level != level):
                raise BotError("endgame_unknown", id=endgame_id)
            return endgame
        offered = [e for e in shipped() if level is None or e.level == level]
        fresh = [e for e in offered if not words.solved(progress, e)]
        return (fresh or offered)[0]

    async def start(self, interaction: discord.Interaction, endgame: Endgame) -> None:
        """A new try of ``endgame`` between the user and the computer, in a new thread."""
        if self.services.cogs.computer is None or self.bot.user is None:
            raise BotError("endgame_unavailable")
        lang = await self.bot.language_of(interaction)
        options = start_options(endgame)
        self.bot.hub.check_options("xiangqi", options)
        human_red = endgame.side is Color.RED
        ids, names = await seat_against_computer(
            self.services, interaction, self.bot.user, human_red
        )
        public = await self.bot.server.language(interaction.guild_id)
        text = t(
            public,
            "endgame.starting",
            player=self.bot.players.name(interaction.user.id),
            name=endgame.name(public),
            level=t(public, f"endgame.level.{endgame.level}"),
            goal=words.goal_text(endgame, public),
            side=t(public, "color.red" if human_red else "color.black"),
        )
        manager, _ = await open_game(
            self.services,
            interaction,
            await announce(interaction, text),
            variant="xiangqi",
            ids=ids,
            names=names,
            options=options,
            rated=False,
        )
        log.info("endgame %s tried in game %s (%s)", endgame.id, manager.id, lang)

    # -- the end of a try ----------------------------------------------------------------

    def _committed(self, manager: GameManager, report: Report) -> None:
        endgame = endgame_of(manager)
        if endgame is None:
            return
        if manager.finished:
            self._finished(manager, endgame, report)
        else:
            self._consider(manager)

    def _consider(self, manager: GameManager) -> None:
        """Start ending ``manager``'s try if it has reached its limit."""
        endgame = endgame_of(manager)
        if endgame is None or not at_limit(manager, endgame):
            return
        running = self.ending.get(manager.id)
        if running is None or running.done():
            self.ending[manager.id] = asyncio.create_task(self._end(manager, endgame))

    async def _end(self, manager: GameManager, endgame: Endgame) -> None:
        """End a try at its limit: a win not reached is resigned by the player,
        a draw held is agreed (the computer offers, the player's side accepts)."""
        player = manager.player_id(player_side(manager))
        me = manager.player_id(player_side(manager).other())
        try:
            if endgame.goal == "win":
                reports = [await manager.act(player, "resign")]
            else:
                offer = await manager.act(me, "draw-offer")
                offer.request = None  # answered at once: no buttons
                reports = [offer, await manager.answer(player, "draw", accept=True)]
        except (BotError, RulesError):
            log.info("the try in game %s ended otherwise meanwhile", manager.id)
            return
        limit = Line("endgame.limit", {"limit": endgame.limit})
        reports[0].lines.insert(0, limit)
        reports[0].record.insert(0, limit)  # it stays when a newer board replaces this one
        for report in reports:  # in the player's words, nothing sent to the computer
            report.reader_id, report.note = player, None
            report.private.pop(me, None)
            await self.services.publisher.publish(report)

    def _finished(self, manager: GameManager, endgame: Endgame, report: Report) -> None:
        """Keep a finished try in the player's progress, and say how it went
        under the result."""
        outcome = manager.match.outcome
        assert outcome is not None
        side = player_side(manager)
        player = manager.player_id(side)
        moves = moves_made(manager)
        solved = did_it(endgame, outcome, side, moves)
        key = "endgame.solved" if solved else "endgame.failed"
        report.lines.append(Line(key, {"name": Title(endgame.en, endgame.zh), "moves": moves}))
        store, at = self.bot.store, self.services.now()
        task = asyncio.create_task(
            store.record_endgame_try(manager.id, player, endgame.id, solved, moves, at)
        )
        self.recording.add(task)
        task.add_done_callback(self.recording.discard)

    async def settled(self) -> None:
        """Wait until every try at its limit is ended and every result kept (tests)."""
        while tasks := [
            task for task in (*self.ending.values(), *self.recording) if not task.done()
        ]:
            await asyncio.gather(*tasks, return_exceptions=True)


async def setup(bot: Chuhan) -> None:
    await bot.add_cog(Endgames(bot, bot.services))
