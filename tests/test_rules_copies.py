"""Copies of games, as the computer makes one per root action: values that never
change are shared (rules.frozen), everything a game changes is its own, so
playing on a copy never touches the original, its repetitions included."""

from __future__ import annotations

import copy
import pickle

from rules.actions import Move
from rules.match import Match
from rules.outcome import Reason
from rules.pieces import Color, Kind, Piece
from rules.position import Position
from rules.repetition import PlyFacts
from rules.squares import parse_square

KNIGHTS_OUT_AND_BACK = ("h0g2", "h9g7", "g2h0", "g7h9")


def test_a_copy_repeats_on_its_own_and_the_original_keeps_its_count():
    match = Match.start("xiangqi")
    for text in KNIGHTS_OUT_AND_BACK:
        match.apply(text)
    game = match.game
    twin = copy.deepcopy(game)
    assert twin.actions[0] is game.actions[0]  # a frozen action is shared
    for text in KNIGHTS_OUT_AND_BACK:  # the start position a third time
        twin.push(Move.from_iccs(text))
    outcome = twin.outcome()
    assert outcome is not None and outcome.reason is Reason.REPETITION
    assert game.outcome() is None and len(game.actions) == 4
    game.push(Move.from_iccs("h0g2"))  # its second time here, the twin's third
    assert game.outcome() is None
    for text in KNIGHTS_OUT_AND_BACK[1:]:
        game.push(Move.from_iccs(text))
    assert game.outcome() == outcome


def test_a_copy_lets_its_snapshots_go_without_the_originals():
    """A capture on a copied game releases that copy's chase snapshots (S-4);
    the original must still be able to tell what its plies chased."""
    before = Position.from_fen("3k5/9/9/9/9/9/n8/8R/9/4K4 w").board
    move = Move.from_iccs("i2a2")  # the chariot now attacks the bare horse on a3
    after = list(before)
    after[move.to_sq], after[move.from_sq] = after[move.from_sq], None
    facts = PlyFacts.after_move(Color.RED, False, before, after, move, list(range(90)))
    twin = copy.deepcopy(facts)
    assert twin.release()
    assert twin.chased == frozenset()
    assert facts.chased == frozenset({parse_square("a3")})


def test_a_piece_crosses_to_a_worker_whole_and_copies_as_itself():
    """Pieces are compiled (their side and letter read straight from the
    object by the search); a pickled piece, as the ladder's workers and the
    computer's process pool receive it, must come back equal, with the same
    letter and hash, and a copy of a board shares its pieces."""
    board = Position.from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w").board
    for piece in {p for p in board if p is not None}:
        back = pickle.loads(pickle.dumps(piece))
        assert back == piece and hash(back) == hash(piece)
        assert back.letter == piece.kind.value and back.color is piece.color
    horse = Piece(Color.BLACK, Kind.HORSE)
    assert copy.deepcopy([horse])[0] is horse and copy.copy(horse) is horse
    assert {horse: 1}[Piece(Color.BLACK, Kind.HORSE)] == 1
