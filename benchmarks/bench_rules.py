"""Move generation speed: perft from the start position, ours against ``cchess``.

Perft is the standard yardstick for a move generator: it does nothing but
generate, make and unmake. Ours runs to depth 4 (3,290,240 nodes, the
published count, checked). ``cchess`` 1.25.5 (the pure-Python library on PyPI)
is too slow for that, so both engines also run depth 2 (1,920 nodes) and the
speedup compares those: same tree, both bulk-counting the last ply. Times are
the median of several runs, which shrugs off a busy machine.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator

import cchess

from benchmarks import Figure
from rules.position import Position, perft

START_COUNTS = {1: 44, 2: 1920, 3: 79666, 4: 3290240}
DEEP = 4
SHALLOW = 2
OUR_RUNS = 21
CCHESS_RUNS = 5


def cchess_perft(board: cchess.ChessBoard, depth: int) -> int:
    """Perft through cchess's own legality API, bulk-counted at the last ply.

    ``create_moves`` yields pseudo-moves, ``is_valid_move_t`` applies the
    piece rules and ``is_checked_move`` rejects moves leaving the king in
    check (or facing the other king). cchess has no unmake, so a child is a
    copy with the move played by ``_move_piece``, the same helper its
    ``is_checked_move`` uses; its public ``move`` would also test the reply
    for check and mate, which perft does not need.
    """
    nodes = 0
    for move in list(board.create_moves()):
        if not board.is_valid_move_t(move) or board.is_checked_move(*move):
            continue
        if depth == 1:
            nodes += 1
            continue
        child = board.copy()
        child._move_piece(*move)
        child.next_turn()
        nodes += cchess_perft(child, depth - 1)
    return nodes


def _median_nodes_per_s(count: Callable[[], int], depth: int, runs: int) -> float:
    """Nodes per second of ``count``, which must find the published count."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        nodes = count()
        times.append(time.perf_counter() - start)
        if nodes != START_COUNTS[depth]:
            raise AssertionError(f"perft {depth} gave {nodes}, not {START_COUNTS[depth]}")
    return START_COUNTS[depth] / statistics.median(times)


def run() -> Iterator[Figure]:
    position = Position.start()
    deep = _median_nodes_per_s(lambda: perft(position, DEEP), DEEP, 1)
    yield f"rules.perft_depth{DEEP}_nodes_per_s", deep, "nodes/s"
    ours = _median_nodes_per_s(lambda: perft(position, SHALLOW), SHALLOW, OUR_RUNS)
    yield f"rules.perft_depth{SHALLOW}_nodes_per_s", ours, "nodes/s"
    board = cchess.ChessBoard(cchess.FULL_INIT_FEN)
    theirs = _median_nodes_per_s(lambda: cchess_perft(board, SHALLOW), SHALLOW, CCHESS_RUNS)
    yield f"rules.cchess_perft_depth{SHALLOW}_nodes_per_s", theirs, "nodes/s"
    yield "rules.perft_speedup_vs_cchess", ours / theirs, "x"
