"""The uniqueness check: a position is a puzzle only when each of the
solver's moves is the one way to win, judged by Fairy-Stockfish at a fixed
node budget and, for a mate, by our own rules at the end of the line."""

from __future__ import annotations

import pytest

from computer.fairy import engine_path
from puzzles.engine import Analyser, Line
from puzzles.solving import MARGIN, WINNING, recheck, solve, unique
from rules.actions import Move
from rules.position import Position
from tests.system_tools import require

NODES = 30_000
# Red to move: a chariot on a8 shuts Black's second rank, and either of the
# chariots on b1 and h1 mates on the back rank.
TWO_MATES = "4k4/R8/9/9/9/9/9/9/1R5R1/3K5 w - - 0 1"
# Red to move: only the horse's jump to g8 mates (the advisors block the
# king, the chariot holds the second rank); anything else and Black's
# chariots mate first.
ONE_MATE = "3aka3/R8/9/6pN1/9/9/9/8r/8r/3K5 w - - 0 1"


def line(move: str, centipawns: int = 0, mate: int | None = None) -> Line:
    return Line(move, centipawns, mate, (move,), 10)


def test_a_mate_is_unique_only_when_no_other_move_mates_even_slower():
    assert unique("mate", [line("b1b9", mate=1), line("a8a9", centipawns=400)])
    assert not unique("mate", [line("b1b9", mate=1), line("a8a9", mate=3)])
    assert unique("mate", [line("b1b9", mate=2)])


def test_a_win_is_unique_only_by_a_clear_margin_in_winning_chances():
    assert unique("win", [line("h2h9", 900), line("h2e2", 0)])
    # Two moves that both keep a large advantage: no puzzle.
    assert not unique("win", [line("h2h9", 900), line("h2e2", 600)])
    # Winning too little.
    assert not unique("win", [line("h2h9", 150), line("h2e2", -900)])
    assert WINNING > 0 and MARGIN > 0


@pytest.fixture
async def analyser():
    found = Analyser(require(engine_path(), "fairy-stockfish"))
    yield found
    await found.quit()


async def test_a_position_with_two_mating_moves_is_rejected(analyser):
    assert await solve(analyser, TWO_MATES, NODES) is None


async def test_a_proven_mate_is_kept_and_ends_in_mate_by_our_rules(analyser):
    solution = await solve(analyser, ONE_MATE, NODES)
    assert solution is not None
    assert solution.goal == "mate" and solution.moves == ("h6g8",)
    position = Position.from_fen(ONE_MATE)
    position.push(Move.from_iccs("h6g8"))
    assert position.is_check() and not position.has_legal_move()
    assert await recheck(analyser, ONE_MATE, solution.moves, "mate", 2 * NODES) is None


async def test_a_wrong_answer_fails_the_recheck(analyser):
    failure = await recheck(analyser, ONE_MATE, ("a8a9",), "mate", NODES)
    assert failure is not None and "a8a9" in failure
    assert await recheck(analyser, TWO_MATES, ("b1b9",), "mate", NODES) is not None
