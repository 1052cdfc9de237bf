"""Every WXF text Fairy-Stockfish writes for a legal move parses to that move,
over random positions crowded with tandem pawns and like pieces on one file.

Fairy-Stockfish writes tandem pawns as index then file (``17+1``: the first
pawn on file 7), a form that names pawns only, even where a chariot on that
file could make the same step.
"""

from __future__ import annotations

import random

import pytest

from rules.actions import Move
from rules.notation import parse_move
from rules.pieces import Color, Kind, Piece
from rules.position import Position
from rules.squares import in_palace, own_half

pyffish = pytest.importorskip("pyffish")

WXF = pyffish.NOTATION_XIANGQI_WXF
POSITIONS = 80
# Kinds placed besides pawns, with how many of each at most.
OFFICERS = ((Kind.ADVISOR, 2), (Kind.ELEPHANT, 2), (Kind.HORSE, 2), (Kind.CHARIOT, 2))
OFFICERS += ((Kind.CANNON, 2),)


def uci(move: Move) -> str:
    """Fairy-Stockfish numbers ranks 1-10."""
    return "".join(f"{'abcdefghi'[sq % 9]}{sq // 9 + 1}" for sq in (move.from_sq, move.to_sq))


def _relative_rank(sq: int, color: Color) -> int:
    return sq // 9 if color is Color.RED else 9 - sq // 9


def _fits(kind: Kind, color: Color, sq: int) -> bool:
    """Whether ``kind`` of ``color`` can ever stand on ``sq``."""
    file, rank = sq % 9, _relative_rank(sq, color)
    if kind in (Kind.KING, Kind.ADVISOR):
        return in_palace(sq, color) and (kind is Kind.KING or (file + rank) % 2 == 1)
    if kind is Kind.ELEPHANT:
        return own_half(sq, color) and (file + rank) % 4 == 2
    if kind is Kind.PAWN:
        return not own_half(sq, color) or (rank in (3, 4) and file % 2 == 0)
    return True


def crowded_position(rng: random.Random) -> Position:
    """Random material where each side's pawns gather on one or two files and
    chariots, cannons and horses often share those files too."""
    board: list[Piece | None] = [None] * 90

    def place(piece: Piece, squares: list[int]) -> None:
        free = [sq for sq in squares if board[sq] is None and _fits(piece.kind, piece.color, sq)]
        if free:
            board[rng.choice(free)] = piece

    for color in Color:
        place(Piece(color, Kind.KING), list(range(90)))
    for color in Color:
        files = rng.sample(range(9), rng.randint(1, 2))
        on_files = [sq for sq in range(90) if sq % 9 in files]
        for _ in range(rng.randint(2, 5)):
            place(Piece(color, Kind.PAWN), on_files)
        for kind, most in OFFICERS:
            for _ in range(rng.randint(0, most)):
                place(Piece(color, kind), on_files if rng.random() < 0.5 else list(range(90)))
    return Position(board, rng.choice(list(Color)))


def test_tandem_pawn_digits_name_a_pawn_not_a_chariot() -> None:
    # Black pawns on c2 and c3 and a chariot on c8: 13+1 is the front pawn's
    # step c2c1, though the chariot's c8c7 is also "file 3, forward 1".
    position = Position.from_fen("3k5/2r6/9/9/9/9/2p6/2p6/p8/p3K4 b - - 0 1")
    assert pyffish.get_san("xiangqi", position.fen(), "c3c2", False, WXF) == "13+1"
    assert parse_move(position, "13+1") == Move.from_iccs("c2c1")
    assert parse_move(position, "R3+1") == Move.from_iccs("c8c7")


def test_every_fairy_stockfish_wxf_text_parses_to_its_move() -> None:
    rng = random.Random(17)
    compared = tandem = 0
    positions = 0
    while positions < POSITIONS:
        position = crowded_position(rng)
        if position.king_in_danger(position.turn.other()):
            continue  # the side that just moved left its king en prise: no game position
        positions += 1
        fen = position.fen()
        for move in position.legal_moves():
            text = pyffish.get_san("xiangqi", fen, uci(move), False, WXF)
            assert parse_move(position, text) == move, (fen, text, move.text)
            compared += 1
            tandem += text[:2].isdigit()
    # The set-ups really do exercise the digit form, not just plain texts.
    assert compared > 1_000 and tandem > 100, (compared, tandem)
