"""What one cog offers the others, and what a persistent button reaches.

A cog that offers something registers itself here when it loads (and
leaves when it unloads), so a field is ``None`` while that cog is not
loaded: the computer (its games, its records, its analysis for reviews),
the play cog (its challenge text, its answers to buttons), the reviews
(their button under a result). The parts that use them hold a
:class:`Capabilities` and never look a cog up by name.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, runtime_checkable

import discord
from discord import app_commands
from discord.ext import commands

from computer.review import Analyst
from storage import Challenge

C = TypeVar("C", bound=commands.Cog)


class ComputerPlayer(Protocol):
    """The computer cog: games against it, each player's record against it, reviews."""

    async def start_game(
        self, interaction: discord.Interaction, variant: str, level: int, color: str, time: str
    ) -> None: ...

    async def record_lines(self, user_id: int, lang: str) -> list[str]: ...

    async def level_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]: ...

    @property
    def analyst(self) -> Analyst: ...


class ChallengeWriter(Protocol):
    """The play cog's words for a challenge (a rematch posts one too)."""

    def challenge_text(self, challenge: Challenge, lang: str) -> str: ...


class ButtonAnswers(Protocol):
    """The play cog's answers to the challenge, request and second-thought buttons."""

    async def on_challenge_button(
        self, interaction: discord.Interaction, challenge_id: int, accept: bool
    ) -> None: ...

    async def on_request_button(
        self, interaction: discord.Interaction, game_id: int, kind: str, accept: bool
    ) -> None: ...

    async def on_sure(
        self, interaction: discord.Interaction, game_id: int, ply: int, action: str
    ) -> None: ...


class PuzzleOffers(Protocol):
    """The puzzles cog: its lines in /stats, its /leaderboard, the daily puzzle's settings."""

    async def stats_lines(self, user_id: int, lang: str) -> list[str]: ...

    def board_choices(self, typed: str, lang: str) -> list[app_commands.Choice[str]]: ...

    async def leaderboard_text(self, guild_id: int | None, lang: str) -> str: ...

    async def choose_daily(
        self, guild_id: int, channel_id: int | None, time: str | None, here: int
    ) -> None: ...

    async def daily_line(self, guild_id: int, lang: str) -> str: ...


class ReviewOffers(Protocol):
    """The reviews cog: a Review button under the result of a game it reviews."""

    def button(self, game_id: int, lang: str) -> discord.ui.Item[Any] | None: ...


@dataclass(slots=True)
class Capabilities:
    """The cogs' offers, ``None`` while the cog that makes one is not loaded."""

    computer: ComputerPlayer | None = None
    challenges: ChallengeWriter | None = None
    answers: ButtonAnswers | None = None
    reviews: ReviewOffers | None = None
    puzzles: PuzzleOffers | None = None
    # Steps a cog adds to the clock loop's sweep (the digests, the vacations' ends):
    # one loop, so a jump of the clock is caught up once, not once per cog.
    sweeps: list[Callable[[], Awaitable[None]]] = field(default_factory=list)
    # Every loaded cog by its class (the client notes them), for a cog's own buttons.
    loaded: dict[type[commands.Cog], commands.Cog] = field(default_factory=dict)

    def cog(self, kind: type[C]) -> C | None:
        """The loaded cog of class ``kind`` (a button finds the cog that sent it)."""
        found = self.loaded.get(kind)
        return found if isinstance(found, kind) else None


class Rematches(Protocol):
    """What the Rematch button asks (bot/ending.py)."""

    async def rematch(self, interaction: discord.Interaction, game_id: int) -> None: ...


class ButtonServices(Protocol):
    """What the buttons of the modules below the services reach (the part of
    :class:`bot.services.Services` they see, as the services import them)."""

    @property
    def cogs(self) -> Capabilities: ...

    @property
    def endings(self) -> Rematches: ...

    @property
    def reply_error(self) -> Callable[[discord.Interaction, BaseException], Awaitable[None]]: ...


@runtime_checkable
class Served(Protocol):
    """A client that holds the services (bot.client.Chuhan, once set up)."""

    @property
    def services(self) -> ButtonServices: ...


def button_services(interaction: discord.Interaction) -> ButtonServices:
    """The services of the client a button was clicked on."""
    client = interaction.client
    if not isinstance(client, Served):
        raise TypeError("a Chuhan button clicked on another client")
    return client.services
