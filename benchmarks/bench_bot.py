"""Server-side latency of ``/move`` through SimCord with 50 games in progress.

Measured from the moment the bot receives the interaction (``on_interaction``)
to the moment its board message for that move comes back from Discord
(``on_message`` of its own message in the game thread): parsing, the rules,
the storage commit, rendering and the upload, as a player waits for them.
Targets: median <= 25 ms, 99th percentile <= 60 ms.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import discord
import simcord

from benchmarks import Figure
from bot import Settings, create_bot
from rules.match import Match

GAMES = 50
PLIES = 12  # moves measured per game: 600 samples


def _line(plies: int, seed: int = 1) -> list[str]:
    """A line of ``plies`` legal moves that ends nothing."""
    rng = random.Random(seed)
    match = Match.start("xiangqi", {}, 0)
    while match.game.ply < plies:
        options = [
            a.text
            for a in match.game.legal_actions()
            if Match.replay("xiangqi", {}, 0, [*match.entries, a.text]).outcome is None
        ]
        match.apply(rng.choice(options))
    return list(match.entries)


def timed_moves(bot: discord.Client) -> list[float]:
    """The milliseconds of each ``/move`` from its interaction to its board
    message, appended as they come (see the module)."""
    arrived: dict[int, float] = {}
    samples: list[float] = []

    async def on_interaction(interaction: discord.Interaction) -> None:
        if interaction.command is not None and interaction.command.name == "move":
            arrived[interaction.channel_id or 0] = time.perf_counter()

    async def on_message(message: discord.Message) -> None:
        start = arrived.pop(message.channel.id, None)
        if start is not None and message.author == bot.user and message.attachments:
            samples.append((time.perf_counter() - start) * 1000)

    bot.add_listener(on_interaction)
    bot.add_listener(on_message)
    return samples


async def _measure() -> list[float]:
    with tempfile.TemporaryDirectory() as folder:
        bot = create_bot(Settings(db_path=str(Path(folder) / "bench.sqlite3")))
        samples = timed_moves(bot)
        try:
            async with simcord.run(bot) as env:
                guild = env.create_guild()
                lobby = guild.create_text_channel("lobby")
                pairs = []
                for n in range(GAMES):
                    red = guild.add_member(env.create_user(f"red{n}"))
                    black = guild.add_member(env.create_user(f"black{n}"))
                    await red.slash(lobby, "challenge", opponent=black, color="red")
                    offer = lobby.last_message
                    accept = next(
                        c.custom_id
                        for row in offer.components
                        for c in row.children
                        if c.custom_id.endswith("accept")
                    )
                    await black.click(offer, custom_id=accept)
                    pairs.append((red, black, lobby.threads[-1]))
                moves = _line(PLIES)
                for ply, text in enumerate(moves):
                    for red, black, thread in pairs:
                        await (red if ply % 2 == 0 else black).slash(thread, "move", move=text)
        finally:
            await bot.store.close()
    return samples


def run() -> Iterator[Figure]:
    samples = asyncio.run(_measure())
    assert len(samples) == GAMES * PLIES, len(samples)
    ordered = sorted(samples)
    yield "bot.move_median_ms", statistics.median(ordered), "ms"
    yield "bot.move_p99_ms", ordered[int(len(ordered) * 0.99) - 1], "ms"
