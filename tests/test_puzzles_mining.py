"""Where a game is mined: right after a blunder, where the quick search
already sees a single winning move."""

from __future__ import annotations

from puzzles.engine import Line
from puzzles.mining import Scanned, candidates, puzzle_fen, puzzle_id
from rules.position import Position

FEN = "3aka3/R8/9/6pN1/9/9/9/8r/8r/3K5 w - - 0 1"


def scanned(*lines: tuple[int, int | None]) -> Scanned:
    return Scanned(
        FEN, tuple(Line(f"a{i}a{i + 1}", cp, mate, (), 8) for i, (cp, mate) in enumerate(lines))
    )


def test_the_position_after_a_blunder_is_a_candidate():
    before = scanned((30, None))  # the opponent, to move, stood about level
    after = scanned((900, None), (-50, None))  # now one move wins, the next does not
    assert candidates([(before, after)]) == [FEN]


def test_a_side_that_was_winning_already_gives_no_candidate():
    before = scanned((-800, None))  # the opponent was lost before its move
    after = scanned((900, None), (-50, None))
    assert candidates([(before, after)]) == []


def test_two_winning_moves_give_no_candidate():
    before = scanned((30, None))
    after = scanned((900, None), (850, None))
    assert candidates([(before, after)]) == []


def test_a_new_mate_is_a_candidate_even_from_a_won_position():
    before = scanned((-800, None))
    after = scanned((0, 2), (400, None))
    assert candidates([(before, after)]) == [FEN]
    mated = scanned((0, -3))  # the opponent saw its mate coming already
    assert candidates([(mated, after)]) == []


def test_a_puzzle_is_its_placement_and_side():
    position = Position.from_fen("3aka3/R8/9/6pN1/9/9/9/8r/8r/3K5 w - - 57 80")
    fen = puzzle_fen(position)
    assert fen == FEN
    assert puzzle_id(fen) == puzzle_id(FEN.replace(" 0 1", " 3 9"))
