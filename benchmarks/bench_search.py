"""The built-in search's speed (issue 29, item 1), as a ratio to Fairy-Stockfish.

* ``search.<variant>_nodes_per_s``: nodes a second of the built-in search,
  summed over a few fixed positions of the variant (a seeded game of
  random moves, stopped at fixed plies), each searched by the variant's
  plug-in to a fixed node budget, as the player does with one sample (with
  the deep search where the plug-in takes it: standard xiangqi).
* ``search.fairy_nodes_per_s``: Fairy-Stockfish's own ``info nps`` on the
  standard positions of the same list, one thread, a fixed node count,
  measured in the same run (the machine's load moves both alike).
* ``search.<variant>_over_fairy``: the first over the second.
* ``search.<variant>_nodes_per_cpu_s``, ``search.fairy_nodes_per_cpu_s`` and
  ``search.<variant>_cpu_over_fairy``: the same by processor time (the
  search's own, Fairy-Stockfish's as its process used it), which a loaded
  machine moves far less than the wall clock.
* ``search.perft_nodes_per_cpu_s`` and ``search.<variant>_cpu_over_perft``:
  the rules' own perft of standard xiangqi (depth 3 from the start, its
  79,666 leaves checked), and the search's nodes a second over it: a search
  node generates moves as perft does, then orders, scores and looks up
  the table, so this shows what a node costs beyond move generation.
* ``search.<variant>_depth<N>_nodes``: for the variants searched from the
  root as they are (xiangqi, Jieqi), the nodes it takes to finish depth ``N``
  at all the fixed positions: how well each node is used (the table, the
  move order and the reductions cut it), which nodes a second do not show.

Node and ply budgets only, never time: every run searches the same trees.
"""

from __future__ import annotations

import random
import resource
import subprocess
import time
from collections.abc import Iterator

from benchmarks import Figure
from computer.fairy import engine_path, to_uci
from computer.plugin import plugin_for
from computer.search import Budget, Searcher
from rules.actions import Move
from rules.knowledge import knowledge_of
from rules.match import Match
from rules.position import Position, perft

VARIANTS = ("xiangqi", "jieqi", "jieqi-classic", "tuibei", "houji", "fanbing")
PLIES = (0, 12, 30)  # where the fixed positions stop
NODES = 20_000  # the built-in search's budget per position
DEPTHS = {"xiangqi": 4, "jieqi": 4}  # the depth each is searched to for the node count
FAIRY_NODES = 2_000_000
PERFT_DEPTH, PERFT_LEAVES = 3, 79_666  # the published count from the standard start


def positions(variant: str) -> Iterator[Match]:
    """The variant's fixed positions: one seeded random game, stopped at each of ``PLIES``."""
    for stop in PLIES:
        rng = random.Random(stop)
        match = Match.start(variant, {}, stop)
        while match.game.ply < stop and match.outcome is None:
            match.apply(rng.choice(match.game.legal_actions()).text)
        if match.outcome is None:
            yield match


def builtin_rate(variant: str, budget: int = NODES) -> tuple[float, float]:
    """Nodes a second over the variant's positions, one sample each at
    ``budget`` nodes: by the wall clock, and by processor time."""
    plugin = plugin_for(variant)
    nodes, seconds, cpu = 0, 0.0, 0.0
    for match in positions(variant):
        knowledge = knowledge_of(match, match.game.turn)
        state = plugin.sample(knowledge, random.Random(1))
        searcher = Searcher(Budget(nodes=budget), deep=plugin.deep_search)
        started, processor = time.perf_counter(), time.process_time()
        plugin.root(knowledge, state, searcher)
        seconds += time.perf_counter() - started
        cpu += time.process_time() - processor
        nodes += searcher.nodes
    return nodes / seconds, nodes / cpu


def nodes_to_depth(variant: str, depth: int) -> int:
    """Nodes to finish ``depth`` at every fixed position, one sample each."""
    plugin = plugin_for(variant)
    nodes = 0
    for match in positions(variant):
        state = plugin.sample(knowledge_of(match, match.game.turn), random.Random(1))
        searcher = Searcher(Budget(depth=depth), deep=plugin.deep_search)
        searcher.run(state)
        nodes += searcher.nodes
    return nodes


def perft_rate() -> float:
    """The rules' standard perft, leaves a processor second."""
    started = time.process_time()
    leaves = perft(Position.start(), PERFT_DEPTH)
    if leaves != PERFT_LEAVES:
        raise AssertionError(f"perft {PERFT_DEPTH} gave {leaves}, not {PERFT_LEAVES}")
    return leaves / (time.process_time() - started)


def fairy_rate(path: str, budget: int = FAIRY_NODES) -> tuple[float, float]:
    """Fairy-Stockfish's mean ``nps`` over the standard positions, one
    thread; and its nodes over the processor time its process used."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    engine = subprocess.Popen(
        [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
    )
    assert engine.stdin is not None and engine.stdout is not None
    rates: list[int] = []
    searched = 0
    try:
        engine.stdin.write("uci\nsetoption name UCI_Variant value xiangqi\nisready\n")
        for match in positions("xiangqi"):
            moves = " ".join(to_uci(Move.from_iccs(text)) for text in match.entries)
            engine.stdin.write(f"ucinewgame\nposition startpos moves {moves}\n")
            engine.stdin.write(f"go nodes {budget}\n")
            nps = nodes = 0
            for line in engine.stdout:
                tokens = line.split()
                if "nps" in tokens:
                    nps = int(tokens[tokens.index("nps") + 1])
                if "nodes" in tokens:
                    nodes = int(tokens[tokens.index("nodes") + 1])
                if tokens and tokens[0] == "bestmove":
                    break
            rates.append(nps)
            searched += nodes
        engine.stdin.write("quit\n")
        engine.wait(10)
    finally:
        if engine.poll() is None:
            engine.kill()
            engine.wait()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return sum(rates) / len(rates), searched / cpu


def rates(nodes: int = NODES, fairy_nodes: int = FAIRY_NODES) -> Iterator[Figure]:
    """Nodes a second of each variant's search, over Fairy-Stockfish's and
    over the rules' perft."""
    path = engine_path()
    fairy = fairy_rate(path, fairy_nodes) if path is not None else None
    if fairy is not None:
        yield "search.fairy_nodes_per_s", fairy[0], "nodes/s"
        yield "search.fairy_nodes_per_cpu_s", fairy[1], "nodes/s"
    leaves = perft_rate()
    yield "search.perft_nodes_per_cpu_s", leaves, "nodes/s"
    for variant in VARIANTS:
        rate, cpu_rate = builtin_rate(variant, nodes)
        yield f"search.{variant}_nodes_per_s", rate, "nodes/s"
        yield f"search.{variant}_nodes_per_cpu_s", cpu_rate, "nodes/s"
        yield f"search.{variant}_cpu_over_perft", cpu_rate / leaves, "x"
        if fairy is not None:
            yield f"search.{variant}_over_fairy", rate / fairy[0], "x"
            yield f"search.{variant}_cpu_over_fairy", cpu_rate / fairy[1], "x"


def run() -> Iterator[Figure]:
    yield from rates()
    for variant, depth in DEPTHS.items():
        yield f"search.{variant}_depth{depth}_nodes", nodes_to_depth(variant, depth), "nodes"
