"""Mining a finished game for puzzles, as lichess does: find where a move
threw the game away, then ask whether the punishment is sharp and unique.

Each of the game's last :data:`WINDOW` positions is searched quickly (the
scan budget). A position is a candidate when its side to move now has a
winning chance of at least :data:`~puzzles.solving.WINNING` (or a mate) and
had much less before the opponent's last move (:data:`SWING`): that move
was the blunder. A game that stops before its end (a resignation) is played
on by the engine for :data:`PLAY_ON` plies, so that the mate the loser saw
coming is mined too. Each candidate is then solved at the generation budget
(:func:`puzzles.solving.solve`); a game gives at most :data:`PER_GAME`
puzzles, never one that lies on another's line.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from itertools import pairwise

from rules.actions import Move
from rules.position import Position

from .catalogue import Goal, Puzzle
from .engine import Analyser, Line
from .rating import estimate
from .solving import LONGEST_MATE, WINNING, Solution, lost, material, solve, unique
from .sources import SourceGame, positions
from .themes import themes

WINDOW = 24  # the last plies of a game searched for blunders
PLAY_ON = 16  # plies the engine plays past a game that stopped early
SWING = 0.3  # the fall in the solver's winning chance that the blunder caused, at least
PER_GAME = 3
DEEPEST_FIND = 7  # depths tried for "how deep the engine must look"


@dataclass(frozen=True, slots=True)
class Scanned:
    """A position of a game and the quick search's two best lines in it."""

    fen: str
    lines: tuple[Line, ...]

    @property
    def best(self) -> Line | None:
        return self.lines[0] if self.lines else None


def puzzle_fen(position: Position) -> str:
    """The puzzle's FEN: placement and side only (the game's counters do not
    belong to the puzzle)."""
    return f"{position.placement()} {position.turn.letter} - - 0 1"


def puzzle_id(fen: str) -> str:
    """A stable id from the position: the same position is one puzzle."""
    return "xq-" + hashlib.sha1(" ".join(fen.split()[:2]).encode()).hexdigest()[:10]


async def _scanned(analyser: Analyser, position: Position, nodes: int, multipv: int = 2) -> Scanned:
    fen = puzzle_fen(position)
    if lost(position):
        return Scanned(fen, ())
    return Scanned(fen, tuple(await analyser.lines(fen, nodes=nodes, multipv=multipv)))


async def scan(analyser: Analyser, game: SourceGame, nodes: int) -> list[tuple[Scanned, Scanned]]:
    """Pairs of positions one ply apart, each with the quick search's lines:
    around each known blunder of the game, or else along its last plies and
    the engine's own continuation when the game stopped short of its end."""
    found = positions(game)
    if game.blunders:
        pairs = []
        for ply in game.blunders:
            if ply + 1 < len(found):
                now = await _scanned(analyser, found[ply + 1], nodes)
                if now.best is not None and now.best.chance >= WINNING:  # else no candidate
                    pairs.append((await _scanned(analyser, found[ply], nodes, multipv=1), now))
        return pairs
    window = found[-WINDOW:]
    scanned = [await _scanned(analyser, position, nodes) for position in window]
    position = window[-1].copy() if window else None
    for _ in range(PLAY_ON):
        best = scanned[-1].best if scanned else None
        if position is None or best is None:
            break
        position.push(Move.from_iccs(best.move))
        scanned.append(await _scanned(analyser, position, nodes))
    return list(pairwise(scanned))


def candidates(pairs: list[tuple[Scanned, Scanned]]) -> list[str]:
    """The positions right after a blunder where one move already stands out:
    the side to move stands to win, did not before the opponent's last move,
    and the quick search sees a single winning move."""
    found: list[str] = []
    for before, now in pairs:
        if now.best is None or before.best is None:
            continue
        chance = now.best.chance
        earlier = -before.best.chance  # the same side's chance one ply before
        was_mated = before.best.mate is not None and before.best.mate < 0
        goal: Goal = "mate" if now.best.mates and (now.best.mate or 0) <= LONGEST_MATE else "win"
        if chance < WINNING or not unique(goal, now.lines):
            continue
        if chance - earlier >= SWING or (now.best.mates and not was_mated):
            found.append(now.fen)
    return found


async def found_depth(analyser: Analyser, fen: str, solution: Solution) -> int:
    """The shallowest depth at which the engine plays the first move with a
    winning score (one past :data:`DEEPEST_FIND` when it never does)."""
    for depth in range(1, DEEPEST_FIND + 1):
        lines = await analyser.lines(fen, nodes=0, depth=depth)
        if lines and lines[0].move == solution.moves[0]:
            best = lines[0]
            if best.mates if solution.goal == "mate" else best.chance >= WINNING:
                return depth
    return DEEPEST_FIND + 1


async def make_puzzle(analyser: Analyser, fen: str, nodes: int) -> Puzzle | None:
    """The puzzle of ``fen`` at the generation budget ``nodes``, or ``None``."""
    solution = await solve(analyser, fen, nodes)
    if solution is None:
        return None
    position = Position.from_fen(fen)
    first = Move.from_iccs(solution.moves[0])
    quiet = position.board[first.to_sq] is None
    position.push(first)
    quiet = quiet and not position.is_check()
    solver = position.turn.other()
    before = material(position, solver)
    if len(solution.moves) > 1:
        position.push(Move.from_iccs(solution.moves[1]))
    sacrifice = material(position, solver) <= before - 400
    depth = await found_depth(analyser, fen, solution)
    rating = estimate(
        solution.goal,
        (len(solution.moves) + 1) // 2,
        depth,
        solution.choices,
        quiet=quiet,
        sacrifice=sacrifice,
    )
    return Puzzle(
        id=puzzle_id(fen),
        variant="xiangqi",
        fen=fen,
        solution=solution.moves,
        goal=solution.goal,
        rating=rating,
        themes=themes(fen, solution.moves, solution.goal == "mate"),
    )


def line_positions(puzzle: Puzzle) -> set[str]:
    """The positions (placement and side) a puzzle's line passes through."""
    position = Position.from_fen(puzzle.fen)
    seen = {" ".join(puzzle.fen.split()[:2])}
    for text in puzzle.solution:
        position.push(Move.from_iccs(text))
        seen.add(f"{position.placement()} {position.turn.letter}")
    return seen


async def mine(
    analyser: Analyser, game: SourceGame, *, scan_nodes: int, nodes: int, known: set[str]
) -> list[Puzzle]:
    """Up to :data:`PER_GAME` new puzzles from ``game``; ``known`` holds the
    positions (placement and side) of puzzles and lines already made, and
    gains those of the new ones."""
    made: list[Puzzle] = []
    for fen in dict.fromkeys(candidates(await scan(analyser, game, scan_nodes))):
        if len(made) == PER_GAME:
            break
        if " ".join(fen.split()[:2]) in known:
            continue
        puzzle = await make_puzzle(analyser, fen, nodes)
        if puzzle is not None:
            made.append(puzzle)
            known |= line_positions(puzzle)
    return made
