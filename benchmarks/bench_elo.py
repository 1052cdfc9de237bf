"""An Elo scale for the computer's levels (issue 29), and how long each level
takes to answer.

The built-in search at each level plays standard xiangqi against
Fairy-Stockfish at full strength on a ladder of node budgets
(:data:`BUDGETS`). The ladder is tied down by one anchor, Fairy-Stockfish at
:data:`ANCHOR` nodes a move rated :data:`ANCHOR_RATING`; the ladder's own
spacing comes from games between neighbouring budgets. Every rating is then
one maximum-likelihood fit of the logistic Elo model (a win 1, a draw ½)
over all the games, with a standard error from the fit's curvature
(:func:`fit`). Each pairing counts one virtual draw, as BayesElo's prior
does, so a level that won or lost everything still gets a finite rating.

A level's games come in pairs from one opening (:data:`OPENING_PLIES`
seeded random plies), each side Red once. After each pair the level's
rating is estimated again and the next pair is played against the budget
rated nearest it, so games are spent where they tell most; the first pair
is against :data:`START`. A game still going after :data:`MAX_PLIES` plies
is a draw; one in which Fairy-Stockfish reports at least
:data:`DECISIVE_CP` centipawns (or a mate) for the same side on
:data:`DECISIVE_REPORTS` moves in a row is that side's win. Every move is
searched to a node budget, never a time, so a run plays the same games on
any machine.

Figures:

* ``elo.fs<n>`` and ``elo.level<n>``: the rating, its error and games played.
* ``elo.level<n>.fs<m>_pct`` / ``_games``: the level's score in each pairing.
* ``elo.level8_vs_fs10000_expected_pct``: level 8's expected score against
  Fairy-Stockfish at 10,000 nodes by the fitted ratings (goal >= 50 %).
* ``answer.<variant>.level<n>_p50_s`` / ``_p95_s``: the time to choose a
  move over positions of seeded games (:func:`positions`), each level at its
  node budget as played in that variant; ``answer.xiangqi-fairy...``: the
  same for Fairy-Stockfish at the level's own budget, which is what plays
  standard xiangqi in the bot.

``python -m benchmarks.bench_elo [--games N] [--ladder-games N] [--levels 1,8]
[--positions N] [--variants a,b] [--log FILE]`` runs a smaller or larger
version (``--games 0`` skips the levels' games, ``--positions 0`` the times),
adding each game's result to FILE as it ends; ``--refit FILE`` prints the
ratings from the games of such a file without playing any, with
``--with-ladder FILE`` also the levels' games against each other that
``python -m benchmarks.bench_engine ladder ... xiangqi`` printed to FILE;
``--pair level8:fs10000 --games 16 [--first N]`` plays only those games of
one pairing (the same games as the series would, game by game, from game
N on), to add to a log.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import math
import os
import random
import re
import statistics
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass

from benchmarks import Figure
from computer.fairy import FairyStockfish, engine_path, from_uci
from computer.levels import LEVELS, Level, level
from computer.player import choose
from computer.uci import Limit
from rules.actions import Move
from rules.knowledge import knowledge_of
from rules.match import Match
from rules.pieces import Color

BUDGETS = (10, 30, 100, 300, 1_000, 3_000, 10_000)  # Fairy-Stockfish's nodes a move
ANCHOR = 1_000
ANCHOR_RATING = 1500.0
START = {1: 10, 2: 10, 3: 30, 4: 100, 5: 300, 6: 1_000, 7: 1_000, 8: 3_000}
LADDER_GAMES = 24  # per pair of neighbouring budgets
LEVEL_GAMES = 8  # per level
MAX_PLIES = 160
OPENING_PLIES = 2
DECISIVE_CP = 1_000
DECISIVE_REPORTS = 3
PRIOR_DRAWS = 1.0
LOG = "CHUHAN_ELO_LOG"  # a file each game's result is added to, as a JSON line, when set
TIME_VARIANTS = ("xiangqi", "jieqi", "jieqi-classic", "tuibei", "houji", "fanbing")
TIME_GAMES = 3  # seeded games per variant whose positions are timed
TIME_PLIES = (0, 10, 20, 30)  # the plies of each game that are timed
K = math.log(10) / 400  # the logistic Elo model's slope
LADDER_LINE = re.compile(r"engine\.ladder\.xiangqi\.(\d+)v(\d+)_(pct|games): ([\d.]+)")


# -- the estimate -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Result:
    """``first`` scored ``score`` (1, ½ or 0) against ``second``, ``weight`` times."""

    first: str
    second: str
    score: float
    weight: float = 1.0


@dataclass(frozen=True, slots=True)
class Estimate:
    rating: float
    error: float
    games: int


def expected(difference: float) -> float:
    """The logistic Elo model's expected score of a side ``difference`` points stronger."""
    return 1.0 / (1.0 + math.exp(-K * difference))


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """Gauss-Jordan with partial pivoting; the fit's matrices are small."""
    n = len(matrix)
    rows = [[*row, *(float(i == j) for j in range(n))] for i, row in enumerate(matrix)]
    for column in range(n):
        pivot = max(range(column, n), key=lambda r: abs(rows[r][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        head = rows[column][column]
        rows[column] = [value / head for value in rows[column]]
        for r in range(n):
            if r != column and rows[r][column]:
                factor = rows[r][column]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[column], strict=True)]
    return [row[n:] for row in rows]


def fit(
    results: Iterable[Result],
    anchor: str,
    anchor_rating: float = ANCHOR_RATING,
    prior_draws: float = PRIOR_DRAWS,
) -> dict[str, Estimate]:
    """Every player's rating by maximum likelihood, ``anchor`` held at
    ``anchor_rating``; the errors are the square roots of the inverse
    information's diagonal. ``prior_draws`` virtual draws are added to each
    pairing that was played. Every player must be connected to the anchor."""
    games = list(results)
    counts: dict[str, int] = {}
    for g in games:
        for name in (g.first, g.second):
            counts[name] = counts.get(name, 0) + round(g.weight)
    pairs = {tuple(sorted((g.first, g.second))) for g in games}
    if prior_draws > 0:
        games += [Result(a, b, 0.5, prior_draws) for a, b in sorted(pairs)]
    names = sorted(set(counts) - {anchor})
    index = {name: i for i, name in enumerate(names)}
    ratings = dict.fromkeys(names, anchor_rating) | {anchor: anchor_rating}
    information: list[list[float]] = []
    for _ in range(100):
        gradient = [0.0] * len(names)
        information = [[0.0] * len(names) for _ in names]
        for g in games:
            p = expected(ratings[g.first] - ratings[g.second])
            slope, curve = K * (g.score - p) * g.weight, K * K * p * (1 - p) * g.weight
            for name, sign in ((g.first, 1), (g.second, -1)):
                if name in index:
                    gradient[index[name]] += sign * slope
                    information[index[name]][index[name]] += curve
            if g.first in index and g.second in index:
                information[index[g.first]][index[g.second]] -= curve
                information[index[g.second]][index[g.first]] -= curve
        inverse = _inverse(information)
        steps = [sum(a * b for a, b in zip(row, gradient, strict=True)) for row in inverse]
        for name, step in zip(names, steps, strict=True):
            ratings[name] += max(-400.0, min(400.0, step))
        if max((abs(s) for s in steps), default=0.0) < 1e-6:
            break
    inverse = _inverse(information)
    found = {anchor: Estimate(anchor_rating, 0.0, counts.get(anchor, 0))}
    for name, i in index.items():
        found[name] = Estimate(ratings[name], math.sqrt(inverse[i][i]), counts[name])
    return found


# -- the games ----------------------------------------------------------------


def fs(nodes: int) -> str:
    return f"fs{nodes}"


def builtin(number: int) -> str:
    return f"level{number}"


def _budget(name: str) -> int:
    return int(name.removeprefix("fs"))


def _centipawns(score: object) -> int:
    """An ``info`` score in centipawns for the mover, a mate as ±100,000."""
    match score:
        case ("cp", int(value)):
            return value
        case ("mate", int(value)):
            return 100_000 if value > 0 else -100_000
    return 0


class Players:
    """The engines of one process: a Fairy-Stockfish per colour (so that one
    side's hash never serves the other), started once."""

    def __init__(self, path: str) -> None:
        self.engines = {Color.RED: FairyStockfish(path), Color.BLACK: FairyStockfish(path)}

    async def move(self, name: str, match: Match, seed: int, fresh: bool) -> tuple[str, int | None]:
        """``name``'s move and, for Fairy-Stockfish, its score for Red in centipawns
        (a mate as ±100,000); ``fresh``: its first move of the game."""
        side = match.game.turn
        if name.startswith("level"):
            chosen = level(int(name.removeprefix("level")))
            return choose(knowledge_of(match, side), chosen, seed).action, None
        nodes = _budget(name)
        moves = [Move.from_iccs(text) for text in match.entries]
        strongest = Level(0, 20, 0.0, 0, 0, nodes)
        result = await self.engines[side].best(
            {}, moves, strongest, Limit(nodes=nodes), new_game=fresh
        )
        assert result.move is not None
        score = _centipawns(result.info.get("score"))
        return from_uci(result.move).text, score if side is Color.RED else -score

    async def quit(self) -> None:
        for engine in self.engines.values():
            await engine.quit()


async def play(players: Players, first: str, second: str, game: int) -> Result:
    """Game ``game`` of ``first`` against ``second``: the opening of the pair
    ``game // 2``, ``first`` Red in even games; ``first``'s score."""
    opening = random.Random(f"{first} {second} {game // 2}")
    match = Match.start("xiangqi")
    for _ in range(OPENING_PLIES):
        match.apply(opening.choice(match.game.legal_actions()).text)
    red, black = (first, second) if game % 2 == 0 else (second, first)
    seeds = random.Random(f"{first} {second} {game}")
    started: set[Color] = set()
    streak = 0  # reports in a row beyond DECISIVE_CP, positive for Red
    winner: Color | None = None
    while match.outcome is None and match.game.ply < MAX_PLIES:
        side = match.game.turn
        name = red if side is Color.RED else black
        text, score = await players.move(name, match, seeds.randrange(2**31), side not in started)
        started.add(side)
        match.apply(text)
        if score is not None:
            sign = 0 if abs(score) < DECISIVE_CP else 1 if score > 0 else -1
            streak = streak + sign if sign and streak * sign >= 0 else sign
            if abs(streak) >= DECISIVE_REPORTS:
                winner = Color.RED if streak > 0 else Color.BLACK
                break
    if match.outcome is not None:
        winner = match.outcome.winner
    first_is = Color.RED if game % 2 == 0 else Color.BLACK
    score = 0.5 if winner is None else 1.0 if winner is first_is else 0.0
    result = Result(first, second, score)
    log = os.environ.get(LOG)
    if log:
        with open(log, "a", encoding="utf-8") as out:
            out.write(json.dumps({**asdict(result), "game": game, "plies": match.game.ply}) + "\n")
    return result


def logged(path: str) -> tuple[list[Result], list[Result]]:
    """The games of a log: those between budgets, and the levels' games."""
    with open(path, encoding="utf-8") as lines:
        found = [json.loads(line) for line in lines if line.strip()]
    games = [Result(g["first"], g["second"], g["score"], g["weight"]) for g in found]
    return [g for g in games if g.first.startswith("fs")], [
        g for g in games if g.first.startswith("level")
    ]


def ladder_steps(path: str) -> list[Result]:
    """Standard xiangqi's level ladder, read from what ``python -m
    benchmarks.bench_engine ladder ... xiangqi`` printed: each step one
    result weighted by its games (the logistic model's likelihood of a
    mean score over n games is that of the n games one by one), so that the
    levels' games against each other order them where their few games
    against Fairy-Stockfish alone cannot."""
    found: dict[tuple[int, int], dict[str, float]] = {}
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            step = LADDER_LINE.match(line.strip())
            if step is not None:
                upper, lower, what, value = step.groups()
                found.setdefault((int(upper), int(lower)), {})[what] = float(value)
    return [
        Result(builtin(upper), builtin(lower), step["pct"] / 100, step["games"])
        for (upper, lower), step in sorted(found.items())
    ]


def _ladder_pair(path: str, lower: int, upper: int, games: int) -> list[Result]:
    """``games`` games of Fairy-Stockfish at ``upper`` nodes against ``lower``."""

    async def series() -> list[Result]:
        players = Players(path)
        try:
            return [await play(players, fs(upper), fs(lower), n) for n in range(games)]
        finally:
            await players.quit()

    return asyncio.run(series())


def nearest(rating: float, ladder: dict[str, Estimate]) -> str:
    """The budget rated nearest ``rating`` (the lower one on a tie)."""
    return min(ladder, key=lambda name: (abs(ladder[name].rating - rating), _budget(name)))


def level_series(path: str, number: int, games: int, ladder: Sequence[Result]) -> list[Result]:
    """``games`` games of level ``number``, pair by pair against the budget
    rated nearest its estimate so far (:data:`START` for the first pair)."""

    async def series() -> list[Result]:
        players = Players(path)
        played: list[Result] = []
        opponent = fs(START.get(number, ANCHOR))
        try:
            for pair in range(0, games, 2):
                for n in range(pair, min(pair + 2, games)):
                    played.append(await play(players, builtin(number), opponent, n))
                ratings = fit([*ladder, *played], fs(ANCHOR))
                mine = ratings.pop(builtin(number))
                opponent = nearest(mine.rating, ratings)
        finally:
            await players.quit()
        return played

    return asyncio.run(series())


def _one_game(path: str, first: str, second: str, game: int) -> Result:
    async def single() -> Result:
        players = Players(path)
        try:
            return await play(players, first, second, game)
        finally:
            await players.quit()

    return asyncio.run(single())


def pair_figures(
    path: str, first: str, second: str, games: int, workers: int = 2, start: int = 0
) -> Iterator[Figure]:
    """``games`` games of ``first`` against ``second`` (``level8``, ``fs10000``)
    from game number ``start`` on (so a later run adds new openings), two at
    a time: the first's score, and its score as Red and as Black (it is Red
    in the even games)."""
    numbers = range(start, start + games)
    with ProcessPoolExecutor(workers) as pool:
        found = list(
            pool.map(_one_game, [path] * games, [first] * games, [second] * games, numbers)
        )
    name = f"pair.{first}.{second}"
    yield f"{name}_games", len(found), "games"
    yield f"{name}_pct", 100 * sum(r.score for r in found) / max(1, len(found)), "%"
    for colour, parity in (("red", 0), ("black", 1)):
        mine = [r.score for r, n in zip(found, numbers, strict=True) if n % 2 == parity]
        yield f"{name}_as_{colour}_pct", 100 * sum(mine) / max(1, len(mine)), "%"


def elo_games(
    path: str, levels: Sequence[int], games: int, ladder_games: int, workers: int = 2
) -> tuple[list[Result], list[Result]]:
    """The games between neighbouring budgets, then each level's series: the
    dearest level in one process, the others from the cheapest in the other,
    so that a run cut short still has the cheap levels."""
    with ProcessPoolExecutor(workers) as pool:
        steps = list(itertools.pairwise(BUDGETS))
        found = pool.map(
            _ladder_pair,
            [path] * len(steps),
            *zip(*steps, strict=True),
            [ladder_games] * len(steps),
        )
        ladder = [r for results in found for r in results]
        dearest = max(levels, key=lambda n: LEVELS[n].nodes)
        order = [dearest, *sorted(set(levels) - {dearest}, key=lambda n: LEVELS[n].nodes)]
        runs = pool.map(
            level_series, [path] * len(order), order, [games] * len(order), [ladder] * len(order)
        )
        return ladder, [r for results in runs for r in results]


def elo_figures(
    ladder: Sequence[Result], played: Sequence[Result], steps: Sequence[Result] = ()
) -> Iterator[Figure]:
    """The ratings from the budgets' ``ladder``, the levels' games against
    Fairy-Stockfish (``played``) and the levels' against each other (``steps``)."""
    ratings = fit([*ladder, *played, *steps], fs(ANCHOR))
    for name in [*map(fs, BUDGETS), *(builtin(n) for n in LEVELS)]:
        if name in ratings:
            e = ratings[name]
            yield f"elo.{name}", round(e.rating), f"Elo ±{e.error:.0f} ({e.games} games)"
    pairings: dict[tuple[str, str], list[float]] = {}
    for r in played:
        pairings.setdefault((r.first, r.second), []).append(r.score)
    for (mine, theirs), scores in sorted(
        pairings.items(), key=lambda p: (p[0][0], _budget(p[0][1]))
    ):
        yield f"elo.{mine}.{theirs}_pct", 100 * statistics.mean(scores), "%"
        yield f"elo.{mine}.{theirs}_games", len(scores), "games"
    top, strong = builtin(max(LEVELS)), fs(BUDGETS[-1])
    if top in ratings and strong in ratings:
        chance = expected(ratings[top].rating - ratings[strong].rating)
        yield f"elo.{top}_vs_{strong}_expected_pct", 100 * chance, "%"


# -- answer times ---------------------------------------------------------------


def positions(variant: str) -> list[Match]:
    """Positions of :data:`TIME_GAMES` seeded games of level 1 against itself,
    at each of :data:`TIME_PLIES` (fewer when a game ends sooner)."""
    found: list[Match] = []
    for seed in range(TIME_GAMES):
        match = Match.start(variant, {}, seed)
        for ply in range(max(TIME_PLIES) + 1):
            if match.outcome is not None:
                break
            if ply in TIME_PLIES:
                found.append(Match.start(variant, {}, seed))
                for action in match.game.actions:
                    found[-1].apply(action.text)
            match.apply(choose(knowledge_of(match, match.game.turn), level(1), ply).action)
    return found


def _quantiles(name: str, times: list[float]) -> Iterator[Figure]:
    ordered = sorted(times)
    yield f"{name}_p50_s", statistics.median(ordered), "s"
    yield f"{name}_p95_s", ordered[max(0, math.ceil(len(ordered) * 0.95) - 1)], "s"


def _children_seconds() -> float:
    """Processor seconds used so far by this process's running children (the
    engine), read from ``/proc``: a busy machine stretches the wall clock of a
    node budget, not its processor time."""
    total = 0
    for task in os.listdir("/proc/self/task"):
        with contextlib.suppress(FileNotFoundError), open(f"/proc/self/task/{task}/children") as f:
            for pid in f.read().split():
                with open(f"/proc/{pid}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
                total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


def answer_times(variant: str, levels: Sequence[int], count: int) -> list[Figure]:
    """Each level's time to choose over the first ``count`` positions of
    ``variant``, on the wall clock and in processor time."""
    figures: list[Figure] = []
    chosen = positions(variant)[:count]
    for number in levels:
        times, processor = [], []
        for seed, match in enumerate(chosen):
            knowledge = knowledge_of(match, match.game.turn)
            started, used = time.perf_counter(), time.process_time()
            choose(knowledge, level(number), seed)
            times.append(time.perf_counter() - started)
            processor.append(time.process_time() - used)
        figures += _quantiles(f"answer.{variant}.level{number}", times)
        figures += _quantiles(f"answer.{variant}.level{number}_cpu", processor)
    return figures


def fairy_times(path: str, levels: Sequence[int], count: int) -> list[Figure]:
    """Fairy-Stockfish's time to answer at each level's own budget and skill,
    over the standard positions, each searched as if first seen."""

    async def measure() -> list[Figure]:
        engine = FairyStockfish(path)
        figures: list[Figure] = []
        try:
            chosen = positions("xiangqi")[:count]
            for number in levels:
                times, processor = [], []
                for match in chosen:
                    moves = [Move.from_iccs(text) for text in match.entries]
                    await engine.best({}, moves, level(1), new_game=True)  # started
                    started, used = time.perf_counter(), _children_seconds()
                    await engine.best({}, moves, level(number), new_game=True)
                    times.append(time.perf_counter() - started)
                    processor.append(_children_seconds() - used)
                figures += _quantiles(f"answer.xiangqi-fairy.level{number}", times)
                figures += _quantiles(f"answer.xiangqi-fairy.level{number}_cpu", processor)
        finally:
            await engine.quit()
        return figures

    return asyncio.run(measure())


def time_figures(
    variants: Sequence[str], levels: Sequence[int], count: int, workers: int = 2
) -> Iterator[Figure]:
    yield "answer.load_average_1min_before", os.getloadavg()[0], ""
    with ProcessPoolExecutor(workers) as pool:
        found = pool.map(answer_times, variants, [levels] * len(variants), [count] * len(variants))
        for figures in found:
            yield from figures
    path = engine_path()
    if path is not None:
        yield from fairy_times(path, levels, count)
    yield "answer.load_average_1min_after", os.getloadavg()[0], ""


# -- entry points -------------------------------------------------------------


def elo_report(games: int, ladder_games: int, levels: Sequence[int]) -> Iterator[Figure]:
    """The Elo table from games played now (none without Fairy-Stockfish)."""
    path = engine_path()
    if path is not None and games > 0:
        yield from elo_figures(*elo_games(path, levels, games, ladder_games))


def _measure(
    games: int, ladder_games: int, levels: Sequence[int], count: int, variants: Sequence[str]
) -> Iterator[Figure]:
    yield from elo_report(games, ladder_games, levels)
    if count > 0:
        yield from time_figures(variants, levels, count)


def run() -> Iterator[Figure]:
    yield from _measure(
        LEVEL_GAMES, LADDER_GAMES, tuple(LEVELS), TIME_GAMES * len(TIME_PLIES), TIME_VARIANTS
    )


def _main(argv: list[str]) -> Iterator[Figure]:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_elo")
    parser.add_argument("--games", type=int, default=LEVEL_GAMES, help="games per level")
    parser.add_argument("--ladder-games", type=int, default=LADDER_GAMES)
    parser.add_argument("--levels", default=",".join(map(str, LEVELS)))
    parser.add_argument("--positions", type=int, default=TIME_GAMES * len(TIME_PLIES))
    parser.add_argument("--variants", default=",".join(TIME_VARIANTS))
    parser.add_argument("--log", help="add each game's result to this file as it ends")
    parser.add_argument("--refit", help="play nothing: the ratings from the games of a --log file")
    parser.add_argument(
        "--with-ladder",
        help="with --refit: also the level ladder's steps, as bench_engine ladder printed them",
    )
    parser.add_argument(
        "--pair", help="play only --games games of one pairing, as FIRST:SECOND (level8:fs10000)"
    )
    parser.add_argument("--first", type=int, default=0, help="--pair's first game number")
    args = parser.parse_args(argv)
    if args.refit:
        steps = ladder_steps(args.with_ladder) if args.with_ladder else []
        yield from elo_figures(*logged(args.refit), steps)
        return
    if args.log:
        os.environ[LOG] = args.log
    if args.pair:
        first, second = args.pair.split(":")
        path = engine_path()
        if path is None:
            raise SystemExit("no Fairy-Stockfish to play against")
        yield from pair_figures(path, first, second, args.games, start=args.first)
        return
    levels = tuple(int(n) for n in args.levels.split(","))
    variants = tuple(v.strip() for v in args.variants.split(","))
    yield from _measure(args.games, args.ladder_games, levels, args.positions, variants)


if __name__ == "__main__":
    for name, value, unit in _main(sys.argv[1:]):
        print(f"{name}: {value:.6g} {unit}", flush=True)
