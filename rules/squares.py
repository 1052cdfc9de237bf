"""Squares of the 9x10 board, named in ICCS (files a-i from Red's left, ranks 0-9).

A square is an ``int`` ``rank * 9 + file``; ``a0`` is 0 and ``i9`` is 89.
"""

from __future__ import annotations

from .pieces import Color

FILES = "abcdefghi"

Square = int


def square(file: int, rank: int) -> Square:
    return rank * 9 + file


def file_of(sq: Square) -> int:
    return sq % 9


def rank_of(sq: Square) -> int:
    return sq // 9


def square_name(sq: Square) -> str:
    return f"{FILES[sq % 9]}{sq // 9}"


def parse_square(text: str) -> Square:
    """Parse an ICCS square name such as ``e3``.

    :raises ValueError: if the text is not a square on the board.
    """
    text = text.strip().lower()
    if len(text) != 2 or text[0] not in FILES or not text[1].isdigit():
        raise ValueError(f"not a square: {text!r} (expected a file a-i and a rank 0-9)")
    return square(FILES.index(text[0]), int(text[1]))


def on_board(file: int, rank: int) -> bool:
    return 0 <= file < 9 and 0 <= rank < 10


def own_half(sq: Square, color: Color) -> bool:
    """Whether ``sq`` lies on ``color``'s side of the river."""
    return sq // 9 <= 4 if color is Color.RED else sq // 9 >= 5


def in_palace(sq: Square, color: Color) -> bool:
    f, r = sq % 9, sq // 9
    if not 3 <= f <= 5:
        return False
    return r <= 2 if color is Color.RED else r >= 7


def mirror_rank(sq: Square) -> Square:
    """The square seen from the other side's back rank (same file)."""
    return square(sq % 9, 9 - sq // 9)
