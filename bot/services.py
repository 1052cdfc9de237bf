"""The services: everything a cog or a button needs besides the client itself,
built once in ``Chuhan.setup_hook`` and handed to each cog when it loads.

The cogs' own offers to each other are in ``cogs`` (:class:`Capabilities`),
registered as each cog loads; nothing looks a cog up by name.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

import discord

from storage import Store

from .capabilities import Capabilities
from .channels import Channels
from .dms import DirectMessages
from .ending import Endings
from .hub import GameHub
from .notices import Notifier
from .outages import Outages
from .players import PlayerDirectory
from .publisher import Publisher
from .puzzles.source import PuzzleSource
from .reminders import ReminderPlans
from .server import ServerSettings


@dataclass(slots=True)
class Services:
    store: Store
    players: PlayerDirectory
    server: ServerSettings
    hub: GameHub
    channels: Channels
    dms: DirectMessages
    notifier: Notifier
    endings: Endings
    publisher: Publisher
    outages: Outages
    cogs: Capabilities
    reminders: ReminderPlans
    puzzles: PuzzleSource  # the puzzles /puzzle gives (a test gives its own)
    now: Callable[[], float]
    # The client's answers: a refusal in the user's language, the reader's language.
    reply_error: Callable[[discord.Interaction, BaseException], Awaitable[None]]
    language_of: Callable[[discord.Interaction], Awaitable[str]]


@runtime_checkable
class HasServices(Protocol):
    """A client that holds the services (bot.client.Chuhan, once set up)."""

    @property
    def services(self) -> Services: ...


def services_of(interaction: discord.Interaction) -> Services:
    """The services of the client an interaction came to (for persistent buttons)."""
    client = interaction.client
    if not isinstance(client, HasServices):
        raise TypeError("a Chuhan button clicked on another client")
    return client.services
