"""Reviewing a finished game by winning chances, as lichess does.

Every position is searched for its best move and score; the move actually
played is then scored from the same position (the engine searches that one
root move), and the move is judged by how much it lowered its side's chance
of winning against the best move. Comparing evaluations before and after a
move instead would blame every move for the engine's bonus to the side to
move. Scores are centipawns for the side to move; mates count as the cap.

A game with hidden pieces is reviewed from what each mover knew: the
analyst weighs every action of the mover over the same samples of what was
hidden from it (:mod:`computer.hidden_review`), and the played action is
judged against the best of them, so luck is not called a mistake.

A review is kept as JSON (:func:`to_json`, :func:`from_json`): the raw
scores and the engine's better lines only, so labels and accuracy are
worked out again on reading.
"""

from __future__ import annotations

import json
import math
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from rules.knowledge import Knowledge, knowledge_along
from rules.openings import in_book
from rules.pieces import Color
from rules.position import Position
from rules.variant import find_variant

CAP = 1_000  # centipawns: past this a position is won; lichess caps there too
WORST = 3  # moves shown per side
# The winning-chance curve lichess fitted to its players' results.
SLOPE = 0.00368208
# A drop in the mover's winning chance (on the -1..1 scale) of this much or
# more makes a move an inaccuracy, a mistake, a blunder.
LABELS: tuple[tuple[float, str], ...] = ((0.3, "??"), (0.2, "?"), (0.1, "?!"))
LINE = 5  # plies of the engine's better line kept
FORMAT = 2  # the JSON layout's version (1: the better move without its line)

Progress = Callable[[int, int], Awaitable[None]]


class Analyst(Protocol):
    """What a review asks of the computer; ``scale`` multiplies its work.

    :meth:`analyse` gives the side to move's score and the engine's best
    line (empty when it has no move); :meth:`weigh`, for a game with hidden
    pieces, every action's value from what the side to move knows."""

    async def analyse(
        self, knowledge: Knowledge, scale: int = 1
    ) -> tuple[int, tuple[str, ...]]: ...

    async def analyse_move(
        self, knowledge: Knowledge, move: str, after: Knowledge, scale: int = 1
    ) -> int: ...

    async def weigh(self, knowledge: Knowledge, scale: int = 1) -> dict[str, int]: ...


class FromWhatTheyKnew:
    """An analyst for a game with hidden pieces: each position's actions
    weighed once, over the same samples, the best of them and the one played
    read from that one weighing."""

    def __init__(self, analyst: Analyst) -> None:
        self.analyst = analyst
        self._weighed: tuple[tuple[str, ...], dict[str, int]] = ((), {})

    async def analyse(self, knowledge: Knowledge, scale: int = 1) -> tuple[int, tuple[str, ...]]:
        scores = await self.analyst.weigh(knowledge, scale)
        self._weighed = (knowledge.log, scores)
        if not scores:
            return 0, ()
        best = max(scores, key=scores.__getitem__)
        return scores[best], (best,)

    async def analyse_move(
        self, knowledge: Knowledge, move: str, after: Knowledge, scale: int = 1
    ) -> int:
        log, scores = self._weighed
        assert log == knowledge.log, "a move is judged after its position is weighed"
        return scores[move]

    async def weigh(self, knowledge: Knowledge, scale: int = 1) -> dict[str, int]:
        return await self.analyst.weigh(knowledge, scale)


def clamp(score: int) -> int:
    return max(-CAP, min(CAP, score))


def winning_chance(score: int) -> float:
    """The side's chance on a scale from -1 (lost) to 1 (won), from centipawns."""
    return 2 / (1 + math.exp(-SLOPE * clamp(score))) - 1


def centipawns(chance: float) -> int:
    """The score whose winning chance is ``chance`` (the inverse of
    :func:`winning_chance` within the cap): a mean of chances kept as a score."""
    top = winning_chance(CAP)
    chance = max(-top, min(top, chance))
    return clamp(round(math.log((1 + chance) / (1 - chance)) / SLOPE))


def label_of(drop: float) -> str | None:
    return next((label for bound, label in LABELS if drop >= bound), None)


def move_accuracy(drop: float) -> float:
    """Lichess's accuracy of one move, 0 to 100, from the drop in win percent."""
    percent = 50 * drop
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * percent) - 3.1669))


@dataclass(frozen=True, slots=True)
class Judgement:
    """Ply ``ply`` (0 = the first action): ``side`` played ``played``, its
    ``number``-th move, worth ``played_score``; the engine's ``line``, from
    its ``better`` move on, was worth ``best_score`` (centipawns for
    ``side``, from the same position). A ``book`` move keeps the game in a
    well-known opening line: it costs nothing and is never labelled,
    whatever the engine prefers."""

    ply: int
    side: Color
    number: int
    played: str
    line: tuple[str, ...]
    best_score: int
    played_score: int
    book: bool = False

    @property
    def better(self) -> str | None:
        return self.line[0] if self.line else None

    @property
    def drop(self) -> float:
        """How much the move lowered its side's winning chance (never below 0)."""
        if self.played == self.better or self.book:
            return 0.0
        return max(0.0, winning_chance(self.best_score) - winning_chance(self.played_score))

    @property
    def label(self) -> str | None:
        return label_of(self.drop)


@dataclass(frozen=True, slots=True)
class Review:
    """``evaluations[i]``: the position after ``i`` plies, centipawns for Red;
    ``judgements[i]``: ply ``i``."""

    evaluations: tuple[int, ...]
    judgements: tuple[Judgement, ...]

    @property
    def chances(self) -> tuple[float, ...]:
        """Red's winning chance in each position, from -1 to 1, for the graph.

        A position after a move has two scores: its own search's, for the
        side to move, and the played move's from the position before, for
        the side that moved. The engine favours the side to move in each, so
        the curve would zigzag from move to move; their mean does not."""
        values: list[float] = list(self.evaluations)
        for j in self.judgements:
            if j.ply + 1 < len(values):
                mover = j.played_score if j.side is Color.RED else -j.played_score
                values[j.ply + 1] = (values[j.ply + 1] + mover) / 2
        return tuple(winning_chance(round(value)) for value in values)

    def moves_of(self, side: Color) -> list[Judgement]:
        return [j for j in self.judgements if j.side is side]

    def accuracy(self, side: Color) -> float | None:
        """The side's accuracy, 0 to 100: as lichess, the mean of the plain
        and the harmonic means of its moves' accuracies, so that one blunder
        weighs more than in a plain average. ``None``: it made no move."""
        scores = [move_accuracy(j.drop) for j in self.moves_of(side)]
        if not scores:
            return None
        harmonic = len(scores) / sum(1 / max(score, 1.0) for score in scores)
        return (sum(scores) / len(scores) + harmonic) / 2

    def counts(self, side: Color) -> dict[str, int]:
        """How many of each label the side earned, ``??`` first."""
        found = [j.label for j in self.moves_of(side)]
        return {label: found.count(label) for _, label in LABELS}

    def worst(self, side: Color) -> list[Judgement]:
        """The side's labelled moves, the costliest first, at most :data:`WORST`."""
        labelled = [j for j in self.moves_of(side) if j.label is not None]
        return sorted(labelled, key=lambda j: (-j.drop, j.ply))[:WORST]


async def review(
    options: dict[str, str],
    moves: Sequence[str],
    analyst: Analyst,
    *,
    variant: str = "xiangqi",
    seed: int = 0,
    progress: Progress | None = None,
    scale: int = 1,
) -> Review:
    """Review the game ``moves`` of ``variant`` (with ``options`` and its
    seed), each position seen from its side to move: a perfect-information
    game's whole state, or what the mover knew in a game with hidden pieces
    (:class:`FromWhatTheyKnew`). ``progress(done, total)`` hears after each
    position.
    """
    hidden = find_variant(variant).hidden_information
    if hidden:
        analyst = FromWhatTheyKnew(analyst)
    along = list(knowledge_along(variant, options, seed, moves))
    total = len(along)
    standard = along and not hidden and _from_the_start(along[0])
    book = in_book(moves) if standard else [False] * len(moves)
    evaluations: list[int] = []
    judgements: list[Judgement] = []
    counts = [0, 0]
    for ply, knowledge in enumerate(along):
        over = knowledge.view.outcome
        if over is not None:
            winner = over.winner
            evaluations.append(0 if winner is None else CAP if winner is Color.RED else -CAP)
            break
        side = knowledge.side
        best_score, line = await analyst.analyse(knowledge, scale)
        better = line[0] if line else None
        sign = 1 if side is Color.RED else -1
        evaluations.append(sign * clamp(best_score))
        if ply < len(moves) and ply + 1 < total:
            played = moves[ply]
            if played == better:
                played_score = best_score
            else:
                played_score = await analyst.analyse_move(knowledge, played, along[ply + 1], scale)
            counts[side] += 1
            judgements.append(
                Judgement(
                    ply,
                    side,
                    counts[side],
                    played,
                    line[:LINE],
                    clamp(best_score),
                    clamp(played_score),
                    book[ply],
                )
            )
        if progress is not None:
            await progress(ply + 1, total)
    return Review(tuple(evaluations), tuple(judgements))


def to_json(found: Review) -> str:
    rows = [
        [j.side.value, j.number, j.played, list(j.line), j.best_score, j.played_score, j.book]
        for j in found.judgements
    ]
    return json.dumps({"format": FORMAT, "evaluations": found.evaluations, "moves": rows})


def from_json(text: str) -> Review | None:
    """A kept review; ``None`` for one kept in an unknown layout (to be made
    again). The first layout kept the better move alone: its line is that move."""
    data = json.loads(text)
    kept = data.get("format")
    if kept not in (1, FORMAT):
        return None
    judgements = tuple(
        Judgement(ply, Color(side), number, played, _line(kept, line), best, mine, book)
        for ply, (side, number, played, line, best, mine, book) in enumerate(data["moves"])
    )
    return Review(tuple(data["evaluations"]), judgements)


def _line(kept: int, stored: str | list[str] | None) -> tuple[str, ...]:
    if kept == 1:
        return () if stored is None else (str(stored),)
    assert isinstance(stored, list)
    return tuple(stored)


def _from_the_start(knowledge: Knowledge) -> bool:
    """Whether a game begins at standard xiangqi's start (the book is its
    openings: not a handicap, a set position or a variant's own board)."""
    start = [None if p is None else (p.color, p.kind) for p in Position.start().board]
    seen = [None if p is None else (p.color, p.kind) for p in knowledge.view.board]
    return knowledge.view.turn is Color.RED and seen == start
