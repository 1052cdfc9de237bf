"""Storage figures: one committed append, rebuilding a 300-ply game, leaderboards.

Targets: append <= 2 ms (fsync included, synchronous=FULL), rebuild <= 20 ms,
server leaderboard over 100,000 rated players <= 5 ms.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

from benchmarks import Figure
from rules.match import Match
from storage import NewGame, Store

PLAYERS = 100_000
SMALL_GUILD = 300


async def _median_ms(call: Callable[[], Awaitable[object]], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        await call()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def _random_game(plies: int, seed: int) -> list[str]:
    """Random legal moves; a game that ends early is restarted."""
    rng = random.Random(seed)
    while True:
        match = Match.start("xiangqi", {}, seed)
        while match.outcome is None and len(match.entries) < plies:
            match.apply(rng.choice(match.game.legal_actions()).text)
        if len(match.entries) == plies:
            return match.entries
        seed += 1


async def _game_figures(path: Path) -> list[Figure]:
    async with await Store.open(path) as store:
        entries = _random_game(300, seed=1)
        gid = await store.create_game(NewGame(1, 1, "xiangqi", 1, 2, {}, True, 1))
        seq = iter(range(len(entries)))
        append = await _median_ms(
            lambda: store.append(gid, (s := next(seq)), 1, entries[s], deadline=1e9 + s),
            len(entries),
        )
        load = await _median_ms(lambda: store.load_game(gid), 20)
        rebuild = await _median_ms(lambda: store.rebuild(gid), 20)
    return [
        ("storage.append_ms", append, "ms"),
        ("storage.load_300_ply_record_ms", load, "ms"),
        ("storage.rebuild_300_plies_ms", rebuild, "ms"),
    ]


def _fill_players(path: Path) -> None:
    """100,000 rated players, all of guild 1; guild 2 has a few hundred of them."""
    rng = random.Random(7)
    db = sqlite3.connect(path)
    with db:
        db.executemany(
            "INSERT INTO players (id, name, created_at) VALUES (?, ?, 0)",
            ((uid, f"player{uid}") for uid in range(1, PLAYERS + 1)),
        )
        ratings = [(uid, rng.gauss(1500, 250)) for uid in range(1, PLAYERS + 1)]
        db.executemany(
            "INSERT INTO ratings (user_id, variant, rating, rd, rated_games, wins)"
            " VALUES (?, 'xiangqi', ?, 80, 20, 10)",
            ratings,
        )
        small = set(rng.sample(range(1, PLAYERS + 1), SMALL_GUILD))
        db.executemany(
            "INSERT INTO guild_players (guild_id, variant, user_id, rating)"
            " VALUES (?, 'xiangqi', ?, ?)",
            [(1, uid, r) for uid, r in ratings]
            + [(2, uid, r) for uid, r in ratings if uid in small],
        )
    db.close()


async def _board_figures(path: Path) -> list[Figure]:
    async with await Store.open(path):
        pass  # the schema
    _fill_players(path)
    async with await Store.open(path) as store:
        assert len(await store.leaderboard("xiangqi", 1)) == 10
        return [
            (
                "storage.server_leaderboard_100k_ms",
                await _median_ms(lambda: store.leaderboard("xiangqi", 1), 200),
                "ms",
            ),
            (
                f"storage.server_leaderboard_{SMALL_GUILD}_of_100k_ms",
                await _median_ms(lambda: store.leaderboard("xiangqi", 2), 200),
                "ms",
            ),
            (
                "storage.global_leaderboard_100k_ms",
                await _median_ms(lambda: store.leaderboard("xiangqi", None), 200),
                "ms",
            ),
        ]


def run() -> Iterator[Figure]:
    with tempfile.TemporaryDirectory(prefix="chuhan-bench-") as tmp:
        yield from asyncio.run(_game_figures(Path(tmp) / "games.db"))
        yield from asyncio.run(_board_figures(Path(tmp) / "board.db"))
