"""The computer opponent (issue 13): search speed, strength, move time, and what
its thinking costs other games.

* ``engine.nodes_per_s``: the built-in search from the standard start.
* ``engine.<variant>_vs_random_pct``: score of the built-in player at a fast
  setting over 20 games against a random mover, colours alternating
  (a win 1, a draw ½; a game still going after 300 plies counts as a draw).
  Goal >= 95 %.
* ``engine.vs_fairy_lowest_pct``: score over 10 standard games against
  Fairy-Stockfish at its lowest skill (-20), 50 ms a move, the built-in
  player at the default level.
* ``engine.move_p95_s``: the built-in player's time per move at the default
  level, positions from every variant. Goal <= 2 s.
* ``engine.move_p99_ms`` beside ``engine.move_p99_alone_ms``: ``/move``
  p99 of 50 human games (``bench_bot``'s measure) while 5 computer games
  think, against the same run without them. Goal: within 1.5x.
* ``engine.ladder.<variant>.<upper>v<lower>_pct`` and ``..._games``: the
  built-in player's level ``upper`` against level ``lower`` (each level
  against the one below, and 8 against 1), the score of the upper one.
  Games come in pairs from one opening (a few seeded random plies, and the
  variant's own deal for the seed), each colour once; every move is searched
  to the level's node budget, so a game plays the same on any machine.
  Goal: >= 60 % for each step, >= 90 % for 8 against 1, over 40 games.
* ``engine.hidden.<variant>.<a>_v_<b>_pct`` and ``..._games``: players of a
  variant with something hidden, at the node budget of a level
  (:mod:`benchmarks.hidden_players`: ``chance6``, Jieqi's chance search at
  level 6's; ``sampled``, determinization; ``samples1``, determinization
  with one sample; ``level``, the level as it plays; ``omniscient``, one
  search of the true game, a yardstick no player is given), the score of
  the first, games paired as in the ladder. Goal: each variant plays the
  stronger way; ``omniscient8_v_level8`` is the gap between the fair
  level 8 and one that sees everything.

``python -m benchmarks engine`` runs :func:`report` in full (the search's
nodes a second against Fairy-Stockfish's and the rules' perft, the ladder,
the Elo table of :mod:`benchmarks.bench_elo`, the hidden-information
players), then the figures above of the earlier issues; ``python -m
benchmarks.bench_engine short`` the same report at CI's size (two seeded
games of 24 plies a pairing). Games run two at a time in processes (the
machine's two cores). ``python -m benchmarks.bench_engine VARIANT ...`` runs
only the games against the random mover, for the variants named;
``python -m benchmarks.bench_engine ladder [--games N] [--pairs 2:1,8:1]
[--workers N] [VARIANT ...]`` only the ladder; ``python -m
benchmarks.bench_engine hidden [--games N] [--first N] [--pairs
samples1@6:samples3@6,...] [--workers N] [VARIANT ...]`` only the
hidden-information players, each game's result printed as it ends.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass

from benchmarks import Figure, bench_elo, bench_search, hidden_players
from bot.cogs.computer import WORKERS
from computer.fairy import FairyStockfish, engine_path, from_uci
from computer.levels import DEFAULT_LEVEL, LEVELS, Level, level
from computer.player import choose
from computer.pool import SearchPool
from computer.search import Budget, Searcher
from computer.uci import Limit
from computer.variants.xiangqi import XiangqiState
from rules.actions import Move
from rules.knowledge import knowledge_of
from rules.match import Match
from rules.pieces import Color
from rules.position import Position

VARIANTS = ("xiangqi", "jieqi", "jieqi-classic", "tuibei", "houji", "fanbing")
RANDOM_GAMES = 20
FAIRY_GAMES = 10
MAX_PLIES = 300
FAST = Level(0, 0, 0.15, 2_000, 0, 2_000)  # the fast setting against the random mover
FAIRY_LIMIT = Limit(time=0.05)
THINKING_GAMES = 5
LADDER_GAMES = 40  # per pair of levels
LADDER_PAIRS = (*((n, n - 1) for n in range(2, len(LEVELS) + 1)), (len(LEVELS), 1))
OPENING_PLIES = 2  # random plies before the levels take over, varied by the seed


def _score(match: Match, computer: Color) -> float:
    outcome = match.outcome
    if outcome is None or outcome.winner is None:
        return 0.5
    return 1.0 if outcome.winner is computer else 0.0


def _versus_random(variant: str, game: int) -> tuple[float, list[float]]:
    """One game against a random mover; the score and the computer's move times."""
    rng = random.Random(game)
    computer = Color.RED if game % 2 == 0 else Color.BLACK
    match = Match.start(variant, {}, rng.randrange(2**31))
    times: list[float] = []
    while match.outcome is None and match.game.ply < MAX_PLIES:
        side = match.game.turn
        if side is computer:
            started = time.perf_counter()
            text = choose(knowledge_of(match, side), FAST, rng.randrange(2**31)).action
            times.append(time.perf_counter() - started)
        else:
            text = rng.choice(match.game.legal_actions()).text
        match.apply(text)
    return _score(match, computer), times


def _opened(variant: str, opening: str) -> Match:
    """A game of ``variant`` dealt and opened (a few random plies) by the seed ``opening``."""
    rng = random.Random(opening)
    match = Match.start(variant, {}, rng.randrange(2**31))
    for _ in range(OPENING_PLIES):
        if match.outcome is None:
            match.apply(rng.choice(match.game.legal_actions()).text)
    return match


def ladder_game(
    variant: str, upper: int, lower: int, game: int, max_plies: int = MAX_PLIES
) -> tuple[float, int]:
    """Level ``upper`` against level ``lower`` from opening ``game // 2``, the
    upper level Red in even games; its score and the plies played."""
    match = _opened(variant, f"{variant} {upper} {lower} {game // 2}")
    top = Color.RED if game % 2 == 0 else Color.BLACK
    seeds = random.Random(f"{variant} {upper} {lower} {game}")
    while match.outcome is None and match.game.ply < max_plies:
        side = match.game.turn
        chosen = level(upper if side is top else lower)
        match.apply(choose(knowledge_of(match, side), chosen, seeds.randrange(2**31)).action)
    return _score(match, top), match.game.ply


def ladder(
    pool: Executor,
    variants: tuple[str, ...],
    pairs: tuple[tuple[int, int], ...] = LADDER_PAIRS,
    games: int = LADDER_GAMES,
    max_plies: int = MAX_PLIES,
    first: int = 0,
) -> Iterator[Figure]:
    """``first``: the first game's number, so that a run of games 20 to 39
    adds to one of games 0 to 19 what a run of 40 would have played."""
    for variant in variants:
        for upper, lower in pairs:
            count = range(first, first + games)
            uppers, lowers = [upper] * games, [lower] * games
            results = list(
                pool.map(ladder_game, [variant] * games, uppers, lowers, count, [max_plies] * games)
            )
            name = f"engine.ladder.{variant}.{upper}v{lower}"
            yield f"{name}_pct", 100 * sum(s for s, _ in results) / games, "%"
            yield f"{name}_games", games, "games"
            yield f"{name}_mean_plies", statistics.mean(p for _, p in results), "plies"


HIDDEN_GAMES = 20  # per pairing
# Per variant with something hidden: ways of searching it at equal node
# budgets (``benchmarks.hidden_players``), then the fair level 8 against the
# yardstick that sees everything.
HIDDEN_PAIRS: dict[str, tuple[str, ...]] = {
    "jieqi": (
        "chance@8:sampled@8",
        "chance@6:sampled@6",
        "chance@4:sampled@4",
        "omniscient@8:level@8",
    ),
    # Face-down pieces move under the classic rules: no chance search there.
    "jieqi-classic": ("samples1@6:sampled@6", "omniscient@8:level@8"),
    # The levels play one draw (``samples1``), which beat three.
    "fanbing": ("samples3@6:level@6", "omniscient@8:level@8"),
    # Tuibei's one sample already weighs every kind the hidden tile may be.
    "tuibei": ("omniscient@8:level@8",),
}


def hidden_game(
    variant: str, pairing: str, game: int, max_plies: int = MAX_PLIES
) -> tuple[float, int]:
    """A game of ``pairing`` (``player@level:player@level``, the first one's
    score) from opening ``game // 2``, the first player Red in even games."""
    first, second = (
        (kind, int(number)) for kind, number in (p.split("@") for p in pairing.split(":"))
    )
    match = _opened(variant, f"{variant} {pairing} {game // 2}")
    top = Color.RED if game % 2 == 0 else Color.BLACK
    seeds = random.Random(f"{variant} {pairing} {game}")
    while match.outcome is None and match.game.ply < max_plies:
        player, number = first if match.game.turn is top else second
        match.apply(hidden_players.move(match, player, number, seeds.randrange(2**31)))
    return _score(match, top), match.game.ply


def hidden_name(variant: str, pairing: str) -> str:
    return f"engine.hidden.{variant}." + pairing.replace("@", "").replace(":", "_v_")


def hidden(
    pool: ProcessPoolExecutor,
    pairs: dict[str, tuple[str, ...]] = HIDDEN_PAIRS,
    games: int = HIDDEN_GAMES,
    max_plies: int = MAX_PLIES,
) -> Iterator[Figure]:
    for variant, pairings in pairs.items():
        for pairing in pairings:
            results = list(
                pool.map(
                    hidden_game,
                    [variant] * games,
                    [pairing] * games,
                    range(games),
                    [max_plies] * games,
                )
            )
            name = hidden_name(variant, pairing)
            yield f"{name}_pct", 100 * sum(s for s, _ in results) / games, "%"
            yield f"{name}_games", games, "games"
            yield f"{name}_mean_plies", statistics.mean(p for _, p in results), "plies"


def _default_level_times(variant: str, seed: int) -> list[float]:
    """Move times at the default level in positions of a game against a random mover."""
    rng = random.Random(seed)
    match = Match.start(variant, {}, seed)
    times: list[float] = []
    for _ in range(10):
        if match.outcome is not None:
            break
        side = match.game.turn
        started = time.perf_counter()
        text = choose(knowledge_of(match, side), level(DEFAULT_LEVEL), seed).action
        times.append(time.perf_counter() - started)
        match.apply(text)
        if match.outcome is None:
            match.apply(rng.choice(match.game.legal_actions()).text)
    return times


async def _versus_fairy(path: str) -> float:
    fairy = FairyStockfish(path)
    pool = SearchPool(2)
    ours = level(DEFAULT_LEVEL)
    lowest = Level(0, -20, FAIRY_LIMIT.time or 0.05, 0, 0, engine_nodes=0)  # FAIRY_LIMIT rules

    async def game(number: int) -> float:
        computer = Color.RED if number % 2 == 0 else Color.BLACK
        match = Match.start("xiangqi")
        while match.outcome is None and match.game.ply < MAX_PLIES:
            side = match.game.turn
            if side is computer:
                text = (await pool.choose(knowledge_of(match, side), ours, number)).action
            else:
                moves = [Move.from_iccs(t) for t in match.entries]
                result = await fairy.best({}, moves, lowest, FAIRY_LIMIT)
                assert result.move is not None
                text = from_uci(result.move).text
            match.apply(text)
        return _score(match, computer)

    try:
        scores: list[float] = []
        for first in range(0, FAIRY_GAMES, 2):  # two games at a time: one per worker
            scores += await asyncio.gather(game(first), game(first + 1))
    finally:
        await fairy.quit()
        await pool.close()
    return 100 * sum(scores) / len(scores)


def _thinking_load(stop: threading.Event) -> None:
    """Five computer games thinking at the default level, on as many search
    processes as the bot starts."""

    async def think() -> None:
        pool = SearchPool(WORKERS)
        match = Match.start("xiangqi")
        knowledge = knowledge_of(match, Color.RED)

        async def one_game(seed: int) -> None:
            while not stop.is_set():
                await pool.choose(knowledge, level(DEFAULT_LEVEL), seed)

        try:
            await asyncio.gather(*(one_game(n) for n in range(THINKING_GAMES)))
        finally:
            await pool.close()

    asyncio.run(think())


def _move_p99() -> float:
    from benchmarks.bench_bot import _measure

    ordered = sorted(asyncio.run(_measure()))
    return ordered[int(len(ordered) * 0.99) - 1]


def versus_random(pool: ProcessPoolExecutor, variants: tuple[str, ...]) -> Iterator[Figure]:
    for variant in variants:
        results = list(pool.map(_versus_random, [variant] * RANDOM_GAMES, range(RANDOM_GAMES)))
        score = 100 * sum(s for s, _ in results) / RANDOM_GAMES
        yield f"engine.{variant}_vs_random_pct", score, "%"


@dataclass(frozen=True, slots=True)
class Scale:
    """How much of each part :func:`report` plays: games a pair of levels and
    a pairing of hidden-information players, the longest game, the Elo
    series (games a level, a pair of budgets, which levels), and the nodes
    each speed measure searches."""

    ladder_games: int
    ladder_pairs: tuple[tuple[int, int], ...]
    hidden_games: int
    hidden_pairs: dict[str, tuple[str, ...]]
    max_plies: int
    elo_games: int
    elo_ladder_games: int
    elo_levels: tuple[int, ...]
    search_nodes: int
    fairy_nodes: int


FULL = Scale(
    LADDER_GAMES,
    LADDER_PAIRS,
    HIDDEN_GAMES,
    HIDDEN_PAIRS,
    MAX_PLIES,
    bench_elo.LEVEL_GAMES,
    bench_elo.LADDER_GAMES,
    tuple(LEVELS),
    bench_search.NODES,
    bench_search.FAIRY_NODES,
)
# What CI plays: every part, a couple of short seeded games each.
SHORT = Scale(
    2,
    ((2, 1),),
    2,
    {variant: ("omniscient@2:level@2",) for variant in HIDDEN_PAIRS},
    24,
    1,
    1,
    (1,),
    2_000,
    100_000,
)


def report(scale: Scale) -> Iterator[Figure]:
    """What issue 29 asks to see, in order: nodes a second against
    Fairy-Stockfish's and the rules' perft, the level ladder of every
    variant, the Elo table, and the hidden-information players with the gap
    to the yardstick that sees everything."""
    yield from bench_search.rates(scale.search_nodes, scale.fairy_nodes)
    with ProcessPoolExecutor(2) as pool:
        yield from ladder(pool, VARIANTS, scale.ladder_pairs, scale.ladder_games, scale.max_plies)
    yield from bench_elo.elo_report(scale.elo_games, scale.elo_ladder_games, scale.elo_levels)
    with ProcessPoolExecutor(2) as pool:
        yield from hidden(pool, scale.hidden_pairs, scale.hidden_games, scale.max_plies)


def run() -> Iterator[Figure]:
    yield from report(FULL)

    searcher = Searcher(Budget(depth=3))
    started = time.perf_counter()
    searcher.run(XiangqiState(Position.start()))
    yield "engine.nodes_per_s", searcher.nodes / (time.perf_counter() - started), "nodes/s"

    times: list[float] = []
    with ProcessPoolExecutor(2) as pool:
        yield from versus_random(pool, VARIANTS)
        default = pool.map(_default_level_times, VARIANTS, range(len(VARIANTS)))
        times = sorted(t for found in default for t in found)
    yield "engine.move_p95_s", times[int(len(times) * 0.95) - 1], "s"
    yield "engine.move_median_s", statistics.median(times), "s"

    path = engine_path()
    if path is not None:
        yield "engine.vs_fairy_lowest_pct", asyncio.run(_versus_fairy(path)), "%"

    yield "engine.move_p99_alone_ms", _move_p99(), "ms"
    stop = threading.Event()
    load = threading.Thread(target=_thinking_load, args=(stop,))
    load.start()
    try:
        time.sleep(1.0)  # the workers are up and searching
        loaded = _move_p99()
    finally:
        stop.set()
        load.join()
    yield "engine.move_p99_ms", loaded, "ms"


def _hidden_main(argv: list[str]) -> Iterator[Figure]:
    """Each game's result as it ends (pairing, game, score, plies), then the figures."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_engine hidden")
    parser.add_argument("--games", type=int, default=HIDDEN_GAMES)
    parser.add_argument("--first", type=int, default=0, help="the first game's number")
    parser.add_argument("--pairs", help="a:b,... as in HIDDEN_PAIRS (default: the variant's)")
    parser.add_argument("--workers", type=int, default=2, help="processes playing games")
    parser.add_argument("variants", nargs="*", default=list(HIDDEN_PAIRS))
    args = parser.parse_args(argv)
    with ProcessPoolExecutor(args.workers) as executor:
        for variant in args.variants:
            pairings = args.pairs.split(",") if args.pairs else HIDDEN_PAIRS[variant]
            for pairing in pairings:
                numbers = range(args.first, args.first + args.games)
                played = executor.map(
                    hidden_game, [variant] * args.games, [pairing] * args.games, numbers
                )
                results = []
                for number, (score, plies) in zip(numbers, played, strict=True):
                    print(f"# {variant} {pairing} game {number}: {score} in {plies} plies")
                    results.append(score)
                name = hidden_name(variant, pairing)
                yield f"{name}_pct", 100 * sum(results) / len(results), "%"
                yield f"{name}_games", len(results), "games"


def _main(argv: list[str]) -> Iterator[Figure]:
    if argv[:1] == ["short"]:
        yield from report(SHORT)
        return
    if argv[:1] == ["hidden"]:
        yield from _hidden_main(argv[1:])
        return
    if argv[:1] != ["ladder"]:
        with ProcessPoolExecutor(2) as executor:
            yield from versus_random(executor, tuple(argv) or VARIANTS)
        return
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_engine ladder")
    parser.add_argument("--games", type=int, default=LADDER_GAMES)
    parser.add_argument(
        "--pairs", help="upper:lower,... (default: each level against the one below, and 8:1)"
    )
    parser.add_argument("--first", type=int, default=0, help="the first game's number")
    parser.add_argument("--workers", type=int, default=2, help="processes playing games")
    parser.add_argument("variants", nargs="*", default=VARIANTS)
    args = parser.parse_args(argv[1:])
    pairs = LADDER_PAIRS
    if args.pairs:
        pairs = tuple(
            (int(upper), int(lower))
            for upper, lower in (pair.split(":") for pair in args.pairs.split(","))
        )
    with ProcessPoolExecutor(args.workers) as executor:
        yield from ladder(executor, tuple(args.variants), pairs, args.games, first=args.first)


if __name__ == "__main__":
    for name, value, unit in _main(sys.argv[1:]):
        print(f"{name}: {value:.6g} {unit}", flush=True)
