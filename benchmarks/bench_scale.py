"""Thousands of correspondence games at once, on SQLite and on PostgreSQL.

``python -m benchmarks scale`` builds a database of 2,000 and one of 10,000
xiangqi games in progress (10 plies each, a ``1d`` clock, every one asleep as
a long-running bot leaves them: ``bot/lazy.py``), on each database, and
starts a bot on it through SimCord. For each it prints:

- ``startup_s``: from the bot's start to its answer to a first ``/move``, in
  a game asleep; ``held``: the games in memory then; ``rss_mb``: what the
  process grew by meanwhile;
- ``move_p50_ms``/``move_p99_ms``: ``/move`` from the interaction to its board
  message, two moves in each of :data:`MOVED` games (the first wakes it);
- ``burst_p99_ms``: :data:`BURST` moves in as many games fired at once at the
  bot's own work (the hub, the rules, the commit, the board), each from its
  start to its report; ``burst_refused``: those the database could not take
  in time (a PostgreSQL pool whose connections stayed busy past its wait).

On PostgreSQL it then prints ``/move`` p50 and p99 of processes serving
shards of one database (:func:`measure_shards`): ``one``, a process serving
every shard alone; ``shard0``, ``shard1``, two processes at once, each on its
own shard's games, as a sharded deployment runs them.

``CHUHAN_SCALE_GAMES`` (``200`` in CI) runs one smaller size instead.
"""

from __future__ import annotations

import asyncio
import glob
import json
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import simcord

from benchmarks import Figure
from benchmarks.bench_bot import timed_moves
from benchmarks.bench_storage import _database
from benchmarks.throwaway_postgres import ThrowawayPostgres
from bot import Settings, create_bot
from bot.collector import settle_collector
from bot.errors import DatabaseAway
from bot.hub import GameHub
from bot.pictures import board_drawn, start_drawing
from bot.players import PlayerDirectory
from bot.server import ServerSettings
from rules.match import Match
from storage import Prefs, Shards, StorageUnavailable, Store, open_store
from storage.copy import copy_sqlite_to_postgres

SIZES = (2_000, 10_000)
SHARDS = 2  # processes in the sharded run, each serving one shard of the guilds
MOVED = 50  # games with a /move measured through SimCord, two moves each
BURST = 400  # moves fired at once, in as many games
PLIES = 10  # in each game before the run: Red to move
LINES = 64  # distinct openings the games are drawn from
FAKE_CHANNELS = 10**15  # channel ids of the games no test member plays in
DRAWERS = 2 * (os.cpu_count() or 1)  # boards drawn before the burst: every worker up


@dataclass
class Scale:
    """The figures of one database at one size."""

    startup_s: float
    held_at_start: int
    held: int
    rss_mb: float
    moves_ms: list[float]
    burst_ms: list[float | None]  # None: a move the database could not take in time


def _lines(count: int) -> list[list[str]]:
    """``count`` lines of ``PLIES + 2`` random legal plies that end nothing."""
    lines = []
    rng = random.Random(30)
    while len(lines) < count:
        match = Match.start("xiangqi", {}, 0)
        while match.game.ply < PLIES + 2 and match.outcome is None:
            match.apply(rng.choice(match.game.legal_actions()).text)
        if match.outcome is None:
            lines.append(list(match.entries))
    return lines


def _seed(
    path: str,
    games: int,
    guilds: list[int],
    channels: list[int],
    players: tuple[int, int],
    now: float,
) -> None:
    """Write ``games`` games asleep into the SQLite file at ``path`` (its schema
    made already), straight into the tables: game ``n`` in guild ``n`` modulo
    ``len(guilds)``; the first ``len(channels)`` in those channels between
    ``players``, the rest between players of their own."""
    lines = _lines(LINES)
    db = sqlite3.connect(path)
    with db:
        rows, entries, secrets, wakes, people = [], [], [], [], set()
        deadline = now + 20 * 3600.0  # a day per move, four hours gone
        for n in range(games):
            gid = n + 1
            red, black = players if n < len(channels) else (10**6 + 2 * n, 10**6 + 2 * n + 1)
            channel = channels[n] if n < len(channels) else FAKE_CHANNELS + n
            people.update((red, black))
            guild = guilds[n % len(guilds)]
            rows.append(
                (gid, guild, channel, red, black, json.dumps({"time": "1d"}), now, deadline)
            )
            secrets.append((gid, str(n)))
            entries += [
                (gid, seq, red if seq % 2 == 0 else black, text, now - 4 * 3600.0)
                for seq, text in enumerate(lines[n % LINES][:PLIES])
            ]
            wakes.append((gid, deadline - 4 * 3600.0, red))
        db.executemany(
            "INSERT INTO players (id, name, created_at) VALUES (?, ?, 0)",
            [(p, f"player{p}") for p in people],
        )
        db.executemany(
            "INSERT INTO games (id, guild_id, channel_id, variant, red_id, black_id, options,"
            " rated, created_at, updated_at, deadline, notified)"
            f" VALUES (?, ?, ?, 'xiangqi', ?, ?, ?, 0, ?, ?, ?, {PLIES})",
            [(*row[:7], row[6], row[7]) for row in rows],
        )
        db.executemany("INSERT INTO secrets (game_id, seed, setup) VALUES (?, ?, '{}')", secrets)
        db.executemany(
            "INSERT INTO entries (game_id, seq, actor_id, text, at) VALUES (?, ?, ?, ?, ?)", entries
        )
        db.executemany("INSERT INTO wakes (game_id, wake_at, waiting_id) VALUES (?, ?, ?)", wakes)
    db.close()


def _rss_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


async def _schema(path: str) -> None:
    store = await open_store(path, clock=time.time)
    await store.close()


async def measure(games: int, folder: str, dsn: str | None = None) -> Scale:
    """Build a database of ``games`` games asleep (a PostgreSQL copy when
    ``dsn`` is given) and measure a bot started on it (see the module)."""
    kind = "sqlite" if dsn is None else "pg"
    sqlite_path = str(Path(folder) / f"scale-{kind}-{games}.sqlite3")
    await _schema(sqlite_path)
    first = create_bot(Settings(db_path=str(Path(folder) / f"world-{kind}-{games}.sqlite3")))
    moved = min(MOVED, games)
    async with simcord.run(first) as env:
        guild = env.create_guild()
        red = guild.add_member(env.create_user("red"))
        black = guild.add_member(env.create_user("black"))
        channels = [guild.create_text_channel(f"game-{n}") for n in range(moved)]
        now = first.now()
        ids = [c.id for c in channels]
        _seed(sqlite_path, games, [guild.id], ids, (red.id, black.id), now)
        target = sqlite_path
        if dsn is not None:
            await copy_sqlite_to_postgres(sqlite_path, dsn)
            target = dsn
        lines = _lines(LINES)
        bot = create_bot(Settings(db_path=target))
        samples = timed_moves(bot)
        rss = _rss_mb()
        started = time.perf_counter()
        await env.restart_bot(bot)
        held_at_start = len(bot.hub.active())
        await first.store.close()
        answer = await red.slash(channels[0], "move", move=lines[0][PLIES])
        startup = time.perf_counter() - started
        assert answer.response is not None, answer
        held, grown = len(bot.hub.active()), _rss_mb() - rss
        samples.clear()
        for ply in (PLIES, PLIES + 1):
            player = red if ply == PLIES else black
            for n, channel in enumerate(channels):
                if (n, ply) != (0, PLIES):
                    await player.slash(channel, "move", move=lines[n % LINES][ply])
        await bot.store.close()
    burst = await _burst(target, games, now, lines)
    return Scale(startup, held_at_start, held, grown, samples, burst)


async def _burst(target: str, games: int, now: float, lines: list[list[str]]) -> list[float | None]:
    """:data:`BURST` moves at once, in the games no member plays (asleep until then)."""
    store: Store = await open_store(target, clock=lambda: now)
    hub = GameHub(store, PlayerDirectory(store, lambda _: None), lambda: now, ServerSettings(store))
    await hub.load_active()
    await _drawing_ready()
    settle_collector()  # as the bot does once started
    fired = range(games - min(BURST, games // 2), games)

    async def one(n: int) -> float | None:
        start = time.perf_counter()
        try:
            manager = await hub.get(n + 1)
            await manager.move(manager.ids[0], lines[n % LINES][PLIES])
        except (DatabaseAway, StorageUnavailable):  # no connection of the pool in time
            return None
        return (time.perf_counter() - start) * 1000

    try:
        return list(await asyncio.gather(*(one(n) for n in fired)))
    finally:
        await store.close()


async def _drawing_ready() -> None:
    """Wait for the drawing processes, as a bot started a while ago has them:
    a board for each, drawn before the burst."""
    start_drawing()
    view = Match.start("xiangqi", {}, 0).game.view(None)
    names = ("red", "black")
    await asyncio.gather(
        *(board_drawn(view, names, (None, None), Prefs(), "en", None) for _ in range(DRAWERS))
    )


def _guild_of(shard: int) -> int:
    """A guild id that Discord's formula puts on ``shard`` of :data:`SHARDS`."""
    return (1_000 * SHARDS + shard) << 22


async def _seeded_shards(games: int, folder: str, dsn: str) -> None:
    """A PostgreSQL copy of ``games`` games asleep, in turn in a guild of each shard."""
    path = str(Path(folder) / f"shards-{games}.sqlite3")
    await _schema(path)
    _seed(path, games, [_guild_of(s) for s in range(SHARDS)], [], (0, 0), time.time())
    await copy_sqlite_to_postgres(path, dsn)


def measure_shards(games: int, folder: str, dsn: str) -> dict[str, list[float]]:
    """``/move`` in games of both shards of one PostgreSQL database: first one
    process serving every shard, alone; then :data:`SHARDS` processes at once,
    each serving its own shard, in other games. Each process (this module run
    as a program, :func:`_serve`) moves two plies in each of its games, one
    after the other, as :func:`_moves` times them; the samples by process
    (``one``, ``shard0``, ...)."""
    asyncio.run(_seeded_shards(games, folder, dsn))
    moved = min(MOVED, games // (SHARDS + 1))
    each = range(moved, moved * (SHARDS + 1))
    runs = [
        {"one": (list(range(moved)), "all")},
        {f"shard{s}": ([n for n in each if n % SHARDS == s], str(s)) for s in range(SHARDS)},
    ]
    found: dict[str, list[float]] = {}
    for run in runs:
        processes = {
            name: subprocess.Popen(
                [sys.executable, "-m", "benchmarks.bench_scale", dsn, shard, *map(str, ids)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
            )
            for name, (ids, shard) in run.items()
        }
        for process in processes.values():  # each has woken nothing yet, and drawn a board
            assert process.stdout is not None and process.stdout.readline() == "ready\n"
        for process in processes.values():  # all begin at once
            assert process.stdin is not None
            process.stdin.write("go\n")
            process.stdin.close()
        for name, process in processes.items():
            assert process.stdout is not None
            out = process.stdout.read()
            if process.wait():
                raise RuntimeError(f"the process of {name} failed ({process.returncode})")
            found[name] = json.loads(out)
    return found


async def _moves(dsn: str, games: list[int], shard: str) -> list[float]:
    """Two plies in each of ``games`` (asleep until then), by a process serving
    ``shard`` of :data:`SHARDS` (or ``all``), each timed from its ``hub.get`` to
    its report with the board drawn and its notice mark stored, as the bot
    stores it. It says ``ready`` on its output, then waits for a line of input."""
    store: Store = await open_store(dsn, clock=time.time)
    hub = GameHub(store, PlayerDirectory(store, lambda _: None), time.time, ServerSettings(store))
    await hub.load_active(None if shard == "all" else Shards.of(SHARDS, [int(shard)]))
    await _drawing_ready()
    settle_collector()  # as the bot does once started
    lines = _lines(LINES)
    print("ready", flush=True)
    sys.stdin.readline()
    samples = []
    try:
        for ply in (PLIES, PLIES + 1):
            for n in games:
                began = time.perf_counter()
                manager = await hub.get(n + 1)
                await manager.move(manager.ids[ply % 2], lines[n % LINES][ply])
                await store.set_notified(manager.id, manager.seq)
                samples.append((time.perf_counter() - began) * 1000)
    finally:
        await store.close()
    return samples


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[max(0, int(len(ordered) * share) - 1)]


def figures(name: str, scale: Scale) -> Iterator[Figure]:
    yield f"{name}.startup_s", scale.startup_s, "s"
    yield f"{name}.held_at_start", scale.held_at_start, "games"
    yield f"{name}.held", scale.held, "games"
    yield f"{name}.rss_mb", scale.rss_mb, "MB"
    yield f"{name}.move_p50_ms", statistics.median(scale.moves_ms), "ms"
    yield f"{name}.move_p99_ms", percentile(scale.moves_ms, 0.99), "ms"
    taken = [ms for ms in scale.burst_ms if ms is not None]
    yield f"{name}.burst_p99_ms", percentile(taken, 0.99), "ms"
    yield f"{name}.burst_refused", len(scale.burst_ms) - len(taken), "moves"


def shard_figures(name: str, samples: list[float]) -> Iterator[Figure]:
    yield f"{name}.move_p50_ms", statistics.median(samples), "ms"
    yield f"{name}.move_p99_ms", percentile(samples, 0.99), "ms"


def run() -> Iterator[Figure]:
    sizes = (
        (int(os.environ["CHUHAN_SCALE_GAMES"]),) if "CHUHAN_SCALE_GAMES" in os.environ else SIZES
    )
    initdb = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    with tempfile.TemporaryDirectory(prefix="chuhan-scale-") as folder:
        for games in sizes:
            yield from figures(f"scale.sqlite.{games}", asyncio.run(measure(games, folder)))
            if not initdb:
                print("scale.pg: PostgreSQL is not installed; left out", file=sys.stderr)
                continue
            with ThrowawayPostgres(os.path.dirname(initdb[-1])) as server:
                dsn = asyncio.run(_database(server, f"scale{games}"))
                yield from figures(f"scale.pg.{games}", asyncio.run(measure(games, folder, dsn)))
                dsn = asyncio.run(_database(server, f"shards{games}"))
                for name, samples in measure_shards(games, folder, dsn).items():
                    yield from shard_figures(f"scale.pg.{games}.{name}", samples)


if __name__ == "__main__":  # one process of measure_shards: DSN, SHARD, GAME NUMBERS...
    print(json.dumps(asyncio.run(_moves(sys.argv[1], [int(n) for n in sys.argv[3:]], sys.argv[2]))))
