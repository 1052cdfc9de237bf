"""Limits: a few open challenges per member, a repeated challenge replaces the old
one, GIF replays drawn once per position and a few a minute per member."""

from __future__ import annotations

import re

from bot.limits import GIFS_PER_WINDOW, OPEN_CHALLENGES
from tests.conftest import button, play, press, quiet_moves, snapshot


async def test_a_repeated_challenge_replaces_the_old_one(table):
    first = await table.challenge()
    shown = snapshot(table.env, first)  # a client that still shows its buttons
    second = await table.challenge()
    assert first.id != second.id
    old = table.refreshed(first)
    assert old.content == "This challenge was replaced by a newer one from the same player."
    assert not old.components
    refused = await press(table.bob, shown, button(first, "accept"))
    assert refused.response.content == "This challenge is no longer open."
    await table.start_from(second)  # the new one stands
    assert table.channel.threads


async def test_open_challenges_are_limited_and_the_refusal_says_when(table):
    guild = table.guild
    opponents = [guild.add_member(table.env.create_user(f"o{i}")) for i in range(OPEN_CHALLENGES)]
    for opponent in opponents:
        await table.challenge(opponent=opponent)
    posted = len(table.channel.history())
    refused = await table.alice.slash(table.channel, "challenge", opponent=table.bob)
    assert refused.ephemeral
    text = refused.response.content
    assert text.startswith(f"You already have {OPEN_CHALLENGES} open challenges.")
    assert re.search(r"when the oldest expires, <t:\d+:R>\.", text)
    assert len(table.channel.history()) == posted  # nothing posted, nobody pinged
    # Repeating a challenge to someone already challenged is always possible.
    await table.challenge(opponent=opponents[0])
    # And once the challenges expire, new ones are welcome.
    await table.env.advance_time(15 * 60 + 61)
    await table.challenge(opponent=table.bob)
    await table.bob.slash(table.channel, "settings", language="zh")
    for opponent in opponents:
        await table.bob.slash(table.channel, "challenge", opponent=opponent)
    zh = await table.bob.slash(table.channel, "challenge", opponent=table.carol)
    assert zh.response.content.startswith(f"你已有 {OPEN_CHALLENGES} 个未结束的挑战。")


async def test_gif_exports_are_cached_and_limited_per_member(table, monkeypatch):
    from bot.cogs import social

    drawn = []
    real = social.render_gif
    monkeypatch.setattr(social, "render_gif", lambda *a: drawn.append(1) or real(*a))
    thread = await table.start()
    await play(table, thread, quiet_moves(2))
    gifs = [await table.carol.slash(thread, "export", format="gif") for _ in range(GIFS_PER_WINDOW)]
    data = {await g.response.attachments[0].read() for g in gifs}
    assert len(data) == 1 and len(drawn) == 1  # drawn once for this position
    late = await table.carol.slash(thread, "export", format="gif")
    assert not late.response.attachments
    assert re.fullmatch(
        rf"GIF replays take a while to draw: at most {GIFS_PER_WINDOW} a minute each\. "
        r"Try again <t:\d+:R>; PGN and JSON are not limited\.",
        late.response.content,
    )
    other = await table.bob.slash(thread, "export", format="gif")  # another member
    assert other.response.attachments and len(drawn) == 1
    pgn = await table.carol.slash(thread, "export", format="pgn")
    assert pgn.response.attachments
    await table.env.advance_time(61)
    again = await table.carol.slash(thread, "export", format="gif")
    assert again.response.attachments


async def test_challenges_are_limited_per_minute_replacements_too(table, env):
    from bot.limits import CHALLENGES_PER_WINDOW
    from tests.test_bot_hardening_mentions import pings

    for _ in range(CHALLENGES_PER_WINDOW):
        message = await table.challenge()
        assert pings(env, message)[1] == {table.bob.id}
    posted = len(table.channel.history())
    refused = await table.alice.slash(table.channel, "challenge", opponent=table.bob)
    assert re.fullmatch(
        rf"You can post at most {CHALLENGES_PER_WINDOW} challenges a minute \(each one notifies "
        r"your opponent\)\. Try again <t:\d+:R>\.",
        refused.response.content,
    )
    assert len(table.channel.history()) == posted
    await env.advance_time(61)
    await table.start()  # the last one stands


def test_a_rate_limit_counts_per_member_and_forgets_idle_ones():
    from bot import limits

    clock = [0.0]
    limit = limits.RateLimit(2, 60.0, lambda: clock[0])
    assert limit.take("a") is None and limit.take("a") is None
    assert limit.take("a") == 60.0 and limit.take("b") is None
    clock[0] = 60.0
    assert limit.take("a") is None
    for member in range(limits.PRUNE_AT + 1):
        limit.take(member)
    clock[0] = 200.0
    limit.take("c")
    assert len(limit._uses) == 1
