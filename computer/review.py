"""Reviewing a finished standard game: an evaluation after every move, and
each side's worst moves with what the engine would have played.

Evaluations are centipawns from Red's side, clamped to ``±CAP`` (a mate is
shown as the cap). A move's loss is how much it lowered its side's
evaluation; the engine's choice in the position before it is the better move.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from rules.match import Match
from rules.pieces import Color

from .knowledge import Knowledge, knowledge_of

CAP = 1_500  # centipawns: a won position; the graph needs no more
WORST = 3  # moves shown per side

# An analyst gives, for the side to move, (score, best move text).
Analyst = Callable[[Knowledge], Awaitable[tuple[int, str | None]]]


@dataclass(frozen=True, slots=True)
class Mistake:
    """Ply ``ply`` (0 = Red's first move) played ``played``; ``better`` was the
    engine's choice; ``loss`` centipawns lost by it."""

    ply: int
    side: Color
    played: str
    better: str | None
    loss: int

    @property
    def number(self) -> int:
        """The move number as players count (Red's and Black's first moves are 1)."""
        return self.ply // 2 + 1


@dataclass(frozen=True, slots=True)
class Review:
    """``evaluations[i]``: the position after ``i`` plies, Red's side."""

    evaluations: tuple[int, ...]
    mistakes: tuple[tuple[Mistake, ...], tuple[Mistake, ...]]


def clamp(score: int) -> int:
    return max(-CAP, min(CAP, score))


async def review(
    options: dict[str, str], moves: Sequence[str], analyse: Analyst, *, final: int | None = None
) -> Review:
    """Analyse every position of the standard game ``moves`` from ``options``.

    ``final`` is the last position's value when the game is over on the
    board (an engine has no move to score there).
    """
    match = Match.start("xiangqi", options)
    evaluations: list[int] = []
    best: list[str | None] = []
    for ply in range(len(moves) + 1):
        if ply:
            match.apply(moves[ply - 1])
        if match.outcome is not None:
            winner = match.outcome.winner
            value = 0 if winner is None else CAP if winner is Color.RED else -CAP
            evaluations.append(value if final is None else final)
            best.append(None)
            break
        side = match.game.turn
        score, choice = await analyse(knowledge_of(match, side))
        evaluations.append(clamp(score if side is Color.RED else -score))
        best.append(choice)
    mistakes: tuple[list[Mistake], list[Mistake]] = ([], [])
    for ply, played in enumerate(moves[: len(evaluations) - 1]):
        side = Color.RED if ply % 2 == 0 else Color.BLACK
        change = evaluations[ply + 1] - evaluations[ply]
        loss = -change if side is Color.RED else change
        if loss > 0 and best[ply] != played:
            mistakes[side].append(Mistake(ply, side, played, best[ply], loss))
    worst = tuple(
        tuple(sorted(found, key=lambda m: (-m.loss, m.ply))[:WORST]) for found in mistakes
    )
    return Review(tuple(evaluations), (worst[0], worst[1]))
