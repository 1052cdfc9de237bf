"""Every link the bot sends opens something: it names the server, never ``@me``
(issue "A table people enjoy"). The test reads what the bot sent to Discord
(each message, DM, private answer and edit of a whole game) from SimCord's
request log, so no message is left out."""

from __future__ import annotations

import re

from tests.conftest import button, play, quiet_moves

LINK = re.compile(r"https?://(?:\w+\.)?discord(?:app)?\.com/channels/\S+")


def sent_texts(env) -> list[str]:
    """The text of every message the bot created or edited, in order."""
    texts = []
    for request in env.http_requests:
        body = request.json if isinstance(request.json, dict) else {}
        if request.method in ("POST", "PATCH") and isinstance(body.get("content"), str):
            texts.append(body["content"])
        data = body.get("data")
        if isinstance(data, dict) and isinstance(data.get("content"), str):
            texts.append(data["content"])  # an interaction's answer
    return texts


async def test_every_link_of_a_whole_game_names_the_server(table):
    await table.bob.slash(table.channel, "settings", notify="both")
    await table.alice.slash(table.channel, "settings", notify="dm")
    thread = await table.start()
    await play(table, thread, quiet_moves(4, seed=3))
    await table.alice.slash(thread, "draw")
    offer = thread.last_message
    await table.bob.click(offer, custom_id=button(offer, "draw:decline"))
    await table.alice.slash(thread, "resign")
    await table.bob.click(thread.last_message, custom_id=button(thread.last_message, "rematch"))
    await table.alice.slash(table.channel, "games", all=True)
    links = [link for text in sent_texts(table.env) for link in LINK.findall(text)]
    prefix = f"https://discord.com/channels/{table.guild.id}/"
    assert len(links) >= 4  # the challenge, the DM notices, the rematch, /games
    assert all(link.startswith(prefix) for link in links), links
    posted = table.alice.user.dm_channel.history()[0].content
    challenge = table.channel.history()[0]
    assert f"{prefix}{table.channel.id}/{challenge.id}" in posted  # opens the challenge itself
