"""Helpers of the issue-12 tests: a server admin, and set-ups shared by files."""

from __future__ import annotations

import discord
import simcord


def admin(table) -> simcord.MemberActor:
    """A member who may manage the server (and so run /serversettings)."""
    role = table.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    return table.guild.add_member(table.env.create_user("mod"), roles=[role])


async def server_settings(table, **options) -> str:
    result = await admin(table).slash(table.channel, "serversettings", **options)
    return result.response.content
