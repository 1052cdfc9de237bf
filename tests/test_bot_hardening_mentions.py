"""Nobody is pinged unless a message addresses them; display names never format, link
or mention (a challenge from "@here Bob" pings no one)."""

from __future__ import annotations

import discord
import simcord

from tests.conftest import Table, button


def pings(env: simcord.Env, message: discord.Message) -> tuple[bool, set[int], set[int]]:
    """Whom Discord notified for ``message``: everyone?, users, roles."""
    stored = env.backend.get_message(message.channel.id, message.id)
    return stored.mention_everyone, set(stored.ping_user_ids), set(stored.ping_role_ids)


def players_only(env: simcord.Env, message: discord.Message, table: Table) -> bool:
    """The message pings no one but the game's players (a turn notice addresses one)."""
    everyone, users, roles = pings(env, message)
    return not everyone and not roles and users <= {table.alice.id, table.bob.id}


def hostile_table(env: simcord.Env) -> tuple[Table, simcord.RoleHandle]:
    guild = env.create_guild()
    mods = guild.create_role("mods", mentionable=True)
    channel = guild.create_text_channel("xiangqi")
    alice = guild.add_member(env.create_user("alice"), nick=f"@here **Al** <@&{mods.id}>")
    bob = guild.add_member(env.create_user("bob"), nick="[Bob](https://evil.example) @everyone")
    carol = guild.add_member(env.create_user("carol"))
    return Table(env, guild, channel, alice, bob, carol), mods


async def test_hostile_names_ping_nobody_and_show_as_text(env):
    table, mods = hostile_table(env)
    challenge = await table.challenge()
    assert pings(env, challenge) == (False, {table.bob.id}, set())  # the addressee only
    assert "@\u200bhere \\*\\*Al\\*\\*" in challenge.content
    assert f"<@\u200b&{mods.id}>" in challenge.content

    thread = await table.start_from(challenge)
    assert thread.name == f"#1 Xiangqi · here Al &{mods.id} vs Bob (https://evil.example) everyone"
    accepted = table.refreshed(challenge)
    assert pings(env, accepted) == (False, set(), set())
    assert "\\[Bob](https://evil.example) @\u200beveryone" in accepted.content
    for message in thread.history():
        assert players_only(env, message, table), message.content
        assert "@here" not in message.content and "@everyone" not in message.content
        assert "[Bob](" not in message.content.replace("\\[Bob](", "")

    await table.bob.slash(thread, "resign")
    result = thread.last_message
    assert players_only(env, result, table)
    assert "🔴 Red @\u200bhere \\*\\*Al\\*\\*" in result.content

    history = await table.carol.slash(table.channel, "history", user=table.alice)
    assert "vs \\[Bob](https://evil.example) @\u200beveryone" in history.response.content
    stats = await table.carol.slash(table.channel, "stats", user=table.bob)
    assert "@everyone" not in stats.response.content


async def test_open_challenge_pings_no_one(env):
    table, _ = hostile_table(env)
    challenge = await table.challenge(opponent=None)
    assert pings(env, challenge) == (False, set(), set())
    await table.carol.click(challenge, custom_id=button(challenge, "accept"))
    game = table.channel.threads[-1]
    assert all(players_only(env, m, table) for m in game.history())
