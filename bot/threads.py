"""Game threads: their names, their members, and archiving them after the game."""

from __future__ import annotations

import logging

import discord

from . import names as shown_names
from .choices import variant_title
from .i18n import t

log = logging.getLogger(__name__)


def thread_name(game_id: int, variant: str, names: tuple[str, str], lang: str = "en") -> str:
    """``#12 Jieqi · alice vs bob`` (``#12 揭棋 · alice 对 bob``): findable by
    number, variant and players (their names without markup, see
    :mod:`bot.names`), in the server's public language."""
    players = shown_names.thread_name(*names, lang)
    title = variant_title(variant, lang)
    text = t(lang, "thread.name", game=game_id, variant=title, players=players)
    return text[: shown_names.THREAD_NAME_LIMIT]


async def seat_players(
    thread: discord.abc.GuildChannel | discord.Thread,
    game_id: int,
    variant: str,
    ids: tuple[int, int],
    names: tuple[str, str],
    lang: str = "en",
) -> None:
    """Name a new game thread (in the server's language ``lang``) and add both
    players, so it shows in their lists and its pings reach them. A failure
    leaves the game as it is."""
    if not isinstance(thread, discord.Thread):
        return
    try:
        await thread.edit(name=thread_name(game_id, variant, names, lang))
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
