"""Sending reports: the public board message and the private DMs.

Public messages never mention anyone and only ever carry what a report marks
public (built from ``game.view(None)`` and events without an audience).
"""

from __future__ import annotations

import io
import logging
from collections.abc import Callable
from typing import Any

import discord

from . import sending
from .buttons import request_view
from .i18n import t
from .liveboard import LiveBoards
from .players import PlayerDirectory
from .presenter import say, text_of
from .report import Line, Report

log = logging.getLogger(__name__)
QUIET = discord.AllowedMentions.none()
MESSAGE_LIMIT = 2000  # characters in a Discord message
RECORD_JOIN = " · "  # between the lines of a retired board's one-line record


def png_file(data: bytes, name: str = "board.png") -> discord.File:
    return discord.File(io.BytesIO(data), filename=name)


def text_file(text: str, name: str) -> discord.File:
    return discord.File(io.BytesIO(text.encode()), filename=name)


class Announcer:
    """Turns reports into Discord messages."""

    def __init__(self, bot: discord.Client, players: PlayerDirectory) -> None:
        self.bot = bot
        self.players = players
        # Buttons a private line comes with, by the line's key: (game id, language) -> view.
        # A variant's cog adds its own (the foul call of successor xiangqi).
        self.buttons: dict[str, Callable[[int, str], discord.ui.View]] = {}
        self._told_closed: set[tuple[int, int]] = set()  # (game, player) told their DMs are closed
        self._asks: dict[int, discord.Message] = {}  # game id -> its request's message
        # game id -> who got its latest report's private lines in a turn notice
        self._noticed: dict[int, set[int]] = {}
        # (game id, player) -> the private lines of the game's latest report that
        # no DM carried (DMs closed or turned off): a private /board shows them.
        self._unsent: dict[tuple[int, int], list[Line]] = {}
        # Called with each report and its public message (``None`` if it could
        # not be posted) once it is out: the computer opponent answers from here.
        self.published: list[Callable[[Report, discord.Message | None], None]] = []
        self.boards = LiveBoards(bot)

    async def channel(self, channel_id: int) -> discord.abc.Messageable:
        channel = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)
        assert isinstance(channel, discord.abc.Messageable)
        return channel

    async def publish(
        self, report: Report, channel: discord.abc.Messageable | None = None, *, dms: bool = True
    ) -> discord.Message | None:
        """Post the report's public message in its game channel, then (with ``dms``) its DMs.

        The words follow the server's public language and notation (everyone
        in the thread reads them). The entry is already committed, so a
        Discord failure here is logged and ``None`` returned, never raised.
        """
        for key in [key for key in self._unsent if key[0] == report.game_id]:
            del self._unsent[key]  # news of an earlier turn is stale now
        try:
            target = channel or await self.channel(report.channel_id)
        except discord.HTTPException:
            log.exception("could not find the channel of game %s", report.game_id)
            self._announced(report, None)
            return None
        guild = getattr(target, "guild", None)
        public = await self.bot.server.style(guild.id if guild else None)
        lang, style = public.language, public.notation
        kwargs: dict[str, Any] = {"allowed_mentions": QUIET}
        notifier = self.bot.notifier
        try:
            plan = await notifier.plan(report)
        except Exception:  # a notice must never keep the move from being shown
            log.exception("could not plan the notice of game %s", report.game_id)
            plan = None
        ping, pinged = await notifier.inline(plan, lang) if plan else ("", [])
        if pinged:  # the mention is allowed for the players waited for alone
            kwargs["allowed_mentions"] = discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(u) for u in pinged]
            )
        files = [png_file(report.board)] if report.board is not None else []
        if report.request is not None:
            kwargs["view"] = request_view(report.game_id, report.request.kind, lang)
        if report.over:
            kwargs["view"] = self.bot.endings.view(report.game_id, lang)
        try:
            text = "\n".join(filter(None, [text_of(report.lines, lang, style), ping]))
            if report.over:  # the move list follows the result, as a file when long
                moves = await self.bot.endings.move_list(report.game_id, lang, style)
                if len(text) + len(moves) < MESSAGE_LIMIT:
                    text = "\n".join(filter(None, [text, moves]))
                else:
                    files.append(text_file(moves, f"moves-{report.game_id}.txt"))
            once = sending.nonce()
            message = await sending.retried(
                lambda: target.send(text, files=sending.reread(files), nonce=once, **kwargs),
                f"report of game {report.game_id}",
            )
            await notifier.settle()
        except sending.FAILURES:
            log.exception("could not announce game %s in %s", report.game_id, report.channel_id)
            self._announced(report, None)
            return None
        await self._retire_request(report, message)
        if report.board is not None:
            record = RECORD_JOIN.join(say(line, lang, style) for line in report.record)
            record = (record or text.partition("\n")[0])[:MESSAGE_LIMIT]
            await self.boards.replace(report, target, message, record)
        told: set[int] = set()
        try:
            told = await notifier.deliver(plan, report) if plan else set()
            if plan:
                await notifier.fallback(plan, told)
            if report.over:
                self.bot.endings.plan_archive(target)
        except Exception:  # the public message is out; a lost notice is logged, not raised
            log.exception("could not send the notices of game %s", report.game_id)
        self._noticed[report.game_id] = told
        if dms:
            await self._send_private_logged(report)
        self._announced(report, message)
        return message

    def _announced(self, report: Report, message: discord.Message | None) -> None:
        for hook in self.published:
            hook(report, message)

    async def _send_private_logged(self, report: Report) -> dict[int, bool | None]:
        """The report's DMs, except to those whose turn notice carried them."""
        skip = self._noticed.pop(report.game_id, set())
        try:
            sent = await self.send_private(report, skip)
        except Exception:  # the public message is out; a lost DM must not look like a refusal
            log.exception("could not send the private messages of game %s", report.game_id)
            return {}
        for user_id, arrived in sent.items():
            if not arrived and report.private.get(user_id):
                self._unsent[(report.game_id, user_id)] = report.private[user_id]
        return sent

    def unsent(
        self, game_id: int, user_id: int, lang: str, style: str
    ) -> tuple[str, discord.ui.View | None]:
        """What the latest turn told ``user_id`` privately that no DM carried,
        in their words, with the buttons it comes with ('' when nothing)."""
        lines = self._unsent.get((game_id, user_id), [])
        make = next((self.buttons[ln.key] for ln in lines if ln.key in self.buttons), None)
        return text_of(lines, lang, style), make(game_id, lang) if make else None

    async def _retire_request(self, report: Report, message: discord.Message) -> None:
        """Keep the message of a pending request; once the request is answered,
        has lapsed, or the game is over, its buttons go."""
        asked = self._asks.pop(report.game_id, None)
        if report.request is not None:
            self._asks[report.game_id] = message
        manager = self.bot.hub.here(report.channel_id)
        pending = manager.match.pending if manager and manager.id == report.game_id else None
        if asked is None or asked.id == message.id:
            return
        if pending is not None and report.request is None:
            self._asks[report.game_id] = asked  # still waiting for its answer
            return
        try:
            await asked.edit(view=None)
        except discord.HTTPException as exc:
            log.info("could not drop the buttons of game %s: %s", report.game_id, exc.status)

    async def drop_buttons(self, message: discord.Message | None) -> None:
        """Remove a message's buttons (a request answered or lapsed before a restart)."""
        if message is None:
            return
        try:
            await message.edit(view=None)
        except discord.HTTPException as exc:
            log.info("could not drop the buttons of message %s: %s", message.id, exc.status)

    async def acknowledge(
        self, interaction: discord.Interaction, report: Report, done_key: str, **edit: Any
    ) -> None:
        """Publish the report of the actor's deferred interaction, then answer them
        privately: the report's note, else ``done_key``, and a warning when the
        public message could not be posted (the change stands all the same).
        What their DM would have told them, when it could not be sent (or they
        turned DMs off), is in this answer too, and the first refused DM of a
        game says so. ``edit`` goes to the edit of their answer (``view=None``
        drops a menu)."""
        user_id = interaction.user.id
        lang = await self.players.language(user_id, interaction.locale)
        style = (await self.players.prefs(user_id)).notation
        posted = await self.publish(report, dms=False)
        sent = await self._send_private_logged(report)
        note = say(report.note, lang, style) if report.note else t(lang, done_key)
        if posted is None:
            note += "\n" + t(lang, "error.not_announced")
        if user_id in sent and not sent[user_id]:
            lines = report.private.get(user_id, [])
            if lines:
                note += "\n" + text_of(lines, lang, style)
            board = report.private_boards.get(user_id)
            if board is not None:
                edit["attachments"] = [png_file(board, "your-board.png")]
            if sent[user_id] is False and (report.game_id, user_id) not in self._told_closed:
                self._told_closed.add((report.game_id, user_id))
                note += "\n" + t(lang, "dm.closed_here")
        await interaction.edit_original_response(content=note[:MESSAGE_LIMIT], **edit)

    async def send_private(
        self, report: Report, skip: set[int] | None = None
    ) -> dict[int, bool | None]:
        """Each player's private lines and board, by DM, when they allow DMs
        (except to ``skip``, whose turn notice carried them, and never to the bot
        itself, when it plays as the computer).

        Per player: ``True`` sent, ``False`` refused or failed, ``None`` DMs turned off.
        """
        me = self.bot.user.id if self.bot.user is not None else None
        sent: dict[int, bool | None] = {}
        for user_id in {*report.private, *report.private_boards} - (skip or set()) - {me}:
            prefs = await self.players.prefs(user_id)
            if not prefs.dm_notifications:
                sent[user_id] = None
                continue
            lang = await self.players.language(user_id)
            lines = report.private.get(user_id, [])
            content = text_of(lines, lang, prefs.notation)
            board = report.private_boards.get(user_id)
            make = next((self.buttons[ln.key] for ln in lines if ln.key in self.buttons), None)
            view = make(report.game_id, lang) if make is not None else None
            sent[user_id] = await self.dm(user_id, content or t(lang, "dm.your_view"), board, view)
        return sent

    async def dm(
        self,
        user_id: int,
        content: str,
        board: bytes | None = None,
        view: discord.ui.View | None = None,
    ) -> bool:
        """Send a DM (with ``view``'s buttons, if any); ``False`` when it did not arrive.

        A DM follows a committed change, so a failure is logged and never raised:
        the player would otherwise be told that nothing changed.
        """
        if self.bot.user is not None and user_id == self.bot.user.id:
            return False  # the computer, played by the bot itself: nothing to tell it
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            files = [png_file(board)] if board is not None else []
            kwargs: dict[str, Any] = {"view": view} if view is not None else {}
            once = sending.nonce()
            await sending.retried(
                lambda: user.send(content, files=sending.reread(files), nonce=once, **kwargs),
                f"DM to {user_id}",
            )
        except (discord.Forbidden, discord.NotFound) as exc:
            # DEBUG, not INFO: whether a DM was tried at all can follow a secret
            # (a callable foul, a captured face-down piece).
            log.debug("DM to %s refused: %s", user_id, exc.status)
            return False
        except sending.FAILURES as exc:
            log.warning("DM to %s failed: %s", user_id, sending.status_of(exc))
            return False
        return True

    async def lines_to(self, user_id: int, lines: list[Line]) -> bool:
        """DM some lines to a player in their language."""
        lang = await self.players.language(user_id)
        style = (await self.players.prefs(user_id)).notation
        return await self.dm(user_id, text_of(lines, lang, style))
