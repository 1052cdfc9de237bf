"""Child process of the bot SIGKILL test: the real bot, through SimCord, playing.

``python -m tests.hardening_helpers.playing_bot DB SEED`` starts the bot on
the database ``DB`` (settling whatever a killed predecessor left), prints
``up`` once start-up is done, then has two members play short random games
to their end (resignation, abort, mate) one after another, forever. After
each action the bot acknowledged it prints ``played <game> <seq> <text>``:
an entry the players were told about, which must never be lost.
"""

from __future__ import annotations

import asyncio
import random
import sys

import simcord

from bot import Chuhan, Settings, create_bot
from bot.limits import CHALLENGE_WINDOW_SECONDS, CHALLENGES_PER_WINDOW
from tests.conftest import button

RUN_SECONDS = 600.0  # simulated time between two runs: less than any deadline
# Between two games: the players stay within the limit of challenges a minute.
PAUSE_SECONDS = CHALLENGE_WINDOW_SECONDS / CHALLENGES_PER_WINDOW + 1
ACKNOWLEDGED = ("You played ", "You resigned.", "Game aborted.")


async def play_one(env: simcord.Env, rng: random.Random, channel, alice, bob) -> None:
    """One game from the challenge to its end."""
    await alice.slash(channel, "challenge", opponent=bob, color="red")
    challenge = channel.last_message
    await bob.click(challenge, custom_id=button(challenge, "accept"))
    thread = channel.threads[-1]
    manager = env.bot.hub.here(thread.id)
    length = rng.choice([0, *range(2, 12)])
    while not manager.finished:
        game = manager.match.game
        player = (alice, bob)[game.turn]
        if game.ply >= length:
            verb = "abort" if game.ply == 0 else "resign"
            result = await player.slash(thread, verb)
            text = f"@{game.turn.code}:{verb}"
        else:
            text = rng.choice(game.legal_actions()).text
            result = await player.slash(thread, "move", move=text)
        assert result.response.content.startswith(ACKNOWLEDGED), result.response.content
        print(f"played {manager.id} {manager.seq - 1} {text}", flush=True)


async def main(path: str, seed: int) -> None:
    rng = random.Random(seed)
    bot = create_bot(Settings(db_path=path))
    try:
        await run(bot, rng, seed)
    finally:  # a failure must end the process, not leave the database thread running
        if hasattr(bot, "store"):
            await bot.store.close()


async def run(bot: Chuhan, rng: random.Random, seed: int) -> None:
    async with simcord.run(bot, check_errors=False) as env:
        print("up", flush=True)
        # Each run starts its simulated Discord at the same moment, and its ids
        # come from its clock: move on so that this run's ids are new, as real
        # Discord's are, and do not meet the channels and messages of the runs
        # before it that are still in the database.
        env.backend.clock.advance(seed * RUN_SECONDS)
        guild = env.create_guild()
        channel = guild.create_text_channel("xiangqi")
        alice = guild.add_member(env.create_user("alice"))
        bob = guild.add_member(env.create_user("bob"))
        while True:
            await play_one(env, rng, channel, alice, bob)
            await env.advance_time(PAUSE_SECONDS)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
