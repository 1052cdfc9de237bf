"""The sandbox's SimCord world: one server, a ``#xiangqi`` channel, three members.

The browser preview shows one channel and no DMs, so the world is built to use
the bot's own fallbacks: the bot may not create threads in ``#xiangqi`` (a game
is played in the channel itself) and every DM fails with Discord's 50007 (a
player's private board comes from ``/board private:true``, as an ephemeral
reply). Since no DM can arrive, a new sandbox also turns every member's DMs
off (see ``turn_dms_off``): the channel's topic says once that there are none,
instead of the bot telling each player, at each game, that theirs are closed.
The world is built before the clock moves and in a fixed order, so its
ids are the same at every start and the games kept in the file find their
channel and players again.
"""

from __future__ import annotations

from dataclasses import dataclass

import discord
import simcord

from ..players import PlayerDirectory

CHANNEL = "xiangqi"
PLAYERS = ("alice", "bob")
SPECTATOR = "carol"
TOPIC = (
    "Try /challenge, then /move. Games are played here, and there are no DMs:"
    " private boards come from /board private:true"
)
CANNOT_DM = 50007  # Discord: "Cannot send messages to this user"


@dataclass(frozen=True, slots=True)
class World:
    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    members: tuple[simcord.MemberActor, ...]  # the two players, then the spectator

    def latest_seen(self, member: simcord.MemberActor) -> int | None:
        """The newest message of ``#xiangqi`` that ``member`` sees (not another's
        ephemeral reply), where their page opens."""
        seen = self.channel.history(viewer=member)
        return seen[-1].id if seen else None


def build_world(env: simcord.Env) -> World:
    """Create the world in ``env`` before it starts (see the module docstring)."""
    env.backend.edit_bot_profile("Chuhan")
    guild = env.create_guild("Chuhan sandbox")
    no_threads = discord.PermissionOverwrite(
        create_public_threads=False, create_private_threads=False
    )
    channel = guild.create_text_channel(
        CHANNEL,
        topic=TOPIC,
        overwrites={guild.default_role: no_threads},
    )
    members = tuple(guild.add_member(env.create_user(name)) for name in (*PLAYERS, SPECTATOR))
    for member in members:
        env.inject_error(
            "POST",
            f"/channels/{member.user.dm_channel.id}/messages",
            status=403,
            code=CANNOT_DM,
            message="Cannot send messages to this user",
            times=None,
        )
    return World(guild, channel, members)


async def turn_dms_off(players: PlayerDirectory, world: World) -> None:
    """Every member's DMs off, as with ``/settings dm:false``: the bot then tries
    none and keeps what a DM would say for the member's own answers and
    ``/board private:true``. Done for a new sandbox only, so a member who turns
    them on again keeps that choice."""
    for member in world.members:
        await players.update_prefs(member.id, dm_notifications=False)
