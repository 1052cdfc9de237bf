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


async def whole_rules(table, actor: simcord.MemberActor, variant: str) -> str:
    """Every section of ``/rules variant`` as ``actor`` reads them in the
    table's channel, one button after the other (a page shows one section)."""
    answer = (await actor.slash(table.channel, "rules", variant=variant)).response
    texts = [answer.content]
    buttons = [c["custom_id"] for row in answer.components for c in row["components"]]
    for custom_id in buttons[1:]:
        await actor.click(answer, custom_id=custom_id)
        texts.append(table.env.backend.get_message(answer.channel_id, answer.id).content)
    return "\n\n".join(texts)
