"""The daily puzzle: each server that chose a channel and a time gets one
public post a day with the board, the same puzzle for everyone there, a new
one each day; members solve it privately, and the post is edited in place
with how many have.

The plans and posts are stored: a day is claimed in storage before it is
posted, so a restart or a second process never posts one twice, and a day
whose time passed while the bot was away is posted at the next sweep (only
the latest such day: a server back after a week gets one post, not seven).
"""

from __future__ import annotations

import datetime
import logging
from collections.abc import Callable

from puzzles.catalogue import Puzzle
from storage import DailyPuzzle, Prefs, Store

from ..channels import Channels, partial_message
from ..digests import last_due
from ..errors import BotError
from ..i18n import t
from ..sending import FAILURES, QUIET, nonce, png_file, reread, retried, status_of
from ..server import ServerSettings
from .positions import start
from .source import PuzzleSource
from .words import board, goal

log = logging.getLogger(__name__)

DAILY_VARIANT = "xiangqi"
OFF = "off"


def parse_time(text: str) -> int | None:
    """``HH:MM`` (UTC) as a minute of the day; ``None`` for ``off``.

    :raises BotError: for anything else."""
    clean = text.strip().lower()
    if clean == OFF:
        return None
    hours, _, minutes = clean.partition(":")
    if hours.isdigit() and (minutes.isdigit() or not minutes):
        hour, minute = int(hours), int(minutes or 0)
        if hour < 24 and minute < 60:
            return hour * 60 + minute
    raise BotError("puzzle_bad_time", text=text[:20])


def last_due_minute(minute: int, now: float) -> float:
    """The latest moment at ``minute`` past midnight UTC at or before ``now``."""
    offset = minute * 60.0
    return last_due(0, now - offset) + offset


def day_of(moment: float) -> str:
    return datetime.datetime.fromtimestamp(moment, datetime.UTC).date().isoformat()


class DailyPuzzles:
    """Each server's plan, posting a day's puzzle when due, and its count."""

    def __init__(
        self,
        store: Store,
        channels: Channels,
        server: ServerSettings,
        source: Callable[[], PuzzleSource],
        now: Callable[[], float],
    ) -> None:
        self.store = store
        self.channels = channels
        self.server = server
        self.source = source
        self.now = now
        self._plans: dict[int, tuple[int, int, float]] | None = None
        self._latest: dict[int, str] = {}  # guild -> the latest day claimed

    async def _all(self) -> dict[int, tuple[int, int, float]]:
        if self._plans is None:
            self._plans = await self.store.daily_puzzle_plans()
        return self._plans

    async def plan(self, guild_id: int) -> tuple[int, int] | None:
        """The server's channel and minute of the day, if it has a daily puzzle."""
        found = (await self._all()).get(guild_id)
        return None if found is None else found[:2]

    async def choose(self, guild_id: int, channel_id: int | None, minute: int) -> None:
        """Post the server's daily puzzle in ``channel_id`` at ``minute``, the
        first at the next such moment; ``None`` stops it."""
        now = self.now()
        await self.store.set_daily_puzzle_plan(guild_id, channel_id, minute, now)
        plans = await self._all()
        if channel_id is None:
            plans.pop(guild_id, None)
        else:
            plans[guild_id] = (channel_id, minute, now)

    async def today(self, guild_id: int) -> tuple[DailyPuzzle, Puzzle] | None:
        """The server's latest daily puzzle and its post."""
        posts = await self.store.daily_puzzles(guild_id)
        puzzle = self.source().find(posts[-1].puzzle_id) if posts else None
        return None if puzzle is None else (posts[-1], puzzle)

    async def sweep(self) -> None:
        """Post each server's puzzle of the day whose time has come."""
        now = self.now()
        for guild_id, (channel_id, minute, since) in list((await self._all()).items()):
            due = last_due_minute(minute, now)
            if due < since:
                continue
            day = day_of(due)
            if guild_id not in self._latest:
                posts = await self.store.daily_puzzles(guild_id)
                self._latest[guild_id] = posts[-1].day if posts else ""
            if self._latest[guild_id] >= day:
                continue
            await self._post(guild_id, channel_id, day)

    async def _post(self, guild_id: int, channel_id: int, day: str) -> None:
        posted = {post.puzzle_id for post in await self.store.daily_puzzles(guild_id)}
        puzzle = self.source().for_day(DAILY_VARIANT, f"{guild_id}:{day}", posted)
        if puzzle is None:
            return
        claimed = DailyPuzzle(guild_id, day, puzzle.id, channel_id, None)
        self._latest[guild_id] = day
        if not await self.store.add_daily_puzzle(claimed):
            return  # another process has this day
        lang = await self.server.language(guild_id)
        game = start(puzzle)
        picture = board(game, game.turn, Prefs(), lang, public=True)
        text = self.text(claimed, puzzle, lang, 0)
        files, once = [png_file(picture, "puzzle.png")], nonce()
        try:
            channel = await self.channels.channel(channel_id)
            message = await retried(
                lambda: channel.send(text, files=reread(files), nonce=once, allowed_mentions=QUIET),
                f"daily puzzle of guild {guild_id}",
            )
        except FAILURES as exc:
            log.info("could not post the daily puzzle of guild %s: %s", guild_id, status_of(exc))
            return
        await self.store.set_daily_puzzle_message(guild_id, day, message.id)

    def text(self, post: DailyPuzzle, puzzle: Puzzle, lang: str, solvers: int) -> str:
        game = start(puzzle)
        return "\n".join(
            (
                t(lang, "puzzle.daily.head", day=post.day, rating=puzzle.rating),
                goal(puzzle, game.turn, lang),
                t(lang, "puzzle.daily.how"),
                t(lang, "puzzle.daily.solvers", count=solvers),
            )
        )

    async def solved(self, guild_id: int, puzzle_id: str) -> None:
        """Show on the post of ``puzzle_id`` how many have solved it now."""
        posts = [p for p in await self.store.daily_puzzles(guild_id) if p.puzzle_id == puzzle_id]
        puzzle = self.source().find(puzzle_id)
        if not posts or posts[-1].message_id is None or puzzle is None:
            return
        post = posts[-1]
        assert post.message_id is not None
        count = await self.store.daily_solvers(guild_id, puzzle_id)
        lang = await self.server.language(guild_id)
        try:
            channel = await self.channels.channel(post.channel_id)
            message = partial_message(channel, post.message_id)
            if message is not None:
                await message.edit(content=self.text(post, puzzle, lang, count))
        except FAILURES as exc:
            log.info("could not count the daily puzzle of guild %s: %s", guild_id, status_of(exc))
