"""Mirror images of standard xiangqi positions (files a..i swapped), which
are worth exactly what their originals are worth."""

from __future__ import annotations

FILES = "abcdefghi"


def mirror_fen(fen: str) -> str:
    """The FEN of ``fen``'s mirror image (the side to move and counters kept)."""
    board, rest = fen.split(" ", 1)
    return "/".join(_mirror_rank(rank) for rank in board.split("/")) + " " + rest


def mirror_uci(move: str) -> str:
    """A move in the mirror image: ``h3e3`` becomes ``b3e3``."""
    return "".join(FILES[8 - FILES.index(c)] if c in FILES else c for c in move)


def _mirror_rank(rank: str) -> str:
    cells: list[str] = []
    for char in rank:
        cells.extend("1" * int(char) if char.isdigit() else char)
    out, empty = "", 0
    for cell in reversed(cells):
        if cell == "1":
            empty += 1
            continue
        out += (str(empty) if empty else "") + cell
        empty = 0
    return out + (str(empty) if empty else "")
