"""Opening a game's table: its thread (or the channel itself), the stored
game, the seated players and the first message. Shared by challenges between
people and by games against the computer, so both get the same thread name,
seats and checks."""

from __future__ import annotations

import secrets
from collections.abc import Mapping

import discord

from storage import ChannelBusy, NewGame

from . import boards
from . import timecontrol as tc
from .errors import BotError
from .manager import GameManager
from .names import thread_name
from .services import Services
from .threads import seat_players

Table = discord.abc.GuildChannel | discord.Thread


async def game_channel(
    services: Services,
    interaction: discord.Interaction,
    message: discord.Message | None,
    names: tuple[str, str],
    lang: str,
) -> Table:
    """A new public thread on ``message``, named in the server's language
    ``lang``; the channel itself when threads are not possible here (and then
    only while it holds no other game)."""
    channel = interaction.channel
    assert isinstance(channel, discord.abc.GuildChannel | discord.Thread)
    if isinstance(channel, discord.TextChannel) and message is not None:
        try:
            return await message.create_thread(name=thread_name(*names, lang))
        except discord.HTTPException:
            pass
    if services.hub.has_game(channel.id):
        raise BotError("channel_busy")
    return channel


async def open_game(
    services: Services,
    interaction: discord.Interaction,
    message: discord.Message | None,
    *,
    variant: str,
    ids: tuple[int, int],
    names: tuple[str, str],
    options: Mapping[str, str],
    rated: bool,
) -> tuple[GameManager, Table]:
    """Store a new game between ``ids`` (Red, Black), seat its players in its
    thread and post its first board. ``names`` are the players' display names
    as typed (the thread name drops their markup)."""
    public = await services.server.language(interaction.guild_id)
    channel = await game_channel(services, interaction, message, names, public)
    clocks = tc.start(tc.preset(options.get("time")), services.now())
    new = NewGame(
        guild_id=interaction.guild_id,
        channel_id=channel.id,
        variant=variant,
        red_id=ids[0],
        black_id=ids[1],
        options=dict(options),
        rated=rated,
        seed=secrets.randbits(62),
        red_ms=clocks.red_ms,
        black_ms=clocks.black_ms,
        deadline=clocks.deadline,
    )
    try:
        manager = await services.hub.create(new)
    except ChannelBusy:
        raise BotError("channel_busy") from None
    await seat_players(channel, manager.id, manager.variant, manager.ids, names, public)
    assert isinstance(channel, discord.abc.Messageable)  # a text channel or a thread
    await services.publisher.publish(await boards.opening(manager), channel)
    return manager, channel
