"""Reviews with Fairy-Stockfish over real master games: how far the labels
can be trusted, how symmetric the evaluations are, and how long a review takes.

- ``review_agreement``: the share of moves whose label (none, ?!, ?, ??) at
  the review's node budget is the label at four times that budget, over the
  first :data:`AGREEMENT_PLIES` plies of :data:`AGREEMENT_GAMES` games.
- ``mirror_*``: the evaluation of positions of a game against that of their
  mirror images (files a..i swapped), in centipawns.
- ``review_100_plies``: seconds for a whole review of a 100-ply game.

Needs Fairy-Stockfish and the master games (``CHUHAN_MASTER_GAMES``, else
/work/shared/data/master-games/games.jsonl); prints nothing without them.
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import time
from collections.abc import Iterator
from pathlib import Path

from benchmarks import Figure
from computer.fairy import engine_path
from computer.mirror import mirror_fen
from computer.opponent import Opponent
from computer.pool import SearchPool
from computer.review import review
from rules.actions import Move
from rules.knowledge import knowledge_along
from rules.position import Position

GAMES = Path(os.environ.get("CHUHAN_MASTER_GAMES", "/work/shared/data/master-games/games.jsonl"))
AGREEMENT_GAMES = 2
AGREEMENT_PLIES = 40
MIRROR_PLIES = 30
LONG = 100


def master_games() -> list[list[str]]:
    with GAMES.open(encoding="utf-8") as lines:
        return [json.loads(line)["moves"] for line in lines if line.strip()]


def mirrored_fen(moves: list[str]) -> tuple[str, str]:
    """The FEN after ``moves`` and that of its mirror image."""
    position = Position.start()
    for text in moves:
        position.push_unchecked(Move.from_iccs(text))
    fen = position.fen()
    return fen, mirror_fen(fen)


async def _measure(path: str) -> list[Figure]:
    games = master_games()
    opponent = Opponent(path, SearchPool(1))
    figures: list[Figure] = []
    try:
        agree = total = 0
        for moves in games[:AGREEMENT_GAMES]:
            plies = moves[:AGREEMENT_PLIES]
            quick = await review({}, plies, opponent)
            thorough = await review({}, plies, opponent, scale=4)
            for a, b in zip(quick.judgements, thorough.judgements, strict=True):
                agree += a.label == b.label
                total += 1
        figures.append(("review_agreement_1x_4x", 100 * agree / total, "% of moves"))
        figures.append(("review_agreement_moves", total, "moves"))

        differences = []
        for ply in range(MIRROR_PLIES):
            fen, mirror = mirrored_fen(games[0][:ply])
            scores = []
            for start in (fen, mirror):
                (knowledge,) = knowledge_along("xiangqi", {"fen": start}, 0, [])
                scores.append((await opponent.analyse(knowledge))[0])
            differences.append(abs(scores[0] - scores[1]))
        figures.append(("mirror_difference_mean", statistics.mean(differences), "cp"))
        figures.append(("mirror_difference_max", max(differences), "cp"))

        long = next(moves for moves in games if len(moves) >= LONG)[:LONG]
        started = time.perf_counter()
        await review({}, long, opponent)
        figures.append(("review_100_plies", time.perf_counter() - started, "s"))
    finally:
        await opponent.close()
    return figures


def run() -> Iterator[Figure]:
    path = engine_path()
    if path is None or not GAMES.exists():
        return iter(())
    return iter(asyncio.run(_measure(path)))
