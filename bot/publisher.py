"""The one way out: every report of a game change reaches Discord here.

:meth:`Publisher.publish` sends a report in one fixed order:

1. the public post in the game's channel (the server's language and
   notation; never a mention but the ping of the players waited for, which
   rides in it; the answer buttons of a new request; for a result, the
   Rematch button, a Review button when the reviews offer one, and the move
   list), the older board message retired to its record (``liveboard.py``);
2. the turn notices (``notices.py``): DMs and pings apart;
3. each player's private lines and board by DM (``dms.py``), except to
   those whose notice carried them;
4. the ending (``ending.py``): a finished game's thread is archived later.

Reports of one game go out in the order of their commits: the publisher
subscribes to the hub's ``committed`` event and a report waits while one
committed before it is still on its way (at most :data:`ORDER_WAIT`
seconds; a report that is dropped unpublished no longer holds the others
up). So the computer's answer, found before the move it answers is out, is
announced after it. A player's conditional answer (``report.then``) goes
out right after the move it answers, and only it carries the turn notice.
The entry is already committed, so a Discord failure
is logged, never raised.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from dataclasses import dataclass
from typing import Any

import discord

from . import sending
from .buttons import request_view
from .channels import Channels
from .dms import DirectMessages
from .ending import Endings
from .hub import GameHub
from .i18n import t
from .layout import live_view, without_buttons
from .liveboard import LiveBoards
from .manager import GameManager
from .notices import Notifier, Plan
from .players import PlayerDirectory
from .presenter import say, text_of
from .report import Report
from .sending import MESSAGE_LIMIT, QUIET, png_file, text_file
from .server import ServerSettings

log = logging.getLogger(__name__)

RECORD_JOIN = " · "  # between the lines of a retired board's one-line record
ORDER_WAIT = 30.0  # seconds a report waits for the reports committed before it


@dataclass(frozen=True, slots=True)
class Published:
    """What became of a report: its public message (``None`` if it could not be
    posted) and, per player, whether their DM arrived (see ``DirectMessages``)."""

    message: discord.Message | None
    sent: dict[int, bool | None]


class Publisher:
    """Sends reports (see the module docstring)."""

    def __init__(
        self,
        channels: Channels,
        hub: GameHub,
        server: ServerSettings,
        players: PlayerDirectory,
        notifier: Notifier,
        dms: DirectMessages,
        endings: Endings,
    ) -> None:
        self.channels = channels
        self.hub = hub
        self.server = server
        self.players = players
        self.notifier = notifier
        self.dms = dms
        self.endings = endings
        self.boards = LiveBoards(channels, hub.store)
        self._told_closed: set[tuple[int, int]] = set()  # (game, player) told their DMs are closed
        self._asks: dict[int, discord.Message] = {}  # game id -> its request's message
        # game id -> its reports committed and not yet out, in the order of their commits
        self._owed: dict[int, list[weakref.ref[Report]]] = {}
        self._waiting: list[asyncio.Future[None]] = []
        hub.subscribe(self._committed)

    # -- the order of a game's reports ------------------------------------------

    def _committed(self, manager: GameManager, report: Report) -> None:
        self._owed.setdefault(report.game_id, []).append(weakref.ref(report, self._gone))

    def _gone(self, _: weakref.ref[Report]) -> None:
        self._wake()  # a report dropped unpublished: those after it may go

    def _wake(self) -> None:
        waiting, self._waiting = self._waiting, []
        for waiter in waiting:
            if not waiter.done():
                waiter.set_result(None)

    def _behind(self, report: Report) -> bool:
        """Whether a report of the same game committed before ``report`` is still owed."""
        owed = self._owed.get(report.game_id, [])
        place = next((i for i, ref in enumerate(owed) if ref() is report), None)
        return place is not None and any(ref() is not None for ref in owed[:place])

    async def _await_turn(self, report: Report) -> None:
        loop = asyncio.get_running_loop()
        until = loop.time() + ORDER_WAIT
        while self._behind(report):
            waiter = loop.create_future()
            self._waiting.append(waiter)
            try:
                await asyncio.wait_for(waiter, max(0.0, until - loop.time()))
            except TimeoutError:
                log.warning("game %s: a report went out before an earlier one", report.game_id)
                return

    def _done(self, report: Report) -> None:
        owed = [ref for ref in self._owed.pop(report.game_id, []) if ref() not in (None, report)]
        if owed:
            self._owed[report.game_id] = owed
        self._wake()

    # -- publishing ---------------------------------------------------------------

    async def publish(
        self, report: Report, channel: discord.abc.Messageable | None = None
    ) -> Published:
        """Send ``report`` (in ``channel``, else its game's), in the fixed order."""
        await self._await_turn(report)
        try:
            published = await self._deliver(report, channel)
        finally:
            self._done(report)
        if report.then is not None:  # a conditional answer: its notice is the one that counts
            await self.publish(report.then, channel)
        return published

    async def _deliver(self, report: Report, channel: discord.abc.Messageable | None) -> Published:
        self.dms.forget(report.game_id)  # news of an earlier turn is stale now
        try:
            target = channel or await self.channels.channel(report.channel_id)
        except discord.HTTPException:
            log.exception("could not find the channel of game %s", report.game_id)
            return Published(None, await self.dms.report(report, set()))
        try:
            plan = None if report.then is not None else await self.notifier.plan(report)
        except Exception:  # a notice must never keep the move from being shown
            log.exception("could not plan the notice of game %s", report.game_id)
            plan = None
        message = await self._post(report, target, plan)
        told = await self._notices(report, plan) if message is not None else set()
        sent = await self.dms.report(report, told)
        if message is not None and report.over:
            self.endings.plan_archive(target)
        return Published(message, sent)

    async def _post(
        self, report: Report, target: discord.abc.Messageable, plan: Plan | None
    ) -> discord.Message | None:
        """The public message: the report's lines with the ping of whoever the
        game waits for, the board, and the buttons; ``None`` if it failed."""
        guild = getattr(target, "guild", None)
        public = await self.server.style(guild.id if guild else None)
        lang, style = public.language, public.notation
        kwargs: dict[str, Any] = {"allowed_mentions": QUIET}
        ping, pinged = await self.notifier.inline(plan, lang) if plan else ("", [])
        if pinged:  # the mention is allowed for the players waited for alone
            kwargs["allowed_mentions"] = discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(u) for u in pinged]
            )
        files = [png_file(report.board)] if report.board is not None else []
        if report.request is not None:
            kwargs["view"] = request_view(report.game_id, report.request.kind, lang)
        if report.over:
            kwargs["view"] = self.endings.view(report.game_id, lang)
        try:
            text = "\n".join(filter(None, [text_of(report.lines, lang, style), ping]))
            if report.over:  # the opening and the move list follow the result
                text = "\n".join([text, *await self.endings.opening(report.game_id, lang)])
                moves = await self.endings.move_list(report.game_id, lang, style)
                if len(text) + len(moves) < MESSAGE_LIMIT:
                    text = "\n".join(filter(None, [text, moves]))
                else:
                    files.append(text_file(moves, f"moves-{report.game_id}.txt"))
            content: str | None = text
            if public.board == "modern" and report.board is not None:  # one V2 message
                kwargs["view"] = live_view(report, text, lang, style, kwargs.get("view"), files)
                content = None
            once = sending.nonce()
            message = await sending.retried(
                lambda: target.send(content, files=sending.reread(files), nonce=once, **kwargs),
                f"report of game {report.game_id}",
            )
            await self.notifier.settle()
        except sending.FAILURES:
            log.exception("could not announce game %s in %s", report.game_id, report.channel_id)
            return None
        await self._retire_request(report, message)
        if report.board is not None:
            record = RECORD_JOIN.join(say(line, lang, style) for line in report.record)
            record = (record or text.partition("\n")[0])[:MESSAGE_LIMIT]
            asked = self._asks.get(report.game_id)  # a request's message still unanswered
            waiting = asked.id if asked is not None else None
            await self.boards.replace(report, target, message, record, waiting)
        return message

    async def _notices(self, report: Report, plan: Plan | None) -> set[int]:
        """The notice's DMs and pings apart; who got a DM with their private lines."""
        if plan is None:
            return set()
        try:
            told = await self.notifier.deliver(plan, report)
            await self.notifier.fallback(plan, told)
        except Exception:  # the public message is out; a lost notice is logged, not raised
            log.exception("could not send the notices of game %s", report.game_id)
            return set()
        return told

    async def _retire_request(self, report: Report, message: discord.Message) -> None:
        """Keep the message of a pending request; once the request is answered,
        has lapsed, or the game is over, its buttons go."""
        asked = self._asks.pop(report.game_id, None)
        if report.request is not None:
            self._asks[report.game_id] = message
        manager = self.hub.here(report.channel_id)
        pending = manager.match.pending if manager and manager.id == report.game_id else None
        if asked is None or asked.id == message.id:
            return
        if pending is not None and report.request is None:
            self._asks[report.game_id] = asked  # still waiting for its answer
            return
        try:
            await asked.edit(**without_buttons(asked))
        except discord.HTTPException as exc:
            log.info("could not drop the buttons of game %s: %s", report.game_id, exc.status)

    async def drop_buttons(self, message: discord.Message | None) -> None:
        """Remove a message's buttons (a request answered or lapsed before a restart)."""
        if message is None:
            return
        try:
            await message.edit(**without_buttons(message))
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
        published = await self.publish(report)
        sent = published.sent
        note = say(report.note, lang, style) if report.note else t(lang, done_key)
        if published.message is None:
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
