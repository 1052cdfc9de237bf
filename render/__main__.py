"""``python -m render --fen FEN --out board.png``: draw a position from a FEN.

The small FEN reader here only takes the piece placement and the side to
move; it stands in until the rules engine offers FEN parsing.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from rules.pieces import Color, Piece
from rules.squares import square
from rules.view import PieceView, View

from . import RenderOptions, render_png

START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"


def view_from_fen(fen: str) -> View:
    """A public view of the position in ``fen`` (placement and side fields only).

    :raises ValueError: if the placement is not 10 ranks of 9 points.
    """
    fields = fen.split()
    rows = fields[0].split("/")
    if len(rows) != 10:
        raise ValueError(f"FEN needs 10 ranks, got {len(rows)}: {fen!r}")
    board: list[PieceView | None] = [None] * 90
    for i, row in enumerate(rows):
        rank, file = 9 - i, 0
        for char in row:
            if char.isdigit():
                file += int(char)
                continue
            if file > 8:
                raise ValueError(f"rank {rank} has more than 9 points: {fen!r}")
            piece = Piece.from_symbol(char)
            board[square(file, rank)] = PieceView(piece.color, piece.kind)
            file += 1
        if file != 9:
            raise ValueError(f"rank {rank} has {file} points, not 9: {fen!r}")
    side = fields[1] if len(fields) > 1 else "w"
    if side not in ("w", "r", "b"):
        raise ValueError(f"side to move must be w, r or b, not {side!r}")
    turn = Color.BLACK if side == "b" else Color.RED
    return View(variant="xiangqi", viewer=None, board=tuple(board), turn=turn, ply=0)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m render", description=__doc__.splitlines()[0])
    parser.add_argument("--fen", default=START_FEN)
    parser.add_argument("--out", type=Path, default=Path("board.png"))
    parser.add_argument("--perspective", choices=("red", "black"))
    parser.add_argument("--traditional", action="store_true")
    parser.add_argument("--labels", action="store_true")
    parser.add_argument("--lang", choices=("zh", "en"), default="zh")
    args = parser.parse_args(argv)
    perspective = Color[args.perspective.upper()] if args.perspective else None
    options = RenderOptions(
        traditional=args.traditional, labels=args.labels, perspective=perspective, lang=args.lang
    )
    try:
        view = view_from_fen(args.fen)
    except ValueError as error:
        parser.error(str(error))
    args.out.write_bytes(render_png(view, None, options))


if __name__ == "__main__":
    main()
