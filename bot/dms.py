"""Direct messages: each player's private lines and board after a change, and
any other DM the bot sends.

A DM follows a committed change, so a failure is logged and never raised.
What a report told a player privately that no DM carried (DMs closed or
turned off) is kept until the game's next report, for a private ``/board``
and the actor's own answer.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import discord

from . import sending
from .channels import Channels
from .i18n import t
from .players import PlayerDirectory
from .presenter import text_of
from .report import Line, Report

log = logging.getLogger(__name__)

# The buttons a private line comes with: (game id, language) -> view.
ButtonsFor = Callable[[int, str], discord.ui.View]


class DirectMessages:
    """DMs to players, in their language and notation."""

    def __init__(self, channels: Channels, players: PlayerDirectory) -> None:
        self.channels = channels
        self.players = players
        # Buttons a private line comes with, by the line's key. A variant's cog
        # adds its own (the foul call of successor xiangqi).
        self.buttons: dict[str, ButtonsFor] = {}
        # (game id, player) -> the private lines of the game's latest report that
        # no DM carried (DMs closed or turned off): a private /board shows them.
        self._unsent: dict[tuple[int, int], list[Line]] = {}

    def forget(self, game_id: int) -> None:
        """A newer report of the game is out: news of an earlier turn is stale."""
        for key in [key for key in self._unsent if key[0] == game_id]:
            del self._unsent[key]

    async def report(self, report: Report, skip: set[int]) -> dict[int, bool | None]:
        """The report's DMs, except to ``skip`` (whose turn notice carried them);
        what did not arrive is kept for :meth:`unsent`."""
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
        make = self._buttons_for(lines)
        return text_of(lines, lang, style), make(game_id, lang) if make else None

    def _buttons_for(self, lines: list[Line]) -> ButtonsFor | None:
        return next((self.buttons[ln.key] for ln in lines if ln.key in self.buttons), None)

    async def send_private(
        self, report: Report, skip: set[int] | None = None
    ) -> dict[int, bool | None]:
        """Each player's private lines and board, by DM, when they allow DMs
        (except to ``skip``, whose turn notice carried them, and never to the bot
        itself, when it plays as the computer).

        Per player: ``True`` sent, ``False`` refused or failed, ``None`` DMs turned off.
        """
        me = self.channels.me()
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
            make = self._buttons_for(lines)
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
        if user_id == self.channels.me():
            return False  # the computer, played by the bot itself: nothing to tell it
        try:
            user = await self.channels.user(user_id)
            files = [sending.png_file(board)] if board is not None else []
            once = sending.nonce()
            if view is None:
                await sending.retried(
                    lambda: user.send(content, files=sending.reread(files), nonce=once),
                    f"DM to {user_id}",
                )
            else:
                await sending.retried(
                    lambda: user.send(content, files=sending.reread(files), nonce=once, view=view),
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
