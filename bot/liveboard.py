"""One live board per game: only the newest board message of a game carries
the picture. When a new board is posted, the previous board message loses its
picture and keeps a one-line record of what it announced, so a thread reads as
the game's history in text with the current board at the bottom.

The record is built from the report's public lines only (``Report.record``),
so an edited message never says more than the message it replaces did. A
board in one Components V2 message (``bot/layout.py``) is retired the same
way, into a V2 message holding its record.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC, datetime

import discord

from storage import Store

from .channels import Channels, partial_message
from .layout import BOARD_NAME, first_line, is_layout, record_view
from .report import Report

log = logging.getLogger(__name__)

HISTORY_LIMIT = 100  # messages read back, after a restart, to find the last board
CLOCK_SLACK = 1.0  # seconds: the game's first message may bear its creation's millisecond
QUIET = discord.AllowedMentions.none()


@dataclass(frozen=True, slots=True)
class Shown:
    """A game's current board message and the record it keeps once replaced."""

    message: discord.Message
    record: str


class LiveBoards:
    """Which message shows each game's board, and retiring the one before."""

    def __init__(self, channels: Channels, store: Store) -> None:
        self.channels = channels
        self.store = store
        self._latest: dict[int, Shown] = {}  # game id -> its board message
        self._copies: dict[int, list[int]] = {}  # game id -> ids of public /board copies

    async def replace(
        self,
        report: Report,
        channel: discord.abc.Messageable,
        message: discord.Message,
        record: str,
        waiting: int | None = None,
    ) -> None:
        """``message`` now shows the board of ``report``'s game; the message that
        showed it before keeps its record only (and its answer buttons if it is
        ``waiting``, the message of a request still unanswered). A game's last
        board (its result) is never replaced, so it is not remembered."""
        game_id = report.game_id
        old = self._latest.pop(game_id, None)  # taken before any pause: no two callers share it
        copies = self._copies.pop(game_id, [])
        if old is not None and old.message.id > message.id:  # a newer board got out first
            self._latest[game_id] = old
            await self._drop(copies, channel)
            await self._retire(message, record, waiting)
            return
        if not report.over:
            self._latest[game_id] = Shown(message, record)
        await self._drop(copies, channel)
        if old is not None:
            await self._retire(old.message, old.record, waiting)
            return
        for stale in await self._left_behind(game_id, channel, message):
            # as in the classic layout, a request's answers stay: one that lapsed
            # across the restart refuses when pressed and loses them then
            await self._retire(stale, first_line(stale), stale.id)

    def copied(self, game_id: int, message_id: int) -> None:
        """A public ``/board`` posted a copy of a running game's board: it goes
        when the next board is posted, so the thread keeps a single board."""
        self._copies.setdefault(game_id, []).append(message_id)

    async def _drop(self, copies: list[int], channel: discord.abc.Messageable) -> None:
        for message_id in copies:
            copy = partial_message(channel, message_id)
            if copy is None:
                continue
            try:
                await copy.delete()
            except discord.HTTPException as exc:
                log.info("could not delete the board copy %s: %s", message_id, exc.status)

    async def _left_behind(
        self, game_id: int, channel: discord.abc.Messageable, newest: discord.Message
    ) -> list[discord.Message]:
        """Board messages of the game this process does not know of (posted before
        a restart): the bot's own messages with a board picture in the game's
        channel since the game was created. Their record is their first line,
        the move they announced."""
        me = self.channels.me()
        if me is None:
            return []
        try:
            created = (await self.store.load_game(game_id)).created_at
            since = datetime.fromtimestamp(created - CLOCK_SLACK, UTC)
            found = [
                message
                async for message in channel.history(
                    limit=HISTORY_LIMIT, before=newest, after=since
                )
                if message.author.id == me
                and any(a.filename == BOARD_NAME for a in message.attachments)
            ]
        except discord.HTTPException as exc:
            log.info("could not read back the boards of game %s: %s", game_id, exc.status)
            return []
        return found

    async def _retire(self, message: discord.Message, record: str, waiting: int | None) -> None:
        """Drop a board message's picture; its text becomes its record (its buttons,
        a request still waiting for an answer, stay: a V2 message's are put
        back if it is the ``waiting`` one)."""
        try:
            if is_layout(message):
                view = record_view(message, record, answers=message.id == waiting)
                await message.edit(view=view, attachments=[], allowed_mentions=QUIET)
            else:
                await message.edit(content=record, attachments=[], allowed_mentions=QUIET)
        except discord.HTTPException as exc:
            log.info("could not retire the board message %s: %s", message.id, exc.status)
