"""Games against the computer: /play computer, /challenge @Chuhan, its moves,
its answers to requests, and each player's record against each level.

The computer is the bot's own user, seated like any player; the game's
``computer`` option holds its level. After every committed change of a
computer game (the hub's ``committed`` event) and once its opening is out,
the cog checks whether the computer must act (its turn, or a request to
answer) and does so in a task (its report waits for the one it answers, as
the publisher keeps a game's reports in the order of their commits): it builds the computer's
:class:`~rules.knowledge.Knowledge` (its view and the log as it may read
it) and hands only that to the engine, whose search runs in worker processes.
After a restart, games waiting for the computer are resumed once the bot is
ready. Computer games are never rated.
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import secrets
from collections import Counter
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands, tasks

from computer.fairy import engine_path
from computer.level_ratings import LEVEL_RATINGS
from computer.levels import DEFAULT_LEVEL, LEVELS
from computer.opponent import Opponent
from computer.plugin import can_play
from computer.pool import SearchPool
from computer.review import Analyst
from computer.uci import EngineError
from rules.errors import RulesError
from rules.knowledge import knowledge_of
from rules.pieces import Color
from rules.variant import find_variant

from .. import boards
from ..choices import COLOR_CHOICES, TIME_CHOICES, playable, variant_choices, variant_title
from ..errors import BotError, Busy
from ..i18n import t
from ..manager import GameManager
from ..notices import jump_url
from ..opening import announce, open_game, seat_against_computer
from ..report import Report
from ..services import Services
from ..variants import table_for

if TYPE_CHECKING:
    from ..client import Chuhan

log = logging.getLogger(__name__)

LEVEL_OPTION = "computer"  # the game option holding the computer's level
DEFAULT_TIME = "1d"
# Search processes: every core but one, which stays free for the bot itself.
WORKERS = max(1, (os.cpu_count() or 2) - 1)
RETRIES = 3  # failed tries in a row before the computer waits for the next event or wake-up


def computer_level(manager: GameManager) -> int | None:
    level = manager.options.get(LEVEL_OPTION)
    return int(level) if level and level.isdigit() else None


def level_title(number: int, lang: str) -> str:
    """A level with its estimated rating, as the level choices show it."""
    found = LEVEL_RATINGS.get(number)
    if found is None:
        return t(lang, "computer.level_unmeasured", level=number)
    return t(lang, "computer.level_choice", level=number, rating=found.rating, error=found.error)


WAKE_SECONDS = 30


class Computer(commands.Cog):
    def __init__(self, bot: Chuhan, services: Services) -> None:
        self.bot = bot
        self.services = services
        path = engine_path(bot.settings.engine)
        if path is None:
            log.warning(
                "Fairy-Stockfish not found (install fairy-stockfish or set CHUHAN_ENGINE):"
                " the built-in engine plays standard xiangqi too"
            )
        self.opponent = Opponent(path, SearchPool(WORKERS))
        self.thinking: dict[int, asyncio.Task[None]] = {}

    async def cog_load(self) -> None:
        self.services.hub.subscribe(self._committed)
        self.services.cogs.computer = self
        self.bot.hub.computer_id = self.bot.user.id if self.bot.user is not None else None
        self.wake.start()

    async def cog_unload(self) -> None:
        self.wake.cancel()
        self.services.hub.unsubscribe(self._committed)
        self.services.cogs.computer = None
        for task in self.thinking.values():
            task.cancel()
        await self.opponent.close()

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """Resume the games that were waiting for the computer when the bot stopped."""
        for manager in self.bot.hub.active():
            self._consider(manager)

    @tasks.loop(seconds=WAKE_SECONDS)
    async def wake(self) -> None:
        """Look again at every game where the computer should act: one whose
        last tries all failed (the database was away, the engine kept dying)
        goes on once the world is back, instead of waiting for the next event."""
        for manager in self.bot.hub.active():
            self._consider(manager)

    # -- starting games -----------------------------------------------------------

    play = app_commands.Group(name="play", description="Start a game", guild_only=True)

    @play.command(name="computer", description="Play against the computer")
    @app_commands.describe(
        variant="What to play (default: xiangqi)",
        level="How strong the computer plays, 1 to 8 (default: 4)",
        color="Your colour (default: random)",
        time="Time control (default: 1 day per move)",
    )
    @app_commands.choices(time=TIME_CHOICES, color=COLOR_CHOICES)
    async def play_computer(
        self,
        interaction: discord.Interaction,
        variant: str = "xiangqi",
        level: app_commands.Range[int, 1, 8] = DEFAULT_LEVEL,
        color: str = "random",
        time: str = DEFAULT_TIME,
    ) -> None:
        await self.start_game(interaction, variant, level, color, time)

    @play_computer.autocomplete("level")
    async def level_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        return await self.level_choices(interaction, current)

    async def level_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """The levels with their estimated ratings (the typed digits narrow them),
        wherever a level is picked."""
        lang = await self.bot.players.language(interaction.user.id, interaction.locale)
        return [
            app_commands.Choice(name=level_title(number, lang), value=number)
            for number in sorted(LEVELS)
            if current.strip() in str(number)
        ]

    @play_computer.autocomplete("variant")
    async def variant_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        lang = await self.bot.players.language(interaction.user.id, interaction.locale)
        return variant_choices(current, lang, frozenset(v for v in playable() if can_play(v)))

    async def start_game(
        self, interaction: discord.Interaction, variant: str, level: int, color: str, time: str
    ) -> None:
        """A new unrated game between the user and the computer, in a new thread."""
        lang = await self.bot.language_of(interaction)
        name = find_variant(variant).name
        if name not in playable() or not can_play(name):
            raise BotError("variant_not_playable", variant=name)
        if level not in LEVELS:
            raise BotError("computer_level")
        options = {"time": time, LEVEL_OPTION: str(level)}
        self.bot.hub.check_options(name, options)
        assert self.bot.user is not None
        user = interaction.user
        human_red = {"red": True, "black": False}.get(color, secrets.randbelow(2) == 0)
        ids, names = await seat_against_computer(
            self.services, interaction, self.bot.user, human_red
        )
        text = t(
            await self.bot.server.language(interaction.guild_id),
            "computer.starting",
            player=self.bot.players.name(user.id),
            variant=variant_title(name, lang),
            level=level,
        )
        manager, channel = await open_game(
            self.services,
            interaction,
            await announce(interaction, text),
            variant=name,
            ids=ids,
            names=names,
            options=options,
            rated=False,
        )
        if manager.hidden:  # the player's own board, as at a challenge
            board = await boards.picture(manager, user.id, private=True)
            side = t(lang, "color.red" if human_red else "color.black")
            where = jump_url(manager.guild_id, channel.id)  # a DM: a link that opens it
            await self.services.dms.dm(user.id, t(lang, "dm.hello", color=side, where=where), board)
        self._consider(manager)  # its first move, when it plays Red

    # -- the computer's turns -------------------------------------------------------

    def _committed(self, manager: GameManager, report: Report) -> None:
        self._consider(manager)

    def _consider(self, manager: GameManager) -> None:
        """Start the computer's task for ``manager`` if it must act and is not already."""
        me = self.bot.user
        if me is None or me.id not in manager.ids or computer_level(manager) is None:
            return
        running = self.thinking.get(manager.id)
        if running is not None and not running.done():
            return
        if self._duty(manager) is not None:
            self.thinking[manager.id] = asyncio.create_task(self._act(manager))

    def _duty(self, manager: GameManager) -> str | None:
        """What the computer must do now: ``answer`` a request, ``move``, or nothing."""
        if manager.finished:
            return None
        side = Color.RED if self._is_red(manager) else Color.BLACK
        phase = manager.setup_phase
        if phase is not None:  # its own setup first; no move before both are done
            return None if phase.done_for(side) else "setup"
        pending = manager.match.pending
        if pending is not None and pending.side is not side:
            return "answer"
        return "move" if manager.match.game.turn is side else None

    def _is_red(self, manager: GameManager) -> bool:
        assert self.bot.user is not None
        return manager.ids[Color.RED] == self.bot.user.id

    async def _act(self, manager: GameManager) -> None:
        """Act until it is no longer the computer's turn (a failed Tuibei counter,
        for one, leaves it to move again). A refusal (the position changed under
        it, two commits raced) makes it look again, a few times at most."""
        assert self.bot.user is not None
        me = self.bot.user.id
        level = computer_level(manager)
        assert level is not None
        refusals = 0
        while (duty := self._duty(manager)) is not None and refusals < RETRIES:
            try:
                report = await self._do(manager, me, level, duty)
            except (BotError, RulesError, Busy, EngineError):
                refusals += 1  # a dead search worker is replaced on the next try
                log.info("the computer's action in game %s failed; it looks again", manager.id)
                continue
            except Exception:
                log.exception("the computer could not act in game %s", manager.id)
                return
            if report is not None:
                await self.services.publisher.publish(self._for_people(manager, report))

    async def _do(self, manager: GameManager, me: int, level: int, duty: str) -> Report | None:
        """Answer the pending request, or choose and play a move (``None`` when
        the game changed while it thought: it looks again)."""
        side = Color.RED if self._is_red(manager) else Color.BLACK
        if duty == "answer":  # a draw when it stands worse; never an undo
            pending = manager.match.pending
            assert pending is not None
            knowledge = knowledge_of(manager.match, side)
            accept = pending.kind == "draw" and await self.opponent.accepts_draw(knowledge)
            return await manager.answer(me, pending.kind, accept=accept)
        if duty == "setup":
            return await self._arrange(manager, side)
        seq = manager.seq
        text = await self.opponent.choose(knowledge_of(manager.match, side), level)
        if manager.seq != seq:
            return None
        return await manager.move(me, text)

    async def _arrange(self, manager: GameManager, side: Color) -> Report | None:
        """Its part of the variant's setup, done by the variant's room; the
        public report once both sides are done."""
        async with manager.lock:
            rng = random.Random(secrets.randbits(64))
            lines = await table_for(manager.variant).computer_setup(manager, side, rng)
            return None if lines is None else await manager.setup_report(lines)

    def _for_people(self, manager: GameManager, report: Report) -> Report:
        """The computer's report as its human opponent reads it: in their words,
        with nothing sent to the computer itself."""
        assert self.bot.user is not None
        me = self.bot.user.id
        report.reader_id = next(i for i in manager.ids if i != me)
        report.private.pop(me, None)
        report.private_boards.pop(me, None)
        report.note = None
        return report

    async def settled(self) -> None:
        """Wait until no computer is thinking (tests and benchmarks)."""
        while tasks := [task for task in self.thinking.values() if not task.done()]:
            await asyncio.gather(*tasks, return_exceptions=True)

    @property
    def analyst(self) -> Analyst:
        """The engine as reviews use it: a fixed number of nodes per search."""
        return self.opponent

    # -- records ------------------------------------------------------------------

    async def record_lines(self, user_id: int, lang: str) -> list[str]:
        """One line per level the player has finished games against: won, drawn, lost."""
        if self.bot.user is None:
            return []
        results = await self.bot.store.results_between(user_id, self.bot.user.id)
        tally: dict[int, Counter[str]] = {}
        for options, side, result in results:
            level = options.get(LEVEL_OPTION, "")
            if not level.isdigit():
                continue
            won = {"1-0": Color.RED, "0-1": Color.BLACK}.get(result)
            outcome = "draws" if won is None else "wins" if won is side else "losses"
            tally.setdefault(int(level), Counter())[outcome] += 1
        return [
            t(
                lang,
                "computer.record",
                level=level,
                wins=counts["wins"],
                draws=counts["draws"],
                losses=counts["losses"],
            )
            for level, counts in sorted(tally.items())
        ] + self._rating_lines(sorted(tally), lang)

    def _rating_lines(self, levels: list[int], lang: str) -> list[str]:
        """The estimated ratings of the levels played, in one line (none if none)."""
        each = [
            t(lang, "computer.rating", level=n, rating=r.rating, error=r.error)
            for n in levels
            if (r := LEVEL_RATINGS.get(n)) is not None
        ]
        return [t(lang, "computer.ratings", ratings=" · ".join(each))] if each else []


async def setup(bot: Chuhan) -> None:
    await bot.add_cog(Computer(bot, bot.services))
