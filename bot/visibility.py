"""Who may see a game's record (its export): its players, and members of the
server it was played in. Game numbers are sequential, so to anyone else a game
must look exactly like one that does not exist."""

from __future__ import annotations

import discord

from storage import GameRecord


async def may_see(
    client: discord.Client, record: GameRecord, user_id: int, guild_id: int | None
) -> bool:
    """Whether ``user_id``, asking from ``guild_id`` (``None``: a DM), may see ``record``."""
    if user_id in (record.red_id, record.black_id):
        return True
    if record.guild_id is None:
        return False
    if guild_id == record.guild_id:
        return True
    return await _is_member(client, record.guild_id, user_id)


async def _is_member(client: discord.Client, guild_id: int, user_id: int) -> bool:
    """Asked of Discord: the bot has no member list (no privileged intent)."""
    guild = client.get_guild(guild_id)
    if guild is None:  # the bot has left that server: nobody is vouched for
        return False
    try:
        await guild.fetch_member(user_id)
    except discord.HTTPException:  # NotFound: not a member; anything else: do not guess
        return False
    return True
