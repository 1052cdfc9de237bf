"""Successor xiangqi 后继象棋 on Discord: the private foul call (H-6).

Everything else of the variant (queen moves, swaps, ``/move foul`` and
``/move 犯规``) goes through ``/move`` like any turn. What this cog adds is
the button that comes with the queen owner's private notice (a DM sent by
the publisher for the rules' ``foul_callable`` event, whose audience is that
player alone). Pressing it plays ``foul`` through ``GameManager.move``, so
the rules decide, under the game's lock, whether the window is still open;
a press after the window gets the same private refusal as ``/move foul``.

Nothing here is sent to the offender or the thread before the call: the
public line of a call comes from the rules' public events once it is made.

The button's custom id carries the game (``chuhan:hj:<game id>:foul``), so it
works in a DM and after a restart. The offer lasts exactly as long as the
window: once the game's thread gets its next message from the bot (the call
itself, or the queen owner's move), the cog takes the button off the notices
it has seen go out. A notice sent before a restart keeps its button, and a
late press is refused like any late call.
"""

from __future__ import annotations

import contextlib
import re
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from rules.pieces import Color
from rules.variants.houji.actions import CallFoul

from ...buttons import GameButton
from ...errors import GameFinished
from ...services import services_of

if TYPE_CHECKING:
    from ...client import Chuhan

NOTICE = "event.foul_callable"  # the private line the button goes with


class FoulButton(GameButton, template=r"chuhan:hj:(?P<game>\d+):foul"):
    """Call the foul in game ``game``."""

    id_format = "chuhan:hj:{game}:foul"
    label_key = "houji.call_foul"
    button_style = discord.ButtonStyle.danger

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = services_of(interaction).cogs.cog(HoujiCog)
        assert cog is not None
        await cog.on_foul_button(interaction, self.game_id)


def foul_view(game_id: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(FoulButton(game_id, lang))
    return view


def _foul_game(message: discord.Message) -> int | None:
    """The game whose foul button ``message`` carries, if any."""
    for row in message.components:
        for child in getattr(row, "children", ()):
            found = re.fullmatch(r"chuhan:hj:(\d+):foul", getattr(child, "custom_id", "") or "")
            if found:
                return int(found[1])
    return None


class HoujiCog(commands.Cog, name="Houji"):
    """The foul notice's button (named apart from the rules' ``Houji`` game)."""

    def __init__(self, bot: Chuhan) -> None:
        self.bot = bot
        # Game channel id -> (game id, the DMs whose foul button is live).
        self._notices: dict[int, tuple[int, list[discord.Message]]] = {}

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(FoulButton)  # buttons sent before a restart keep working
        self.bot.services.dms.buttons[NOTICE] = foul_view

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(FoulButton)
        self.bot.services.dms.buttons.pop(NOTICE, None)

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        """Remember the bot's foul notices; after the bot's next message in that
        game's thread, take their buttons off once the window has closed."""
        me = self.bot.user
        if me is None or message.author.id != me.id:
            return
        if message.guild is None:
            game_id = _foul_game(message)
            if game_id is not None:
                try:
                    manager = await self.bot.hub.get(game_id)
                except GameFinished:
                    return
                entry = self._notices.setdefault(manager.channel_id, (game_id, []))
                entry[1].append(message)
            return
        sent = self._notices.get(message.channel.id)
        if sent is None or self._window_open(message.channel.id):
            return
        del self._notices[message.channel.id]
        for notice in sent[1]:
            with contextlib.suppress(discord.HTTPException):  # a late press is still refused
                await notice.edit(view=None)

    def _window_open(self, channel_id: int) -> bool:
        manager = self.bot.hub.here(channel_id)
        if manager is None or manager.finished:
            return False
        game = manager.match.game
        return any(game.view(side).foul_callable for side in Color)

    async def on_foul_button(self, interaction: discord.Interaction, game_id: int) -> None:
        """Call the foul through the manager; refusals answer privately."""
        try:
            await self.bot.language_of(interaction)
            manager = await self.bot.hub.get(game_id)
            manager.side_of(interaction.user.id)
            await interaction.response.defer(ephemeral=True, thinking=True)
            report = await manager.move(interaction.user.id, CallFoul().text)
            await self.bot.services.publisher.acknowledge(interaction, report, "done.foul")
        except Exception as exc:
            await self.bot.reply_error(interaction, exc)


async def setup(bot: Chuhan) -> None:
    await bot.add_cog(HoujiCog(bot))
