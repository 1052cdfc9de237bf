"""How a Jieqi puzzle's FEN carries its face-down pieces.

A xiangqi FEN in which a face-down piece is written as the piece it really
is followed by ``?`` (as :meth:`~rules.variants.jieqi.game.JieqiBase.from_pieces`
marks them): ``4k?4`` is Black's face-down king on e9. The solver never sees
what lies under a ``?``: a puzzle holds for every way of dealing those pieces
again over the same points, so the letters only say which pieces are still
unseen and give the bot one deal to play the line out with.
"""

from __future__ import annotations

from rules.errors import InvalidFen
from rules.pieces import Color, Piece
from rules.position import Position
from rules.squares import square_name
from rules.variants.jieqi.game import Jieqi


def parse(fen: str) -> tuple[list[Piece | None], list[bool], Color]:
    """The pieces, the face-down flags and the side to move of a Jieqi puzzle FEN.

    :raises InvalidFen: naming what is wrong.
    """
    position = Position.from_fen(fen.replace("?", ""))
    down = [False] * 90
    for i, row in enumerate(fen.split()[0].split("/")):
        rank, file = 9 - i, 0
        for ch in row:
            if ch != "?":
                file += int(ch) if ch.isdigit() else 1
            elif file == 0 or position.board[rank * 9 + file - 1] is None:
                raise InvalidFen(f"FEN {fen!r}: '?' follows no piece", fen=fen)
            else:
                down[rank * 9 + file - 1] = True
    return position.board, down, position.turn


def write(board: list[Piece | None], down: list[bool], turn: Color) -> str:
    """The puzzle FEN of a Jieqi position."""
    rows = []
    for rank in range(9, -1, -1):
        row, empty = "", 0
        for file in range(9):
            sq = rank * 9 + file
            piece = board[sq]
            if piece is None:
                empty += 1
                continue
            if empty:
                row, empty = row + str(empty), 0
            row += piece.symbol + ("?" if down[sq] else "")
        rows.append(row + (str(empty) if empty else ""))
    return f"{'/'.join(rows)} {turn.letter} - - 0 1"


def game(fen: str) -> Jieqi:
    """A Jieqi game (the document's rules) set up as the puzzle FEN says."""
    board, down, turn = parse(fen)
    pieces = {
        square_name(sq): piece.symbol + ("?" if down[sq] else "")
        for sq, piece in enumerate(board)
        if piece is not None
    }
    return Jieqi.from_pieces(pieces, turn)
