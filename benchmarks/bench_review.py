"""Reviews with Fairy-Stockfish over real master games: how far the labels
can be trusted, how symmetric the evaluations are, and how long a review takes.

- ``review_agreement``: the share of moves whose label (none, ?!, ?, ??) at
  the review's node budget is the label at four times that budget, over the
  first :data:`AGREEMENT_PLIES` plies of :data:`AGREEMENT_GAMES` games.
- ``mirror_*``: the evaluation of positions of a game against that of their
  mirror images (files a..i swapped), in centipawns.
- ``review_100_plies``: seconds for a whole review of a 100-ply game.
- ``hidden_<variant>_*``: reviews of the variants with hidden pieces, from
  what each mover knew: level 8's accuracy over :data:`HIDDEN_GAMES` games
  of level 8 (on its node budget) against a random mover, each playing
  either colour in turn; a random mover's over as many games of two random
  movers (both sides counted); labelled first reveals, seconds per ply. A
  mover is judged in games against its equal: against level 8 a random
  mover is lost within a few plies, and from then on every move it makes
  is worth about as little as any other, so its figure there
  (``hidden_<variant>_random_vs_level8_accuracy``, also printed) says more
  about how soon it lost than about its moves.

The Fairy-Stockfish part needs it and the master games
(``CHUHAN_MASTER_GAMES``, else ``shared/data/master-games/games.jsonl`` beside the checkout)
and prints nothing without them; ``CHUHAN_HIDDEN_GAMES`` sets how many games
of each hidden variant are played and reviewed (default 100), and
``CHUHAN_HIDDEN_VARIANTS`` which variants (comma-separated; default all four;
empty for none), ``CHUHAN_REVIEW_NODES`` Fairy-Stockfish's budget a position
(default the review's own, ``computer.opponent.REVIEW_NODES``),
``CHUHAN_HIDDEN_NODES`` level 8's nodes a move (default its own budget in
each variant).
Every game is dealt and played from its number as seed, so the first ``n``
games are the same whatever the count. ``python -m benchmarks.bench_review
level8|random VARIANT FIRST STOP`` plays and reviews a range of those games
(one JSON line each), so that a long run can be shared among processes, and
``python -m benchmarks.bench_review summary FILE...`` gives their figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from benchmarks import Figure
from computer import opponent as opponent_module
from computer.fairy import engine_path
from computer.hidden_review import weigh
from computer.levels import level
from computer.mirror import mirror_fen
from computer.opponent import Opponent
from computer.player import budget_for, choose
from computer.pool import SearchPool
from computer.review import Review, review
from computer.search import Budget
from rules.actions import Move
from rules.knowledge import Knowledge, knowledge_along, knowledge_of
from rules.match import Match
from rules.pieces import Color
from rules.position import Position

GAMES = Path(
    os.environ.get(
        "CHUHAN_MASTER_GAMES",
        Path(__file__).resolve().parents[2] / "shared/data/master-games/games.jsonl",
    )
)
AGREEMENT_GAMES = 2
AGREEMENT_PLIES = 40
MIRROR_PLIES = 30
LONG = 100
HIDDEN_VARIANTS = os.environ.get("CHUHAN_HIDDEN_VARIANTS", "jieqi,jieqi-classic,tuibei,fanbing")
HIDDEN_GAMES = int(os.environ.get("CHUHAN_HIDDEN_GAMES", "100"))
# Level 8's search per move in these games: its own node budget in the
# variant unless CHUHAN_HIDDEN_NODES says otherwise (nodes, never time).
HIDDEN_NODES = os.environ.get("CHUHAN_HIDDEN_NODES")
LONGEST = 120  # plies: a game still going then is reviewed as far as it went


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
    if "CHUHAN_REVIEW_NODES" in os.environ:  # another budget, for comparison
        opponent_module.REVIEW_NODES = int(os.environ["CHUHAN_REVIEW_NODES"])
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


class InProcess:
    """The review's weighing done here rather than in a worker (the benchmark
    and the tests measure the work itself)."""

    async def weigh(self, knowledge: Knowledge, scale: int = 1) -> dict[str, int]:
        return weigh(knowledge, scale)


@dataclass(frozen=True, slots=True)
class Played:
    """A game of level 8 (playing ``strong``) against a random mover, reviewed."""

    variant: str
    strong: Color
    moves: tuple[str, ...]
    review: Review

    def accuracy(self, side: Color) -> float | None:
        return self.review.accuracy(side)


def strong_nodes(variant: str) -> int:
    """Level 8's nodes a move in the benchmark's games of ``variant``."""
    if HIDDEN_NODES is not None:
        return int(HIDDEN_NODES)
    nodes = budget_for(level(8), variant).nodes
    assert nodes is not None
    return nodes


def strong_against_random(
    variant: str, seed: int, strong: Color, nodes: int | None = None
) -> list[str]:
    """A game of ``variant`` dealt by ``seed``: level 8, searching ``nodes`` a
    move (by default :func:`strong_nodes`), plays ``strong``; the other side
    picks a legal action at random."""
    match = Match.start(variant, {}, seed)
    rng = random.Random(seed)
    budget = Budget(nodes=strong_nodes(variant) if nodes is None else nodes)
    while match.outcome is None and len(match.game.actions) < LONGEST:
        side = match.game.turn
        if side is strong:
            text = choose(knowledge_of(match, side), level(8), seed, budget).action
        else:
            text = rng.choice(match.game.legal_actions(side)).text
        match.apply(text)
    return [action.text for action in match.game.actions]


def random_against_random(variant: str, seed: int) -> list[str]:
    """A game of ``variant`` dealt by ``seed`` in which both sides pick a
    legal action at random."""
    match = Match.start(variant, {}, seed)
    rng = random.Random(seed)
    while match.outcome is None and len(match.game.actions) < LONGEST:
        match.apply(rng.choice(match.game.legal_actions(match.game.turn)).text)
    return [action.text for action in match.game.actions]


async def reviewed_random_game(variant: str, seed: int, scale: int = 1) -> Review:
    """Game ``seed`` of two random movers, reviewed from what they knew."""
    moves = random_against_random(variant, seed)
    return await review({}, moves, InProcess(), variant=variant, seed=seed, scale=scale)


async def reviewed_game(
    variant: str, seed: int, nodes: int | None = None, scale: int = 1
) -> Played:
    """Game ``seed`` of level 8 against a random mover (level 8 Red when
    ``seed`` is even), reviewed from what the movers knew."""
    strong = Color.RED if seed % 2 == 0 else Color.BLACK
    moves = strong_against_random(variant, seed, strong, nodes)
    made = await review({}, moves, InProcess(), variant=variant, seed=seed, scale=scale)
    return Played(variant, strong, tuple(moves), made)


async def reviewed_games(
    variant: str, count: int, nodes: int | None = None, scale: int = 1
) -> list[Played]:
    """Games 0 to ``count`` - 1 (:func:`reviewed_game`)."""
    return [await reviewed_game(variant, seed, nodes, scale) for seed in range(count)]


def _hidden_figures(variant: str, count: int) -> list[Figure]:
    lines = [
        asyncio.run(game_line(kind, variant, seed))
        for kind in ("level8", "random")
        for seed in range(count)
    ]
    found = summary(lines)
    figures: list[Figure] = [
        (f"hidden_{variant}_{name}", found[name], "%")
        for name in ("level8_accuracy", "random_accuracy", "random_vs_level8_accuracy")
    ]
    labelled, games = found["first_actions_labelled"], found["games"]
    figures.append((f"hidden_{variant}_first_actions_labelled", labelled, f"of {games}"))
    figures.append((f"hidden_{variant}_games", games, "games"))
    figures.append((f"hidden_{variant}_plies_mean", found["plies_mean"], "plies"))
    figures.append((f"hidden_{variant}_seconds_per_ply", found["seconds_per_ply"], "s"))
    return figures


def run() -> Iterator[Figure]:
    path = engine_path()
    if path is not None and GAMES.exists():
        yield from asyncio.run(_measure(path))
    for variant in filter(None, HIDDEN_VARIANTS.split(",")):
        yield from _hidden_figures(variant.strip(), HIDDEN_GAMES)


async def game_line(kind: str, variant: str, seed: int) -> dict[str, object]:
    """Game ``seed`` of ``kind`` (``level8`` against a random mover, or
    ``random`` against ``random``) played and reviewed, as a JSON object."""
    started = time.perf_counter()
    if kind == "level8":
        played = await reviewed_game(variant, seed)
        made, strong = played.review, played.strong
    else:
        made, strong = await reviewed_random_game(variant, seed), None
    return {
        "kind": kind,
        "variant": variant,
        "seed": seed,
        "plies": len(made.judgements),
        "strong": None if strong is None else strong.name,
        "accuracy": {side.name: made.accuracy(side) for side in Color},
        "first_label": made.judgements[0].label if made.judgements else None,
        "seconds": round(time.perf_counter() - started, 1),
    }


async def _game_lines(kind: str, variant: str, seeds: range) -> None:
    """One JSON line a game, printed as it ends (see :func:`main`)."""
    for seed in seeds:
        print(json.dumps(await game_line(kind, variant, seed)), flush=True)


def summary(lines: list[dict[str, object]]) -> dict[str, object]:
    """The hidden-review figures of games printed by :func:`_game_lines`."""
    strong, lost, weak = [], [], []
    for line in lines:
        accuracy = line["accuracy"]
        assert isinstance(accuracy, dict)
        for side, value in accuracy.items():
            if value is None:
                continue
            if line["strong"] is None:
                weak.append(value)
            else:
                (strong if side == line["strong"] else lost).append(value)
    plies = sum(int(str(line["plies"])) for line in lines)
    return {
        "games": len(lines),
        "plies_mean": plies / max(1, len(lines)),
        "level8_accuracy": statistics.mean(strong) if strong else None,
        "random_accuracy": statistics.mean(weak) if weak else None,
        "random_vs_level8_accuracy": statistics.mean(lost) if lost else None,
        "first_actions_labelled": sum(line["first_label"] is not None for line in lines),
        "seconds_per_ply": sum(float(str(line["seconds"])) for line in lines) / max(1, plies),
    }


def main(argv: list[str]) -> None:
    """``level8|random VARIANT FIRST STOP``: games FIRST to STOP - 1 of one
    kind, one JSON line each, so that a long run can be split between
    processes and read as it goes; ``summary FILE...``: their figures."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_review")
    parser.add_argument("kind", choices=["level8", "random", "summary"])
    parser.add_argument("rest", nargs="+")
    args = parser.parse_args(argv)
    if args.kind == "summary":
        lines = [
            json.loads(text)
            for name in args.rest
            for text in Path(name).read_text().split("\n")
            if text.strip()
        ]
        for kind in ("level8", "random"):
            mine = [line for line in lines if line["kind"] == kind]
            if mine:
                print(kind, json.dumps(summary(mine)))
        return
    variant, first, stop = args.rest
    asyncio.run(_game_lines(args.kind, variant, range(int(first), int(stop))))


if __name__ == "__main__":
    main(sys.argv[1:])
