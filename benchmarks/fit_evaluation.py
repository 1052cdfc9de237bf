"""How far standard xiangqi's evaluation is from Fairy-Stockfish's judgement,
and what its weights would be fitted to it (issue 29, item 3).

Level 8 stays short of Fairy-Stockfish at 10,000 nodes, and its lost
games drift rather than blunder (BENCHMARKS.md). The evaluation is linear
in its weights (what each piece is worth on each square, what each
attacker earns per step nearer the enemy king, what each count of squares
a chariot, horse or cannon reaches is worth: :func:`features` counts them),
so how well it agrees with a stronger judge, and the weights that would
agree best, come from one ridge regression:

* the positions are those of real master games from their sixth ply on,
  each scored by Fairy-Stockfish at a fixed node budget (one thread, a fresh
  table each time), so the figures are the same on any machine;
* only quiet ones count (the side to move not in check, the engine's best
  move not a capture), since the evaluation is only asked where the search
  has stopped capturing;
* its scores are scaled by :data:`SCALE` to Chuhan's centipawns (its chariot
  is worth about six pawns, Chuhan's nine), so fitted weights would keep
  the search's margins meaningful;
* each weight is pulled towards its hand-set value and each square towards
  its neighbours, so a square the games rarely show stays sensible.

``python -m benchmarks.fit_evaluation [--games FILE] [--nodes N] [--labels
FILE] [--played-out FILE] [--tables] [--write]`` prints the error on held-out
positions (a tenth of them, chosen by a fixed seed) of the hand-set weights
and of weights fitted to the rest; ``--labels`` keeps the engine's scores
in FILE and reads them back next time (scoring them takes about 20 minutes
on 2 cores); ``--played-out`` adds the games' positions with random moves
played (:func:`game_positions`), their scores kept in its FILE;
``--tables`` prints the weights fitted to all of them and ``--write``
writes them to :mod:`computer.variants.standard_weights`, where standard xiangqi's
search reads them. It needs numpy (the
``tune`` extra), Fairy-Stockfish and the master games (by default where
the test data lies beside the repository).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from computer.evaluation import MOBILITY, NEAR_KING, nearness
from computer.fairy import engine_path, from_uci
from computer.tables import PLACED, REACHES, reach
from rules.actions import Move
from rules.pieces import Color, Kind
from rules.position import Position

GAMES = Path(__file__).resolve().parents[2] / "shared" / "data" / "master-games" / "games.jsonl"
OUTPUT = Path(__file__).resolve().parents[1] / "computer" / "variants" / "standard_weights.py"
NODES = 6_000
FIRST_PLY = 5  # the opening's first plies are the same in many games
PLAYED_OUT = 0.6  # the share of positions played out with random moves (--played-out)
PLAYED_OUT_SEED = 7
SCALE = 0.66  # Fairy-Stockfish's centipawns per Chuhan centipawn
CLIP = 1_500  # a larger score says "won", not by how much
SPREAD = 400.0  # centipawns per unit of the logistic the held-out error is measured on
RIDGE = 1.0  # pull towards the hand-set weights
SMOOTH = 3.0  # pull of each square (and each reach count) towards its neighbours
KINDS = (Kind.KING, Kind.ADVISOR, Kind.ELEPHANT, Kind.HORSE, Kind.CHARIOT, Kind.CANNON, Kind.PAWN)
ATTACKERS = (Kind.HORSE, Kind.CHARIOT, Kind.CANNON, Kind.PAWN)
SLIDERS = (Kind.HORSE, Kind.CHARIOT, Kind.CANNON)
CELLS = 50  # ten ranks by five files: a table is the same mirrored left to right
NEAR_AT = len(KINDS) * CELLS
REACH_AT = NEAR_AT + len(ATTACKERS)
WEIGHTS = REACH_AT + len(SLIDERS) * REACHES


def cell(kind: Kind, sq: int, color: Color) -> int:
    """The weight of ``color``'s ``kind`` on ``sq``: ranks from its own side."""
    rank, file = divmod(sq, 9)
    if color is Color.BLACK:
        rank = 9 - rank
    return KINDS.index(kind) * CELLS + rank * 5 + min(file, 8 - file)


def features(position: Position) -> dict[int, int]:
    """How often each weight counts for Red minus for Black."""
    counts: dict[int, int] = {}
    board = position.board
    kings = [position.king_square(Color.RED), position.king_square(Color.BLACK)]

    def add(index: int, count: int) -> None:
        counts[index] = counts.get(index, 0) + count

    for sq, piece in enumerate(board):
        if piece is None:
            continue
        sign = 1 if piece.color is Color.RED else -1
        add(cell(piece.kind, sq, piece.color), sign)
        if piece.kind in ATTACKERS:
            near = nearness(sq, kings[1 - piece.color])
            add(NEAR_AT + ATTACKERS.index(piece.kind), sign * near)
        if piece.kind in SLIDERS:
            reached = reach(board, sq, piece.color, piece.letter)
            add(REACH_AT + SLIDERS.index(piece.kind) * REACHES + reached, sign)
    return counts


def hand_set() -> np.ndarray:
    """Today's hand-set weights in the fit's layout: the prior it is pulled to."""
    prior = np.zeros(WEIGHTS)
    for k, kind in enumerate(KINDS):
        for rank in range(10):
            for file in range(5):
                prior[k * CELLS + rank * 5 + file] = PLACED[kind._value_][0][rank * 9 + file]
    prior[NEAR_AT:REACH_AT] = NEAR_KING
    for s in range(len(SLIDERS)):
        start = REACH_AT + s * REACHES
        prior[start : start + REACHES] = MOBILITY * np.arange(REACHES)
    return prior


def neighbours() -> np.ndarray:
    """One row per pair of weights that should differ little: squares side by
    side of one kind's table, and one more square reached."""
    pairs = []
    for k in range(len(KINDS)):
        for rank in range(10):
            for file in range(5):
                i = k * CELLS + rank * 5 + file
                if file < 4:
                    pairs.append((i, i + 1))
                if rank < 9:
                    pairs.append((i, i + 5))
    for s in range(len(SLIDERS)):
        start = REACH_AT + s * REACHES
        pairs += [(start + c, start + c + 1) for c in range(REACHES - 1)]
    rows = np.zeros((len(pairs), WEIGHTS))
    for r, (i, j) in enumerate(pairs):
        rows[r, i], rows[r, j] = 1, -1
    return rows


def game_positions(path: Path, played_out: bool = False) -> list[str]:
    """Every distinct position of the games from :data:`FIRST_PLY` on, as FEN;
    ``played_out``: instead, about :data:`PLAYED_OUT` of them with one or two
    random moves played (seeded), the moves masters do not make, so that a
    fit also learns what they cost."""
    fens: dict[str, None] = {}
    rng = random.Random(PLAYED_OUT_SEED)
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            position = Position.start()
            for ply, text in enumerate(json.loads(line)["moves"]):
                position.push_unchecked(Move.from_iccs(text))
                if ply < FIRST_PLY:
                    continue
                if not played_out:
                    fens[position.fen()] = None
                elif rng.random() < PLAYED_OUT:
                    after = position.copy()
                    for _ in range(1 + (rng.random() < 0.5)):
                        legal = after.legal_moves()
                        if not legal:
                            break
                        after.push_unchecked(rng.choice(legal))
                    if after.legal_moves():
                        fens[after.fen()] = None
    return list(fens)


Scored = tuple[str, str, int, str]  # FEN, score kind ("cp", "mate"), score, best move


def score_positions(job: tuple[str, int, Sequence[str]]) -> list[Scored]:
    """Fairy-Stockfish's last exact score (kind, value) and best move for each
    FEN. Not :mod:`computer.uci`: its client keeps the last score even when
    the engine reports only a bound, and a fit wants the last exact one; a
    plain process per worker also keeps the pool free of event loops."""
    program, nodes, fens = job
    engine = subprocess.Popen(
        [program], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
    )
    assert engine.stdin is not None and engine.stdout is not None
    send = engine.stdin.write
    send("uci\nsetoption name UCI_Variant value xiangqi\nsetoption name Threads value 1\n")
    send("setoption name Hash value 16\nisready\n")
    while engine.stdout.readline().strip() != "readyok":
        pass
    scored = []
    for fen in fens:
        send(f"ucinewgame\nposition fen {fen}\ngo nodes {nodes}\n")
        kind, value = "none", 0
        while True:
            words = engine.stdout.readline().split()
            if words[:1] == ["bestmove"]:
                scored.append((fen, kind, value, words[1]))
                break
            if "score" in words and "lowerbound" not in words and "upperbound" not in words:
                at = words.index("score")
                kind, value = words[at + 1], int(words[at + 2])
    send("quit\n")
    engine.wait()
    return scored


def labels(
    games: Path, nodes: int, cache: Path | None, workers: int, played_out: bool = False
) -> list[Scored]:
    """Each position with the engine's score, from ``cache`` when it holds them."""
    if cache is not None and cache.exists():
        return [tuple(json.loads(line)) for line in cache.open(encoding="utf-8")]  # type: ignore[misc]
    program = engine_path()
    if program is None:
        sys.exit("Fairy-Stockfish is needed: install the fairy-stockfish package")
    fens = game_positions(games, played_out)
    chunks = [(program, nodes, fens[i :: workers * 8]) for i in range(workers * 8)]
    with ProcessPoolExecutor(workers) as pool:
        scored = [row for rows in pool.map(score_positions, chunks) for row in rows]
    if cache is not None:
        cache.write_text("".join(json.dumps(row) + "\n" for row in scored), encoding="utf-8")
    return scored


def quiet(scored: list[Scored]) -> Iterator[tuple[Position, float]]:
    """The quiet positions with a centipawn score, each with Red's score in Chuhan's scale."""
    for fen, kind, value, best in scored:
        if kind != "cp":
            continue
        position = Position.from_fen(fen)
        if position.is_check() or position.board[from_uci(best)[1]] is not None:
            continue
        red = value if position.turn is Color.RED else -value
        yield position, max(-CLIP, min(CLIP, red / SCALE))


def fit(counts: np.ndarray, targets: np.ndarray) -> np.ndarray:
    """The weights nearest the targets, pulled to the prior and to neighbours."""
    prior, pairs = hand_set(), neighbours()
    pull = len(targets) * 1e-3
    system = counts.T @ counts + pull * (RIDGE * np.eye(WEIGHTS) + SMOOTH * pairs.T @ pairs)
    return prior + np.linalg.solve(system, counts.T @ (targets - counts @ prior))


def error(weights: np.ndarray, counts: np.ndarray, targets: np.ndarray) -> float:
    """Mean squared gap between expected results (logistic of the scores)."""
    ours = 1 / (1 + np.exp(-(counts @ weights) / SPREAD))
    theirs = 1 / (1 + np.exp(-targets / SPREAD))
    return float(((ours - theirs) ** 2).mean())


def tables_text(weights: np.ndarray) -> str:
    """The fitted weights as a player reads them: each kind's table from its
    own back rank, then the nearness and reach weights."""
    lines = []
    for k, kind in enumerate(KINDS):
        lines.append(f"{kind.name.lower()}:")
        for rank in range(10):
            half = [round(weights[k * CELLS + rank * 5 + f]) for f in range(5)]
            lines.append("  " + " ".join(f"{v:5d}" for v in half + half[3::-1]))
    near = ", ".join(
        f"{kind.name.lower()} {weights[NEAR_AT + a]:.1f}" for a, kind in enumerate(ATTACKERS)
    )
    lines.append(f"per step nearer the enemy king: {near}")
    for s, kind in enumerate(SLIDERS):
        start = REACH_AT + s * REACHES
        reach_row = " ".join(str(round(v)) for v in weights[start : start + REACHES])
        lines.append(f"{kind.name.lower()} by squares reached: {reach_row}")
    return "\n".join(lines)


def module_text(weights: np.ndarray, positions: int) -> str:
    """The source of :mod:`computer.variants.standard_weights` for ``weights``."""
    lines = [
        '"""What standard xiangqi\'s pieces are worth to the built-in search: fitted',
        f"to Fairy-Stockfish's scores of {positions:,} quiet positions from master games",
        "and from the same games played on with random moves, by ``python -m",
        "benchmarks.fit_evaluation --write`` (BENCHMARKS.md gives the whole",
        'command), which writes this file: refit rather than edit it."""',
        "",
        "from __future__ import annotations",
        "",
        "from typing import Final",
        "",
        "from rules.pieces import Kind",
        "",
        "# Each kind's worth on each square, material included: ten ranks from",
        "# its own back rank, nine files.",
        "SQUARES: Final[dict[Kind, tuple[tuple[int, ...], ...]]] = {",
    ]
    for k, kind in enumerate(KINDS):
        lines.append(f"    Kind.{kind.name}: (")
        for rank in range(10):
            half = [round(weights[k * CELLS + rank * 5 + f]) for f in range(5)]
            lines.append("        (" + ", ".join(map(str, half + half[3::-1])) + "),")
        lines.append("    ),")
    lines += [
        "}",
        "# What an attacker earns per step nearer the enemy king (within twelve).",
        "NEAR_WEIGHTS: Final[dict[Kind, int]] = {",
        *(
            f"    Kind.{kind.name}: {round(weights[NEAR_AT + a])},"
            for a, kind in enumerate(ATTACKERS)
        ),
        "}",
        "# What a horse, chariot or cannon is worth for each count of squares it",
        f"# reaches (0 to {REACHES - 1}).",
        "REACH_WEIGHTS: Final[dict[Kind, tuple[int, ...]]] = {",
    ]
    for s, kind in enumerate(SLIDERS):
        start = REACH_AT + s * REACHES
        values = ", ".join(str(round(v)) for v in weights[start : start + REACHES])
        lines.append(f"    Kind.{kind.name}: ({values}),")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.fit_evaluation")
    parser.add_argument("--games", type=Path, default=GAMES, help="master games, one JSON a line")
    parser.add_argument("--nodes", type=int, default=NODES)
    parser.add_argument("--labels", type=Path, help="keep the engine's scores in this file")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--tables", action="store_true", help="print the weights fitted to all")
    parser.add_argument("--write", action="store_true", help=f"write them to {OUTPUT.name}")
    parser.add_argument(
        "--played-out",
        type=Path,
        help="also score master positions with random moves played, kept in this file",
    )
    args = parser.parse_args(argv)
    scored = labels(args.games, args.nodes, args.labels, args.workers)
    if args.played_out is not None:
        scored += labels(args.games, args.nodes, args.played_out, args.workers, played_out=True)
    rows = list(quiet(scored))
    counts = np.zeros((len(rows), WEIGHTS))
    for r, (position, _) in enumerate(rows):
        for index, count in features(position).items():
            counts[r, index] = count
    targets = np.array([target for _, target in rows])
    order = np.random.default_rng(0).permutation(len(rows))
    held, train = order[: len(rows) // 10], order[len(rows) // 10 :]
    fitted = fit(counts[train], targets[train])
    print(
        f"{len(rows):,} quiet positions; held-out error: hand-set "
        f"{error(hand_set(), counts[held], targets[held]):.5f}, fitted "
        f"{error(fitted, counts[held], targets[held]):.5f}"
    )
    if args.tables or args.write:
        weights = fit(counts, targets)
        if args.tables:
            print(tables_text(weights))
        if args.write:
            OUTPUT.write_text(module_text(weights, len(rows)), encoding="utf-8")
            print(f"wrote {OUTPUT}")


if __name__ == "__main__":
    main()
