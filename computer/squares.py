"""What a standard piece is worth on each square, beyond its material.

Material alone lets the search shuffle a horse on its home square or park a
cannon anywhere; a player knows that a developed horse, a central cannon, a
chariot on the river bank and a pawn near the palace are worth more. Each
table lists ten ranks from the owner's point of view, its own back rank
first, nine files each; Black reads them upside down. A pawn's table holds
all it gains by crossing the river. A square a piece can
never stand on in standard xiangqi is 0 (a revealed Jieqi piece may stand
anywhere, but its variant keeps its own values).
"""

from __future__ import annotations

from typing import Final

from rules.pieces import Color, Kind

_PAWN: Final = (
    (0, 0, 0, 0, 0, 0, 0, 0, 0),
    (0, 0, 0, 0, 0, 0, 0, 0, 0),
    (0, 0, 0, 0, 0, 0, 0, 0, 0),
    (0, 0, -5, 0, 10, 0, -5, 0, 0),
    (0, 0, 10, 0, 20, 0, 10, 0, 0),
    (60, 80, 90, 110, 110, 110, 90, 80, 60),
    (70, 100, 110, 130, 140, 130, 110, 100, 70),
    (80, 110, 130, 160, 180, 160, 130, 110, 80),
    (80, 110, 130, 160, 170, 160, 130, 110, 80),
    (20, 30, 40, 60, 70, 60, 40, 30, 20),
)
_HORSE: Final = (
    (-30, -20, -10, -20, -30, -20, -10, -20, -30),
    (-20, -10, 0, -10, -20, -10, 0, -10, -20),
    (-10, 0, 10, 10, 0, 10, 10, 0, -10),
    (-5, 5, 15, 10, 20, 10, 15, 5, -5),
    (0, 10, 20, 25, 20, 25, 20, 10, 0),
    (0, 20, 30, 40, 30, 40, 30, 20, 0),
    (10, 30, 40, 50, 40, 50, 40, 30, 10),
    (10, 30, 50, 40, 30, 40, 50, 30, 10),
    (0, 20, 40, 30, 20, 30, 40, 20, 0),
    (-20, -10, 0, 10, -10, 10, 0, -10, -20),
)
_CHARIOT: Final = (
    (-10, 0, -5, 5, 0, 5, -5, 0, -10),
    (-5, 5, 0, 5, 0, 5, 0, 5, -5),
    (0, 10, 5, 10, 5, 10, 5, 10, 0),
    (0, 10, 10, 10, 10, 10, 10, 10, 0),
    (10, 20, 20, 20, 20, 20, 20, 20, 10),
    (10, 20, 20, 20, 20, 20, 20, 20, 10),
    (10, 20, 20, 30, 30, 30, 20, 20, 10),
    (10, 20, 20, 30, 30, 30, 20, 20, 10),
    (20, 30, 30, 40, 40, 40, 30, 30, 20),
    (10, 20, 10, 30, 20, 30, 10, 20, 10),
)
_CANNON: Final = (
    (0, 0, 0, 0, 5, 0, 0, 0, 0),
    (0, 0, 0, 0, 10, 0, 0, 0, 0),
    (0, 5, 0, 5, 30, 5, 0, 5, 0),
    (0, 0, 0, 0, 10, 0, 0, 0, 0),
    (0, 0, 0, 5, 15, 5, 0, 0, 0),
    (0, 0, 0, 0, 10, 0, 0, 0, 0),
    (0, 0, 0, 0, 10, 0, 0, 0, 0),
    (5, 5, 0, -5, 10, -5, 0, 5, 5),
    (10, 10, 0, -10, -10, -10, 0, 10, 10),
    (20, 10, 0, -10, -10, -10, 0, 10, 20),
)
# Advisors, elephants and the king guard best from the middle of their posts.
_ADVISOR: Final = (
    (0, 0, 0, 0, 0, 0, 0, 0, 0),
    (0, 0, 0, 0, 10, 0, 0, 0, 0),
) + ((0,) * 9,) * 8
_ELEPHANT: Final = (
    (0, 0, 0, 0, 0, 0, 0, 0, 0),
    (0, 0, 0, 0, 0, 0, 0, 0, 0),
    (-10, 0, 0, 0, 15, 0, 0, 0, -10),
    (0, 0, 0, 0, 0, 0, 0, 0, 0),
    (0, 0, -5, 0, 0, 0, -5, 0, 0),
) + ((0,) * 9,) * 5
_KING: Final = (
    (0, 0, 0, -10, 0, -10, 0, 0, 0),
    (0, 0, 0, -20, -20, -20, 0, 0, 0),
    (0, 0, 0, -40, -40, -40, 0, 0, 0),
) + ((0,) * 9,) * 7

_TABLES: Final = {
    Kind.PAWN: _PAWN,
    Kind.HORSE: _HORSE,
    Kind.CHARIOT: _CHARIOT,
    Kind.CANNON: _CANNON,
    Kind.ADVISOR: _ADVISOR,
    Kind.ELEPHANT: _ELEPHANT,
    Kind.KING: _KING,
}


def square_bonus(kind: Kind, sq: int, color: Color) -> int:
    """What ``color``'s ``kind`` earns on ``sq`` (0 for a kind without a table)."""
    table = _TABLES.get(kind)
    if table is None:
        return 0
    rank, file = divmod(sq, 9)
    return table[rank if color is Color.RED else 9 - rank][file]
