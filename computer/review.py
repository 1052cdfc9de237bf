"""Reviewing a finished game: an evaluation after every action, and each
side's worst actions with what the engine would have played.

Evaluations are centipawns from Red's side, clamped to ``±CAP`` (a mate is
shown as the cap). A move's loss is how much it lowered its side's
evaluation; the engine's choice in the position before it is the better move.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from rules.knowledge import Knowledge, knowledge_along
from rules.pieces import Color

CAP = 1_500  # centipawns: a won position; the graph needs no more
WORST = 3  # moves shown per side

# An analyst gives, for the side to move, (score, best move text).
Analyst = Callable[[Knowledge], Awaitable[tuple[int, str | None]]]


@dataclass(frozen=True, slots=True)
class Mistake:
    """Ply ``ply`` (0 = the first action) played ``played``, ``side``'s
    ``number``-th action; ``better`` was the engine's choice; ``loss``
    centipawns lost by it."""

    ply: int
    side: Color
    played: str
    better: str | None
    loss: int
    number: int


@dataclass(frozen=True, slots=True)
class Review:
    """``evaluations[i]``: the position after ``i`` plies, Red's side."""

    evaluations: tuple[int, ...]
    mistakes: tuple[tuple[Mistake, ...], tuple[Mistake, ...]]


def clamp(score: int) -> int:
    return max(-CAP, min(CAP, score))


async def review(
    options: dict[str, str],
    moves: Sequence[str],
    analyse: Analyst,
    *,
    final: int | None = None,
    variant: str = "xiangqi",
    seed: int = 0,
) -> Review:
    """Analyse every position of the game ``moves`` of ``variant`` (and its
    seed), each from the side to move's knowledge: a perfect-information
    game's whole state.

    ``final`` is the last position's value when the game is over on the
    board (an engine has no move to score there).
    """
    evaluations: list[int] = []
    best: list[str | None] = []
    sides: list[Color] = []
    for knowledge in knowledge_along(variant, options, seed, moves):
        over = knowledge.view.outcome
        if over is not None:
            winner = over.winner
            value = 0 if winner is None else CAP if winner is Color.RED else -CAP
            evaluations.append(value if final is None else final)
            best.append(None)
            break
        side = knowledge.side
        sides.append(side)
        score, choice = await analyse(knowledge)
        evaluations.append(clamp(score if side is Color.RED else -score))
        best.append(choice)
    mistakes: tuple[list[Mistake], list[Mistake]] = ([], [])
    counts = [0, 0]
    for ply, played in enumerate(moves[: len(evaluations) - 1]):
        side = sides[ply]
        counts[side] += 1
        change = evaluations[ply + 1] - evaluations[ply]
        loss = -change if side is Color.RED else change
        if loss > 0 and best[ply] != played:
            mistakes[side].append(Mistake(ply, side, played, best[ply], loss, counts[side]))
    worst = tuple(
        tuple(sorted(found, key=lambda m: (-m.loss, m.ply))[:WORST]) for found in mistakes
    )
    return Review(tuple(evaluations), (worst[0], worst[1]))
