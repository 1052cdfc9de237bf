"""Opening a game's table: its thread (or the channel itself), the stored
game, the seated players and the first message. Shared by challenges between
people and by games against the computer, so both get the same thread name,
seats and checks."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass

import discord

from storage import ChannelBusy, NewGame

from . import boards
from . import timecontrol as tc
from .errors import BotError
from .manager import GameManager
from .names import thread_name
from .sending import QUIET
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
    game = Seating(variant, ids, names, options, rated)
    return await seat_game(services, interaction.guild_id, channel, game), channel


@dataclass(frozen=True, slots=True)
class Seating:
    """Who plays what: the players (Red, Black) and their names as typed."""

    variant: str
    ids: tuple[int, int]
    names: tuple[str, str]
    options: Mapping[str, str]
    rated: bool


async def seat_game(
    services: Services, guild_id: int | None, channel: Table, game: Seating
) -> GameManager:
    """Store the game of ``game`` played in ``channel`` (a new thread), seat its
    players there and post its first board (a tournament's rounds open their
    games this way, without an interaction)."""
    public = await services.server.language(guild_id)
    clocks = tc.start(tc.preset(game.options.get("time")), services.now())
    new = NewGame(
        guild_id=guild_id,
        channel_id=channel.id,
        variant=game.variant,
        red_id=game.ids[0],
        black_id=game.ids[1],
        options=dict(game.options),
        rated=game.rated,
        seed=secrets.randbits(62),
        red_ms=clocks.red_ms,
        black_ms=clocks.black_ms,
        deadline=clocks.deadline,
    )
    try:
        manager = await services.hub.create(new)
    except ChannelBusy:
        raise BotError("channel_busy") from None
    await seat_players(channel, manager.id, manager.variant, manager.ids, game.names, public)
    assert isinstance(channel, discord.abc.Messageable)  # a text channel or a thread
    await services.publisher.publish(await boards.opening(manager), channel)
    return manager


async def seat_against_computer(
    services: Services, interaction: discord.Interaction, me: discord.abc.User, human_red: bool
) -> tuple[tuple[int, int], tuple[str, str]]:
    """Before a game of the user against the computer (``me``): refuse a thread
    that holds a game already, defer the answer, know both players. The ids
    (Red, Black) and the names as typed."""
    assert interaction.channel_id is not None
    if isinstance(interaction.channel, discord.Thread) and services.hub.has_game(
        interaction.channel_id
    ):
        raise BotError("channel_busy")
    await interaction.response.defer()
    user = interaction.user
    await services.players.register(user)
    await services.players.register(me)
    ids = (user.id, me.id) if human_red else (me.id, user.id)
    return ids, (services.players.raw_name(ids[0]), services.players.raw_name(ids[1]))


async def announce(interaction: discord.Interaction, text: str) -> discord.Message | None:
    """Post ``text`` as the deferred answer to ``interaction``: the message a
    game's thread starts from, ``None`` when it cannot be read back (the game
    is then played in the channel itself)."""
    await interaction.followup.send(text, allowed_mentions=QUIET)
    try:
        return await interaction.original_response()
    except discord.HTTPException:
        return None
