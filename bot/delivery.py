"""Sending reports: the public board message and the private DMs.

Public messages never mention anyone and only ever carry what a report marks
public (built from ``game.view(None)`` and events without an audience).
"""

from __future__ import annotations

import io
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

from .buttons import request_view
from .i18n import t
from .players import PlayerDirectory
from .presenter import say, text_of
from .report import Line, Report

if TYPE_CHECKING:
    from .client import Chuhan

log = logging.getLogger(__name__)
QUIET = discord.AllowedMentions.none()


def png_file(data: bytes, name: str = "board.png") -> discord.File:
    return discord.File(io.BytesIO(data), filename=name)


class Announcer:
    """Turns reports into Discord messages."""

    def __init__(self, bot: Chuhan, players: PlayerDirectory) -> None:
        self.bot = bot
        self.players = players
        # Called with each report and its public message (``None`` if it could
        # not be posted) once it is out: the computer opponent answers from here.
        self.published: list[Callable[[Report, discord.Message | None], None]] = []

    async def channel(self, channel_id: int) -> discord.abc.Messageable:
        channel = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)
        assert isinstance(channel, discord.abc.Messageable)
        return channel

    async def publish(
        self, report: Report, channel: discord.abc.Messageable | None = None
    ) -> discord.Message | None:
        """Post the report's public message in its game channel, then its DMs.

        The words follow the language and notation of ``report.reader_id``.
        The entry is already committed, so a Discord failure here is logged
        and ``None`` returned, never raised.
        """
        lang = await self.players.language(report.reader_id)
        style = (await self.players.prefs(report.reader_id)).notation
        kwargs: dict[str, Any] = {"allowed_mentions": QUIET}
        if report.board is not None:
            kwargs["file"] = png_file(report.board)
        if report.request is not None:
            kwargs["view"] = request_view(report.game_id, report.request.kind, lang)
        try:
            target = channel or await self.channel(report.channel_id)
            message = await target.send(text_of(report.lines, lang, style), **kwargs)
        except discord.HTTPException:
            log.exception("could not announce game %s in %s", report.game_id, report.channel_id)
            self._announced(report, None)
            return None
        try:
            await self.send_private(report)
        except Exception:  # the public message is out; a lost DM must not look like a refusal
            log.exception("could not send the private messages of game %s", report.game_id)
        self._announced(report, message)
        return message

    def _announced(self, report: Report, message: discord.Message | None) -> None:
        for hook in self.published:
            hook(report, message)

    async def acknowledge(
        self, interaction: discord.Interaction, report: Report, done_key: str, **edit: Any
    ) -> None:
        """Publish the report of the actor's deferred interaction, then answer them
        privately: the report's note, else ``done_key``, and a warning when the
        public message could not be posted (the change stands all the same).
        ``edit`` goes to the edit of their answer (``view=None`` drops a menu)."""
        user_id = interaction.user.id
        lang = await self.players.language(user_id, interaction.locale)
        style = (await self.players.prefs(user_id)).notation
        posted = await self.publish(report)
        note = say(report.note, lang, style) if report.note else t(lang, done_key)
        if posted is None:
            note += "\n" + t(lang, "error.not_announced")
        await interaction.edit_original_response(content=note, **edit)

    async def send_private(self, report: Report) -> None:
        """Each player's private lines and board, by DM, when they allow DMs
        (never to the bot itself, when it plays as the computer)."""
        me = self.bot.user.id if self.bot.user is not None else None
        for user_id in {*report.private, *report.private_boards} - {me}:
            prefs = await self.players.prefs(user_id)
            if not prefs.dm_notifications:
                continue
            lang = await self.players.language(user_id)
            content = text_of(report.private.get(user_id, []), lang, prefs.notation)
            board = report.private_boards.get(user_id)
            await self.dm(user_id, content or t(lang, "dm.your_view"), board)

    async def dm(self, user_id: int, content: str, board: bytes | None = None) -> bool:
        """Send a DM; ``False`` when it did not arrive.

        A DM follows a committed change, so a failure is logged and never raised:
        the player would otherwise be told that nothing changed.
        """
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            kwargs = {"file": png_file(board)} if board is not None else {}
            await user.send(content, **kwargs)
        except (discord.Forbidden, discord.NotFound) as exc:
            log.info("DM to %s refused: %s", user_id, exc.status)
            return False
        except discord.HTTPException as exc:
            log.warning("DM to %s failed: %s", user_id, exc.status)
            return False
        return True

    async def lines_to(self, user_id: int, lines: list[Line]) -> bool:
        """DM some lines to a player in their language."""
        lang = await self.players.language(user_id)
        style = (await self.players.prefs(user_id)).notation
        return await self.dm(user_id, text_of(lines, lang, style))
