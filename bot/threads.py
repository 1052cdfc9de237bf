"""Game threads: their names, their members, and archiving them after the game."""

from __future__ import annotations

import logging

import discord

from rules.variant import find_variant

from . import names as shown_names

log = logging.getLogger(__name__)


def thread_name(game_id: int, variant: str, names: tuple[str, str]) -> str:
    """``#12 Jieqi · alice vs bob``: findable by number, variant and players
    (their names without markup, see :mod:`bot.names`)."""
    title = find_variant(variant).title_en
    players = shown_names.thread_name(*names)
    return f"#{game_id} {title} · {players}"[: shown_names.THREAD_NAME_LIMIT]


async def seat_players(
    thread: discord.abc.GuildChannel | discord.Thread,
    game_id: int,
    variant: str,
    ids: tuple[int, int],
    names: tuple[str, str],
) -> None:
    """Name a new game thread and add both players, so it shows in their lists and
    its pings reach them. A failure leaves the game as it is."""
    if not isinstance(thread, discord.Thread):
        return
    try:
        await thread.edit(name=thread_name(game_id, variant, names))
    except discord.HTTPException as exc:
        log.info("could not name the thread of game %s: %s", game_id, exc.status)
    me = thread.guild.me
    for user_id in ids:
        if me is not None and user_id == me.id:
            continue  # the computer: the bot is in its own thread already
        try:
            await thread.add_user(discord.Object(user_id))
        except discord.HTTPException as exc:
            log.info("could not add a player to game %s: %s", game_id, exc.status)
