"""Jieqi puzzles: one action that wins whatever lies beneath the face-down
pieces, found by dealing the unseen pieces at every reveal and capture, and
checked again by playing random deals through the Jieqi game itself."""

from __future__ import annotations

import random

import pytest

from puzzles import jieqi_fen
from puzzles.catalogue import shipped
from puzzles.jieqi_search import new_board, winning_actions
from puzzles.jieqi_verify import recheck
from rules.actions import Move
from rules.pieces import Color, Kind
from rules.variants.jieqi.actions import Reveal

# Black's revealed king on e9, its face-down pieces on d9 and f9 shutting it
# in; Red to move.
CHARIOT_MATES = "3a?kr?3/9/9/p?8/8R/9/P?8/9/9/3K5 w - - 0 1"
# Red's face-down piece on e3 is a chariot: turned up, it mates. The other
# unseen red piece is a pawn, so the reveal mates in only one deal of two.
MAYBE = "3a?kr?3/9/9/p?8/9/9/P?3R?4/9/9/3K5 w - - 0 1"
# Both unseen red pieces are chariots: the reveal mates whatever the deal.
SURELY = "3a?kr?3/9/9/p?8/9/9/R?3R?4/9/9/3K5 w - - 0 1"


def test_the_fen_form_round_trips_and_builds_the_game():
    board, down, turn = jieqi_fen.parse(MAYBE)
    assert jieqi_fen.write(board, down, turn) == MAYBE
    game = jieqi_fen.game(MAYBE)
    assert game.turn is Color.RED
    view = game.view(Color.RED)
    e3 = 3 * 9 + 4
    assert view.board[e3] is not None and view.board[e3].kind is None  # face-down to all
    assert game.board.board[e3].kind is Kind.CHARIOT
    with pytest.raises(ValueError):
        jieqi_fen.parse("?4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1")


def test_a_move_that_mates_whatever_lies_beneath():
    hb = new_board(*jieqi_fen.parse(CHARIOT_MATES))
    assert winning_actions(hb, 1) == [Move.from_iccs("i5e5")]


def test_a_reveal_that_mates_in_only_some_deals_is_no_puzzle():
    hb = new_board(*jieqi_fen.parse(MAYBE))
    assert winning_actions(hb, 1) == []
    game = jieqi_fen.game(MAYBE)  # yet in the FEN's own deal it mates
    game.push(Reveal(3 * 9 + 4))
    assert game.outcome() is not None and game.outcome().winner is Color.RED


def test_a_reveal_that_mates_in_every_deal():
    hb = new_board(*jieqi_fen.parse(SURELY))
    assert winning_actions(hb, 1) == [Reveal(3 * 9 + 4)]


def test_a_sample_of_the_shipped_jieqi_puzzles_holds():
    puzzles = shipped("jieqi")
    assert len(puzzles) >= 100
    for puzzle in random.Random(7).sample(puzzles, 6):
        assert puzzle.variant == "jieqi" and puzzle.goal == "mate"
        assert "?" in puzzle.fen
        assert recheck(puzzle, deals=3) is None, puzzle.id
