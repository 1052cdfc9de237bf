"""Where the bot's messages go: channels and users by id, and the bot itself.

The one view of the Discord client that delivery needs, so the publisher,
the notices, the live boards and the endings hold this rather than the client.
"""

from __future__ import annotations

import discord


class Channels:
    """Channels and users by id (from the client's cache, else asked of Discord)."""

    def __init__(self, client: discord.Client) -> None:
        self._client = client

    async def channel(self, channel_id: int) -> discord.abc.Messageable:
        client = self._client
        channel = client.get_channel(channel_id) or await client.fetch_channel(channel_id)
        assert isinstance(channel, discord.abc.Messageable)
        return channel

    async def user(self, user_id: int) -> discord.User:
        return self._client.get_user(user_id) or await self._client.fetch_user(user_id)

    def me(self) -> int | None:
        """The bot's own user id (``None`` before it has logged in)."""
        user = self._client.user
        return user.id if user is not None else None


# The channels whose messages the bot edits by id (a board copy, a challenge).
WithMessages = (
    discord.TextChannel
    | discord.Thread
    | discord.VoiceChannel
    | discord.StageChannel
    | discord.DMChannel
    | discord.PartialMessageable
)


def partial_message(
    channel: discord.abc.Messageable, message_id: int
) -> discord.PartialMessage | None:
    """A message of ``channel`` by id, to edit or delete without fetching it
    (``None`` in a kind of channel whose messages the bot never edits)."""
    if isinstance(channel, WithMessages):
        return channel.get_partial_message(message_id)
    return None
