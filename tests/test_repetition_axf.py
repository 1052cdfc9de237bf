"""S-4 on textbook situations, each also put to Fairy-Stockfish (pyffish).

Where the two agree, the test says so; where Fairy-Stockfish departs from
the Asian Xiangqi Federation book, we follow the book and the test names the
departure.
"""

from __future__ import annotations

import pytest

from rules import Color, Move, Reason
from rules.chase_check import Cycle, judge, to_ffish
from rules.repetition import chased_squares
from rules.squares import parse_square
from rules.standard import StandardXiangqi

pyffish = pytest.importorskip("pyffish")


def outcome(fen: str, cycle: tuple[str, ...]):
    """Play ``cycle`` twice from ``fen``; our outcome, and pyffish's winner."""
    game = StandardXiangqi.start({"fen": fen})
    for text in cycle * 2:
        assert game.outcome() is None
        game.push(Move.from_iccs(text))
    return game.outcome(), judge(Cycle(fen, cycle * 2)).theirs


def test_horse_chasing_a_chariot_loses():
    # The black chariot steps c7-c8-c7, the red horse follows d5-b6-d5 and
    # attacks it anew each time: a horse attacking a chariot always chases.
    fen = "3k5/9/2r6/9/3N5/9/9/9/9/4K4 b - - 0 1"
    result, theirs = outcome(fen, ("c7c8", "d5b6", "c8c7", "b6d5"))
    assert (result.winner, result.reason) == (Color.BLACK, Reason.PERPETUAL_CHASE)
    assert theirs == "black"


def test_offering_a_chariot_exchange_is_no_chase():
    # Red's chariot follows Black's chariot, which attacks it back each time.
    fen = "3k5/9/7r1/9/9/9/9/9/6R2/4K4 w - - 0 1"
    result, theirs = outcome(fen, ("g1h1", "h7g7", "h1g1", "g7h7"))
    assert (result.winner, result.reason) == (None, Reason.REPETITION)
    assert theirs == "draw"


def test_a_pinned_chariot_does_not_chase_unlike_fairy_stockfish():
    # Book rule (S-4): an attacker that may not legally capture does not
    # chase. Red's chariot is pinned on the e-file by Black's chariot e8; it
    # follows Black's cannon a3-a4 along the file, attacking it on each rank,
    # but taking it would expose the red king. Fairy-Stockfish counts these
    # attacks and declares a perpetual chase by Red; we follow the book: draw.
    fen = "3k5/4r4/9/9/9/9/c3R4/9/9/4K4 b - - 0 1"
    cycle = ("a3a4", "e3e4", "a4a3", "e4e3")
    result, theirs = outcome(fen, cycle)
    assert (result.winner, result.reason) == (None, Reason.REPETITION)
    assert theirs == "black"
    # Unpinned (no black chariot on the e-file), the same chase loses for both.
    result, theirs = outcome("3k5/9/9/9/9/9/c3R4/9/9/4K4 b - - 0 1", cycle)
    assert (result.winner, result.reason) == (Color.BLACK, Reason.PERPETUAL_CHASE)
    assert theirs == "black"


def test_the_move_before_the_cycle_does_not_count_unlike_fairy_stockfish():
    # S-4 judges the moves of the cycle since the position first appeared.
    # Here Red's king steps e1-e0 into that position, and only then does the
    # horse chase the chariot on every move of the cycle. Fairy-Stockfish also
    # asks the king's step to chase and so calls it a draw; by the rule, Red
    # chased perpetually and loses.
    fen = "3k5/9/2r6/9/3N5/9/9/9/4K4/9 w - - 0 1"
    moves = ["e1e0"] + ["c7c8", "d5b6", "c8c7", "b6d5"] * 2
    game = StandardXiangqi.start({"fen": fen})
    for text in moves:
        game.push(Move.from_iccs(text))
    result = game.outcome()
    assert (result.winner, result.reason) == (Color.BLACK, Reason.PERPETUAL_CHASE)
    assert pyffish.is_optional_game_end("xiangqi", fen, [to_ffish(m) for m in moves]) == (True, 0)


def test_a_pinned_horse_does_not_chase_the_cannon_it_attacks():
    # The position reported to Fairy-Stockfish as issue #938 (item 2): the
    # red horse steps g2-f0 onto the rank where Black's chariot on i0 pins it
    # to the king on d0, and attacks the cannon on e2 it may not take. Fairy-
    # Stockfish's reading calls that a chase; the book's does not.
    game = StandardXiangqi.start({"fen": "4k4/9/9/9/9/9/9/4c1N2/9/3K4r w - - 0 1"})
    before = list(game.position.board)
    move = Move.from_iccs("g2f0")
    game.push(move)
    after = game.position.board
    assert chased_squares(before, after, move) == set()
    assert chased_squares(before, after, move, pinned_chase=True) == {parse_square("e2")}
