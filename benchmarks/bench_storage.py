"""Storage figures: one committed append, rebuilding a 300-ply game, leaderboards.

Targets: append <= 2 ms (fsync included, synchronous=FULL), rebuild <= 20 ms,
server leaderboard over 100,000 rated players <= 5 ms.

The same figures follow for PostgreSQL (``storage.pg.*``), on a throw-away
server started for the run with fsync on, over its unix socket; they are
left out, with a note, where PostgreSQL is not installed.
"""

from __future__ import annotations

import asyncio
import glob
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

import asyncpg

from benchmarks import Figure
from benchmarks.throwaway_postgres import ThrowawayPostgres
from rules.match import Match
from storage import NewGame, open_store

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


async def _game_figures(target: str, prefix: str = "storage") -> list[Figure]:
    async with await open_store(target) as store:
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
        (f"{prefix}.append_ms", append, "ms"),
        (f"{prefix}.load_300_ply_record_ms", load, "ms"),
        (f"{prefix}.rebuild_300_plies_ms", rebuild, "ms"),
    ]


def _board_rows() -> dict[str, list[tuple[object, ...]]]:
    """100,000 rated players, all of guild 1; guild 2 has a few hundred of them."""
    rng = random.Random(7)
    ratings = [(uid, rng.gauss(1500, 250)) for uid in range(1, PLAYERS + 1)]
    small = set(rng.sample(range(1, PLAYERS + 1), SMALL_GUILD))
    return {
        "players": [(uid, f"player{uid}", 0.0) for uid in range(1, PLAYERS + 1)],
        "ratings": [(uid, "xiangqi", r, 80.0, 20, 10) for uid, r in ratings],
        "guild_players": [(1, "xiangqi", uid, r) for uid, r in ratings]
        + [(2, "xiangqi", uid, r) for uid, r in ratings if uid in small],
    }


_BOARD_COLUMNS = {
    "players": ("id", "name", "created_at"),
    "ratings": ("user_id", "variant", "rating", "rd", "rated_games", "wins"),
    "guild_players": ("guild_id", "variant", "user_id", "rating"),
}


async def _fill_players(target: str) -> None:
    rows = _board_rows()
    if target.startswith("postgresql://"):
        conn = await asyncpg.connect(target)
        try:
            for table, records in rows.items():
                await conn.copy_records_to_table(
                    table, records=records, columns=_BOARD_COLUMNS[table]
                )
            await conn.execute("ANALYZE")
        finally:
            await conn.close()
        return
    db = sqlite3.connect(target)
    with db:
        for table, records in rows.items():
            columns = _BOARD_COLUMNS[table]
            db.executemany(
                f"INSERT INTO {table} ({', '.join(columns)})"
                f" VALUES ({', '.join('?' * len(columns))})",
                records,
            )
    db.close()


async def _board_figures(target: str, prefix: str = "storage") -> list[Figure]:
    async with await open_store(target):
        pass  # the schema
    await _fill_players(target)
    async with await open_store(target) as store:
        assert len(await store.leaderboard("xiangqi", 1)) == 10
        return [
            (
                f"{prefix}.server_leaderboard_100k_ms",
                await _median_ms(lambda: store.leaderboard("xiangqi", 1), 200),
                "ms",
            ),
            (
                f"{prefix}.server_leaderboard_{SMALL_GUILD}_of_100k_ms",
                await _median_ms(lambda: store.leaderboard("xiangqi", 2), 200),
                "ms",
            ),
            (
                f"{prefix}.global_leaderboard_100k_ms",
                await _median_ms(lambda: store.leaderboard("xiangqi", None), 200),
                "ms",
            ),
        ]


def run() -> Iterator[Figure]:
    with tempfile.TemporaryDirectory(prefix="chuhan-bench-") as tmp:
        yield from asyncio.run(_game_figures(str(Path(tmp) / "games.db")))
        yield from asyncio.run(_board_figures(str(Path(tmp) / "board.db")))
    initdb = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not initdb:
        print("storage.pg: PostgreSQL is not installed; its figures are left out", file=sys.stderr)
        return
    with ThrowawayPostgres(os.path.dirname(initdb[-1])) as server:
        yield from asyncio.run(_game_figures(asyncio.run(_database(server, "games")), "storage.pg"))
        yield from asyncio.run(
            _board_figures(asyncio.run(_database(server, "board")), "storage.pg")
        )


async def _database(server: ThrowawayPostgres, name: str) -> str:
    """The URL of a new database ``name`` on ``server``."""
    conn = await asyncpg.connect(server.dsn())
    try:
        await conn.execute(f"CREATE DATABASE {name}")
    finally:
        await conn.close()
    return server.dsn(name)
