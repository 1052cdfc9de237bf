"""Standard xiangqi adjudication (S-2, S-3, S-10, S-12) and the Game interface."""

from __future__ import annotations

import pytest

from rules import Color, GameOver, IllegalAction, InvalidFen, Move, Reason, find_variant
from rules.position import START_FEN, Position
from rules.standard import HANDICAPS, StandardXiangqi, handicap_fen


def test_registry_finds_standard_by_name_and_alias():
    assert find_variant("xiangqi") is StandardXiangqi
    assert find_variant(" 象棋 ") is StandardXiangqi
    with pytest.raises(ValueError, match="unknown variant 'chess960'"):
        find_variant("chess960")


def test_checkmate_loses():
    # Red's chariot checks on the back rank; e9 faces the red king and the
    # black cannon on d8 blocks the king's only other square.
    game = StandardXiangqi.start({"fen": "3k5/3c5/9/9/9/9/9/9/9/R3K4 w"})
    game.push(Move.from_iccs("a0a9"))
    outcome = game.outcome()
    assert (outcome.winner, outcome.reason, outcome.result) == (
        Color.RED,
        Reason.CHECKMATE,
        "1-0",
    )
    assert game.legal_actions() == []


def test_stalemate_loses_for_the_side_without_moves():
    # Black's king on d9 can neither step sideways (facing kings on e, chariot
    # on rank 8) nor stay: after Red's quiet move Black has no move at all.
    game = StandardXiangqi.start({"fen": "3k5/9/9/9/9/9/9/9/R8/4K4 w"})
    game.push(Move.from_iccs("a1a8"))
    assert not game.position.is_check()
    assert game.outcome().reason is Reason.STALEMATE
    assert game.outcome().winner is Color.RED


def test_moves_exposing_own_king_are_illegal():
    # The red cannon on e1 screens the kings: it may not leave the file (S-2).
    game = StandardXiangqi.start({"fen": "4k4/9/9/9/9/9/9/9/4C4/4K4 w"})
    assert Move.from_iccs("e1d1") not in game.legal_actions()
    with pytest.raises(IllegalAction):
        game.push(Move.from_iccs("e1d1"))
    assert game.ply == 0


def test_no_capture_for_120_plies_draws():
    game = StandardXiangqi.start({"fen": "3k5/9/9/9/9/9/9/9/R8/4K4 w - - 118 1"})
    game.push(Move.from_iccs("a1a2"))
    assert game.outcome() is None
    game.push(Move.from_iccs("d9d8"))
    assert game.outcome().reason is Reason.NO_CAPTURE


def test_no_attacking_material_draws():
    game = StandardXiangqi.start({"fen": "3k5/9/9/9/9/9/9/3r5/4A4/4K4 w"})
    game.push(Move.from_iccs("e1d2"))  # the advisor takes the last attacker
    assert game.outcome().reason is Reason.INSUFFICIENT_MATERIAL


@pytest.mark.parametrize("name", sorted(HANDICAPS))
def test_handicaps_remove_exactly_the_named_pieces(name: str):
    for side in Color:
        fen = handicap_fen(name, side)
        start, handicapped = Position.from_fen(START_FEN), Position.from_fen(fen)
        removed = [
            sq for sq in range(90) if start.board[sq] is not None and handicapped.board[sq] is None
        ]
        assert len(removed) == len(HANDICAPS[name])
        assert all(start.board[sq].color is side for sq in removed)


def test_handicap_game_starts_without_the_piece():
    game = StandardXiangqi.start({"handicap": "two-horses"})
    assert game.position.board[1] is None and game.position.board[7] is None
    assert game.is_handicap
    with pytest.raises(ValueError):
        StandardXiangqi.start({"handicap": "queen"})


def test_push_after_the_end_is_refused():
    game = StandardXiangqi.start({"fen": "3k5/3c5/9/9/9/9/9/9/9/R3K4 w"})
    game.push(Move.from_iccs("a0a9"))
    with pytest.raises(GameOver):
        game.push(Move.from_iccs("d8d7"))


def test_views_show_last_move_check_and_captures():
    game = StandardXiangqi.start({"fen": "4k4/9/9/9/9/9/9/9/4p4/R2K5 w"})
    game.push(Move.from_iccs("a0a9"))  # check along rank 9
    view = game.view(None)
    assert view.last_move == (0, 81)
    assert view.check == 85
    game.push(Move.from_iccs("e9e8"))
    game.push(Move.from_iccs("a9a1"))
    game.push(Move.from_iccs("e1d1"))  # the pawn takes nothing: just moves sideways
    game.push(Move.from_iccs("a1d1"))  # and the chariot takes it
    view = game.view(Color.BLACK)
    assert [p.kind.value for p in view.captured[Color.BLACK]] == ["p"]
    assert view.turn is Color.BLACK and view.ply == 5


def test_replay_rebuilds_the_same_position():
    moves = [Move.from_iccs(t) for t in ("h2e2", "h9g7", "h0g2", "i9h9", "i0h0")]
    game = StandardXiangqi.replay(moves)
    assert game.position.fen() == (
        "rnbakabr1/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKABR1 b - - 5 1"
    )
    assert game.moves_by_side(Color.RED) == 3


def test_moves_by_side_when_black_begins():
    game = StandardXiangqi.start({"fen": START_FEN.replace(" w ", " b ")})
    for text in ("h7e7", "h2e2", "h9g7"):
        game.push(Move.from_iccs(text))
    assert (game.moves_by_side(Color.BLACK), game.moves_by_side(Color.RED)) == (2, 1)


@pytest.mark.parametrize(
    "fen",
    [
        "rnbakabnrr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        "rnbakabnr/9p/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        "rnbakabnr/²/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAQABNR w",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x",
    ],
)
def test_bad_fens_are_refused_with_invalid_fen(fen: str):
    with pytest.raises(InvalidFen):
        Position.from_fen(fen)
