"""Fixtures for the bot's end-to-end tests, run through SimCord.

``simcord_bot`` builds the real bot on a fresh SQLite file; ``env`` is
SimCord's environment, whose teardown accepts the refusals the bot answered
privately (domain errors go through the global handler by design) and still
fails the test on any other error the test did not inspect.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass

import discord
import pytest
import simcord
from discord import app_commands

from bot import Chuhan, Settings, create_bot
from bot.errors import BotError
from rules.errors import RulesError

pytest_plugins = ("tests.postgres_server",)
# Real seconds SimCord waits for the bot to settle, time advances included: an
# advance of a day runs thousands of clock ticks, which take longer on a busy
# machine; a test that sets its own keeps it.
SETTLE_SECONDS = 30.0


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        own = item.get_closest_marker("simcord")
        options = {"settle_timeout": SETTLE_SECONDS, **(own.kwargs if own else {})}
        item.add_marker(pytest.mark.simcord(**options), append=False)


@pytest.fixture
def settings(tmp_path) -> Settings:
    return Settings(db_path=str(tmp_path / "chuhan.sqlite3"))


@pytest.fixture
async def simcord_bot(settings: Settings) -> AsyncIterator[Chuhan]:
    bot = create_bot(settings)
    yield bot
    if hasattr(bot, "store"):
        await bot.store.close()  # its worker thread would keep the process alive


async def restart(env: simcord.Env, settings: Settings) -> Chuhan:
    """Replace the bot by a new one on the same database, as after a crash."""
    old = env.bot
    new = create_bot(settings)
    await env.restart_bot(new)
    await old.store.close()
    return new


def _domain(error: BaseException) -> bool:
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    return isinstance(error, BotError | RulesError)


@pytest.fixture
async def env(simcord_env: simcord.Env) -> AsyncIterator[simcord.Env]:
    first = simcord_env.bot
    yield simcord_env
    if simcord_env.bot is not first:  # restarted: the fixture closes only the first
        await simcord_env.bot.store.close()
    fresh = simcord_env.errors_since(simcord_env._errors_acknowledged)  # not yet inspected
    unexpected = [e for e in fresh if not _domain(e)]
    _ = simcord_env.errors  # reading them acknowledges the refusals
    if unexpected:
        raise ExceptionGroup("the bot raised unexpected errors", unexpected)


@dataclass
class Table:
    """A guild with a channel and three members: two players and a watcher."""

    env: simcord.Env
    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    alice: simcord.MemberActor
    bob: simcord.MemberActor
    carol: simcord.MemberActor

    async def challenge(self, **options) -> discord.Message:
        """Alice challenges Bob (``opponent=None``: anyone), playing Red unless told;
        returns the challenge message."""
        options.setdefault("opponent", self.bob)
        options.setdefault("color", "red")
        if options["opponent"] is None:
            del options["opponent"]
        result = await self.alice.slash(self.channel, "challenge", **options)
        assert result.followups or result.response, result
        return self.channel.last_message

    def refreshed(self, message: discord.Message) -> discord.Message:
        """The current state of a message of the main channel."""
        return self.refreshed_in(self.channel, message)

    @staticmethod
    def refreshed_in(channel: simcord.ChannelHandle, message: discord.Message) -> discord.Message:
        return next(m for m in channel.history() if m.id == message.id)

    async def start(self, **options) -> simcord.ChannelHandle:
        """Challenge, accept, and return the game's thread."""
        return await self.start_from(await self.challenge(**options))

    async def start_from(self, message: discord.Message) -> simcord.ChannelHandle:
        """Bob accepts the challenge ``message``; returns the game's thread."""
        await self.bob.click(message, custom_id=button(message, "accept"))
        return self.channel.threads[-1]


def button(message: discord.Message, suffix: str) -> str:
    """The custom id of the message's button whose id ends with ``suffix``."""
    for row in message.components:
        for child in row.children:
            if child.custom_id and child.custom_id.endswith(suffix):
                return child.custom_id
    raise AssertionError(f"no button ending with {suffix!r} in {message.content!r}")


@pytest.fixture
def table(env: simcord.Env) -> Table:
    guild = env.create_guild()
    channel = guild.create_text_channel("xiangqi")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    carol = guild.add_member(env.create_user("carol"))
    return Table(env, guild, channel, alice, bob, carol)


async def play(table: Table, thread: simcord.ChannelHandle, moves: list[str]) -> None:
    """Alice (Red) and Bob (Black) play ``moves`` in turn, each must be accepted."""
    for ply, text in enumerate(moves):
        player = table.alice if ply % 2 == 0 else table.bob
        result = await player.slash(thread, "move", move=text)
        assert result.ephemeral, result
        assert result.response.content.startswith(("You played ", "你走了 ")), (
            text,
            result.response.content,
        )


def quiet_moves(count: int, seed: int = 7) -> list[str]:
    """``count`` legal plies from the start that end nothing (for long games)."""
    import random

    from rules.match import Match

    rng = random.Random(seed)
    match = Match.start("xiangqi", {}, 0)
    moves: list[str] = []
    while len(moves) < count:
        options = []
        for action in match.game.legal_actions():
            trial = Match.replay("xiangqi", {}, 0, [*moves, action.text])
            if trial.outcome is None and not trial.game.view(None).check:
                options.append(action.text)
        choice = rng.choice(options)
        match.apply(choice)
        moves.append(choice)
    return moves


def snapshot(env: simcord.Env, message: discord.Message) -> object:
    """The message as a client showed it at this moment (its buttons included)."""
    import copy

    return copy.deepcopy(env.backend.get_message(message.channel.id, message.id))


async def press(actor: simcord.MemberActor, shown: object, custom_id: str):
    """Click a button of a message as a client showed it earlier (see :func:`snapshot`):
    a stale client, a double click, two people pressing at the same moment."""
    from simcord.actors import _component_interaction
    from simcord.enums import ComponentType

    data = {"custom_id": custom_id, "component_type": ComponentType.BUTTON}
    return await _component_interaction(actor, shown, data)
