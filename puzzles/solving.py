"""The rule that makes a position a puzzle: every move of the solver is the
only one that keeps the win, and the opponent answers with its best defence.

After lichess's puzzle generator: the engine is asked for its two best moves
(MultiPV 2) at each of the solver's turns. A mate puzzle needs the best to
mate and the second not to (another mate, even a slower one, would make a
second solution); a win puzzle needs the best to keep a winning chance of at
least :data:`WINNING` and the second to fall short of it by :data:`MARGIN`
on the review's winning-chance curve. A win line goes on while its moves stay
unique and ends with the solver's last unique move; it must win material
that the opponent's best reply does not win back. A mate line must end in a
position that our own rules judge lost for the side to move (mate or
stalemate, S-3), not merely one the engine scores as mate.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from computer.evaluation import VALUES
from rules.actions import Move
from rules.pieces import Color
from rules.position import Position

from .catalogue import Goal
from .engine import Analyser, Line

WINNING = 0.45  # the solver's winning chance after each move of a win puzzle (about +2.6 pawns)
MARGIN = 0.42  # how far the second-best move's chance must fall below the best's (lichess's)
MIN_GAIN = 250  # centipawns of material a win puzzle must win (more than a pawn and an advisor)
LONGEST_MATE = 5  # solver moves of the longest mate shipped
LONGEST_WIN = 4  # solver moves after which a win puzzle stops
SAME_DEFENCE = 0.05  # how much worse than the best a shipped reply may score and still be "best"


@dataclass(frozen=True, slots=True)
class Solution:
    """A unique winning line from a position, with what the rating model needs:
    how many legal moves the solver had at each turn."""

    goal: Goal
    moves: tuple[str, ...]
    choices: tuple[int, ...]


def material(position: Position, side: Color) -> int:
    """``side``'s material less the other side's, in centipawns."""
    total = 0
    for piece in position.board:
        if piece is not None:
            value = VALUES.get(piece.kind, 0)
            total += value if piece.color is side else -value
    return total


def unique(goal: Goal, lines: Sequence[Line]) -> bool:
    """Whether the best of ``lines`` is the only move that reaches ``goal``."""
    if not lines:
        return False
    best, second = lines[0], lines[1] if len(lines) > 1 else None
    if goal == "mate":
        return best.mates and (second is None or not second.mates)
    if best.chance < WINNING:
        return False
    return second is None or second.chance <= best.chance - MARGIN


def lost(position: Position) -> bool:
    """The side to move has lost by the rules: no legal move (S-3)."""
    return not position.has_legal_move()


async def solve(analyser: Analyser, fen: str, nodes: int) -> Solution | None:
    """The unique winning line from ``fen``, or ``None`` when it has none."""
    position = Position.from_fen(fen)
    solver = position.turn
    start = material(position, solver)
    first_lines = await analyser.lines(fen, nodes=nodes, multipv=2)
    if not first_lines:
        return None
    first = first_lines[0]
    goal: Goal = "mate" if first.mates and (first.mate or 0) <= LONGEST_MATE else "win"
    moves: list[str] = []
    choices: list[int] = []
    lines = first_lines
    while True:
        if len(moves) >= 2 * LONGEST_MATE:
            return None  # the engine's mate did not come: its scores disagree along the line
        if position.turn is solver:
            if moves:
                lines = await analyser.lines(fen, moves, nodes=nodes, multipv=2)
            if goal == "win" and len(choices) == LONGEST_WIN:
                break
            if not unique(goal, lines):
                if goal == "mate" or not moves:
                    return None
                break
            choices.append(len(position.legal_moves()))
        else:
            lines = await analyser.lines(fen, moves, nodes=nodes)
            if not lines:
                return None
        move = lines[0].move
        position.push(Move.from_iccs(move))
        moves.append(move)
        if lost(position):
            break
    if goal == "mate":
        return Solution(goal, tuple(moves), tuple(choices)) if lost(position) else None
    over = lost(position)
    if position.turn is solver:  # the line ended on the opponent's best reply: drop it
        moves.pop()
    if not moves or (not over and material(position, solver) - start < MIN_GAIN):
        return None
    return Solution(goal, tuple(moves), tuple(choices))


async def recheck(
    analyser: Analyser, fen: str, solution: Sequence[str], goal: Goal, nodes: int
) -> str | None:
    """Why ``solution`` is no longer the unique answer at ``nodes``, or ``None``
    when it still is: every solver move the engine's unique choice, every
    reply as good a defence as the engine's best, and a mate ending in mate."""
    position = Position.from_fen(fen)
    solver = position.turn
    played: list[str] = []
    for ply, move in enumerate(solution):
        if not position.is_legal(Move.from_iccs(move)):
            return f"ply {ply}: {move} is not legal"
        if position.turn is solver:
            lines = await analyser.lines(fen, played, nodes=nodes, multipv=2)
            if not lines or lines[0].move != move:
                best = lines[0].move if lines else None
                return f"ply {ply}: the engine prefers {best} to {move}"
            if not unique(goal, lines[:1]):
                return f"ply {ply}: {move} no longer wins"
            if not unique(goal, lines):
                return f"ply {ply}: {lines[1].move} wins too, not only {move}"
        else:
            lines = await analyser.lines(fen, played, nodes=nodes)
            if lines and lines[0].move != move:
                reply = await analyser.lines(fen, played, nodes=nodes, only=(move,))
                if not reply or reply[0].chance < lines[0].chance - SAME_DEFENCE:
                    return f"ply {ply}: {move} is not the best defence (engine: {lines[0].move})"
                if lines[0].mate is not None and reply[0].mate != lines[0].mate:
                    return f"ply {ply}: {move} is mated sooner than {lines[0].move}"
        position.push(Move.from_iccs(move))
        played.append(move)
    if goal == "mate" and not lost(position):
        return "the line does not end in mate"
    return None
