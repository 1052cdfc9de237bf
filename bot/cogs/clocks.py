"""The one background loop: timeouts (S-7), correspondence reminders, expired challenges.

A correspondence game whose side to move never made its first move is aborted
at its deadline instead (``bot/first_move.py``). The loop also keeps the
heartbeat, and hears the gateway come and go, so that the time the bot was
away is given back to the clocks (``bot.outages``).

Deadlines live in the database. A game is in memory while it is played or
its next event is near; the others are asleep, and the loop loads each a few
minutes before its wake (its next reminder or its deadline, kept in the
database: ``bot/lazy.py``, ``bot/sleeper.py``), so after a restart the first
sweep finds whatever ran out while the bot was away. Timeouts are claimed
from the database when a game in memory is due (and once a minute for any
other), so when several processes share it each deadline fires in exactly
one of them, the one serving the game's guild; reminders are read from
memory, and challenges checked once a minute, so a sweep costs nothing while
nothing happens. The loop runs on Discord's clock
(``discord.ext.tasks``), which SimCord's ``advance_time`` drives in tests.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands, tasks

from rules.variant import find_variant
from storage import Challenge, ChallengeStatus, StorageUnavailable

from .. import boards, first_move
from .. import timecontrol as tc
from ..channels import partial_message
from ..errors import Busy, GameFinished
from ..i18n import t
from ..notices import jump_url
from ..presenter import text_of
from ..report import Line, Title
from ..sending import QUIET
from ..services import Services
from ..sleeper import Sleeper

if TYPE_CHECKING:
    from ..client import Chuhan
    from ..manager import GameManager

log = logging.getLogger(__name__)


CHALLENGE_CHECK_SECONDS = 60
CLAIM_CHECK_SECONDS = 60


class Clocks(commands.Cog):
    def __init__(self, bot: Chuhan, services: Services) -> None:
        self.bot = bot
        self.services = services
        self.sweep.change_interval(seconds=bot.settings.sweep_seconds)
        self._next_challenge_check = 0.0
        self._next_claim_check = 0.0
        # game id -> (its deadline, the soonest moment before it reminded of)
        self._sent: dict[int, tuple[float, float]] = {}
        reminders = services.reminders
        self.sleeper = Sleeper(bot.hub, services.notifier, reminders, self._reminded_to, bot.now)

    async def cog_load(self) -> None:
        self.sweep.start()

    async def cog_unload(self) -> None:
        self.sweep.cancel()

    @tasks.loop(seconds=5)
    async def sweep(self) -> None:
        notifier, archives = self.services.notifier, self.services.endings.archive_due
        steps = (
            self.services.outages.sweep,
            self.sleeper.sweep,  # first: a game that wakes is in memory for the others
            self._timeouts,
            self._reminders,
            self._challenges,
        )
        more = self.services.cogs.sweeps  # the other cogs' own steps
        for step in (*steps, *more, notifier.sweep_endings, notifier.sweep, archives):
            try:
                await step()
            except StorageUnavailable:  # said once a sweep, without a traceback
                log.warning("clock sweep step %s: the database is away", step.__name__)
            except Exception:
                log.exception("clock sweep step %s failed", step.__name__)

    async def _timeouts(self) -> None:
        """Time out the games whose deadline passed, as claimed from the database:
        with several processes, only this one's guilds, each game by one process.

        A game is loaded before its deadline comes, so the database is asked
        when one in memory is due, and otherwise once a minute for a game that
        another process left behind (or that woke late: the bot was away)."""
        serving = self.bot.outages.serving()
        if serving is None:  # no gateway: nobody could have moved
            return
        now = self.bot.now()
        due = any(
            m.clocks.deadline is not None and now >= m.clocks.deadline
            for m in self.bot.hub.active()
        )
        if not due and now < self._next_claim_check:
            return
        self._next_claim_check = now + CLAIM_CHECK_SECONDS
        for game_id in await self.bot.store.claim_due(now, serving):
            try:
                manager = await self.bot.hub.get(game_id)
                report = await manager.expire()
            except (GameFinished, Busy):  # ended, or moved on, in the meantime
                continue
            if report is not None:
                await self.services.publisher.publish(report)

    # -- the gateway comes and goes: one shard, or the one connection -----------

    def _sharded(self) -> bool:
        return isinstance(self.bot, commands.AutoShardedBot)

    @commands.Cog.listener()
    async def on_shard_disconnect(self, shard_id: int) -> None:
        self.bot.outages.dropped(shard_id)

    @commands.Cog.listener()
    async def on_disconnect(self) -> None:
        if not self._sharded():
            self.bot.outages.dropped(0)

    @commands.Cog.listener("on_shard_connect")
    @commands.Cog.listener("on_shard_resumed")
    @commands.Cog.listener("on_shard_ready")
    async def shard_back(self, shard_id: int) -> None:
        self.bot.outages.returned(shard_id)

    @commands.Cog.listener("on_connect")
    @commands.Cog.listener("on_resumed")
    @commands.Cog.listener("on_ready")
    async def back(self) -> None:
        if not self._sharded():
            self.bot.outages.returned(0)

    async def _reminders(self) -> None:
        """DM the player to move when a correspondence deadline draws near: at
        the time control's moment, or at each of the moments they chose
        (``bot/reminders.py``)."""
        now, plans = self.bot.now(), await self.services.reminders.plans()
        for manager in self.bot.hub.active():
            deadline, control = manager.clocks.deadline, manager.control
            if deadline is None or control is None or control.remind_ms is None:
                continue
            user_id = manager.player_id(manager.match.game.turn)
            chosen = [hour * 3600.0 for hour in plans.get(user_id, ())]
            reached = tc.reminders_reached(control, deadline, now, chosen)
            if not reached:
                continue
            sent = self._sent.get(manager.id)
            if sent is None or sent[0] != deadline:
                sent = (deadline, min(reached)) if manager.reminded else None  # (a restart)
            if sent is not None and sent[1] <= min(reached):
                self._sent[manager.id] = sent
                continue
            self._sent[manager.id] = (deadline, min(reached))
            manager.reminded = True
            await self.bot.store.set_reminded(manager.id)
            if manager.clocks.deadline != deadline:  # they moved meanwhile
                continue
            if (await self.bot.players.prefs(user_id)).dm_notifications:
                await self._remind(manager, user_id, deadline)

    def _reminded_to(self, manager: GameManager) -> float | None:
        """The latest reminder moment (seconds before the deadline) sent for the
        game's current deadline, if this process sent one."""
        sent = self._sent.get(manager.id)
        return sent[1] if sent is not None and sent[0] == manager.clocks.deadline else None

    async def _remind(self, manager: GameManager, user_id: int, deadline: float) -> None:
        """The reminder DM: which game, when the time runs out (and that a first
        move never made aborts the game), the player's own board and a link
        that opens the game."""
        side = manager.side_of(user_id)
        variant = find_variant(manager.variant)
        params = {
            "game": manager.id,
            "variant": Title(variant.title_en, variant.title_zh),
            "opponent": self.bot.players.name(manager.player_id(side.other())),
            "when": f"<t:{int(deadline)}:R>",
        }
        first = first_move.missed(manager.control, manager.match.game.ply)
        lines = [
            Line("reminder.first" if first else "reminder.move", params),
            Line("notice.dm.link", {"url": jump_url(manager.guild_id, manager.channel_id)}),
        ]
        lang = await self.bot.players.language(user_id)
        style = (await self.bot.players.prefs(user_id)).notation
        board = await boards.picture(manager, user_id, private=True)
        await self.services.dms.dm(user_id, text_of(lines, lang, style), board)

    async def _challenges(self) -> None:
        now = self.bot.now()
        if now < self._next_challenge_check:
            return
        self._next_challenge_check = now + CHALLENGE_CHECK_SECONDS
        store = self.bot.store
        for challenge in await store.expired_challenges(now):
            if await store.set_challenge_status(challenge.id, ChallengeStatus.EXPIRED):
                await self._mark_expired(challenge)

    async def _mark_expired(self, challenge: Challenge) -> None:
        if challenge.message_id is None:
            return
        lang = await self.bot.server.language(challenge.guild_id)
        try:
            channel = await self.services.channels.channel(challenge.channel_id)
            message = partial_message(channel, challenge.message_id)
            if message is None:
                return
            await message.edit(
                content=t(lang, "challenge.expired"), view=None, allowed_mentions=QUIET
            )
        except discord.HTTPException as exc:
            log.info("could not mark challenge %s expired: %s", challenge.id, exc.status)


async def setup(bot: Chuhan) -> None:
    await bot.add_cog(Clocks(bot, bot.services))
