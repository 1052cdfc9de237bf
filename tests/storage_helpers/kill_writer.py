"""Child process of the SIGKILL test: plays random legal games into a store forever.

``python -m tests.storage_helpers.kill_writer DB SEED`` (``DB`` a SQLite path or a
``postgresql://`` URL) resumes the games a
killed predecessor left active, starts new ones, and prints
``committed <game> <seq> <text>`` only after each append has returned, so
every printed entry is one the bot would already have announced.
"""

from __future__ import annotations

import asyncio
import random
import sys

from rules.match import Match, platform_entry
from storage import NewGame, Store, open_store

GAMES_AT_ONCE = 3


async def play(store: Store, rng: random.Random, game_id: int, match: Match) -> None:
    """Play one game to its end, appending every entry."""
    record = await store.load_game(game_id)
    length = rng.randrange(20, 120)
    while match.outcome is None:
        side = match.game.turn
        if len(match.entries) >= length:
            text = platform_entry(side, "resign")
        else:
            text = rng.choice(match.game.legal_actions()).text
        seq = len(match.entries)
        clock = 600_000 - seq * 1000
        match.apply(text)
        await store.append(
            game_id,
            seq,
            record.player_id(side),
            text,
            red_ms=clock,
            black_ms=clock,
            deadline=1e9 + seq,
            outcome=match.outcome,
            effective=match.effective,
        )
        print(f"committed {game_id} {seq} {text}", flush=True)


async def new_game(store: Store, rng: random.Random) -> tuple[int, Match]:
    seed = rng.getrandbits(64)
    game_id = await store.create_game(
        NewGame(1, rng.getrandbits(48), "xiangqi", 1, 2, {}, rated=True, seed=seed)
    )
    return game_id, Match.start("xiangqi", {}, seed)


async def worker(store: Store, rng: random.Random, resumed: list[int]) -> None:
    while True:
        if resumed:
            game_id = resumed.pop()
            match = await store.rebuild(game_id)
        else:
            game_id, match = await new_game(store, rng)
        await play(store, rng, game_id, match)


async def main(target: str, seed: int) -> None:
    rng = random.Random(seed)
    store = await open_store(target)
    resumed = [record.id for record in await store.active_games()]
    await asyncio.gather(*(worker(store, rng, resumed) for _ in range(GAMES_AT_ONCE)))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
