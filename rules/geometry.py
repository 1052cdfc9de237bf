"""Move tables built once at import: rays, horse legs, elephant eyes, palaces.

Each table is indexed by square (see :mod:`rules.squares`). Generators and
attack tests look things up here instead of computing offsets per move.
"""

from __future__ import annotations

from typing import Final

from .pieces import Color
from .squares import in_palace, on_board, own_half, square

ORTHOGONAL: Final = ((0, 1), (0, -1), (1, 0), (-1, 0))
DIAGONAL: Final = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def ray_from(sq: int, df: int, dr: int) -> tuple[int, ...]:
    """The squares from ``sq`` in the direction (``df``, ``dr``), nearest first."""
    f, r = sq % 9, sq // 9
    out = []
    f, r = f + df, r + dr
    while on_board(f, r):
        out.append(square(f, r))
        f, r = f + df, r + dr
    return tuple(out)


def neighbours(sq: int, deltas: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """The squares one step (``deltas``) from ``sq`` that are on the board."""
    f, r = sq % 9, sq // 9
    return tuple(square(f + df, r + dr) for df, dr in deltas if on_board(f + df, r + dr))


def _jumps_anywhere(sq: int) -> tuple[tuple[int, int], ...]:
    """(target, eye) pairs of every 田 jump from ``sq``, wherever it lands."""
    f, r = sq % 9, sq // 9
    return tuple(
        (square(f + 2 * df, r + 2 * dr), square(f + df, r + dr))
        for df, dr in DIAGONAL
        if on_board(f + 2 * df, r + 2 * dr)
    )


# One step in each direction, and elephant jumps with no river or palace:
# the tables that variants lifting those limits (and the chase test) share.
ORTHOGONAL_NEIGHBOURS: Final = tuple(neighbours(sq, ORTHOGONAL) for sq in range(90))
DIAGONAL_NEIGHBOURS: Final = tuple(neighbours(sq, DIAGONAL) for sq in range(90))
JUMPS_ANYWHERE: Final = tuple(_jumps_anywhere(sq) for sq in range(90))


def _steps(sq: int, deltas: tuple[tuple[int, int], ...]) -> list[tuple[int, int]]:
    f, r = sq % 9, sq // 9
    return [(f + df, r + dr) for df, dr in deltas if on_board(f + df, r + dr)]


# RAYS[sq] = the four orthogonal rays from sq, nearest square first.
RAYS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(line for line in (ray_from(sq, df, dr) for df, dr in ORTHOGONAL) if line)
    for sq in range(90)
)
# FILE_RAYS[sq] = only the two vertical rays (for the facing-kings test).
FILE_RAYS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(line for line in (ray_from(sq, 0, 1), ray_from(sq, 0, -1)) if line) for sq in range(90)
)


def _horse_moves(sq: int) -> tuple[tuple[int, int], ...]:
    """(target, leg) pairs: the leg is the orthogonal neighbour a horse must pass."""
    f, r = sq % 9, sq // 9
    out = []
    for df, dr in ORTHOGONAL:
        leg_f, leg_r = f + df, r + dr
        if not on_board(leg_f, leg_r):
            continue
        for side in (-1, 1):
            tf = leg_f + df + (side if df == 0 else 0)
            tr = leg_r + dr + (side if dr == 0 else 0)
            if on_board(tf, tr):
                out.append((square(tf, tr), square(leg_f, leg_r)))
    return tuple(out)


HORSE_MOVES: Final = tuple(_horse_moves(sq) for sq in range(90))

# HORSE_ATTACKERS[t] = (horse square, leg square) pairs from which a horse reaches t.
HORSE_ATTACKERS: Final[tuple[tuple[tuple[int, int], ...], ...]] = tuple(
    tuple((h, leg) for h in range(90) for target, leg in HORSE_MOVES[h] if target == t)
    for t in range(90)
)


def _elephant_moves(sq: int, color: Color) -> tuple[tuple[int, int], ...]:
    """(target, eye) pairs on ``color``'s own half."""
    f, r = sq % 9, sq // 9
    out = []
    for df, dr in DIAGONAL:
        if on_board(f + 2 * df, r + 2 * dr):
            target = square(f + 2 * df, r + 2 * dr)
            if own_half(target, color):
                out.append((target, square(f + df, r + dr)))
    return tuple(out)


ELEPHANT_MOVES: Final = tuple(tuple(_elephant_moves(sq, c) for sq in range(90)) for c in Color)

ADVISOR_MOVES: Final = tuple(
    tuple(
        tuple(square(f, r) for f, r in _steps(sq, DIAGONAL) if in_palace(square(f, r), c))
        for sq in range(90)
    )
    for c in Color
)
KING_MOVES: Final = tuple(
    tuple(
        tuple(square(f, r) for f, r in _steps(sq, ORTHOGONAL) if in_palace(square(f, r), c))
        for sq in range(90)
    )
    for c in Color
)


def _pawn_moves(sq: int, color: Color) -> tuple[int, ...]:
    forward = 1 if color is Color.RED else -1
    deltas = [(0, forward)]
    if not own_half(sq, color):
        deltas += [(1, 0), (-1, 0)]
    return tuple(square(tf, tr) for tf, tr in _steps(sq, tuple(deltas)))


PAWN_MOVES: Final = tuple(tuple(_pawn_moves(sq, c) for sq in range(90)) for c in Color)

# PAWN_ATTACKERS[c][t] = squares from which a pawn of colour c attacks t.
PAWN_ATTACKERS: Final = tuple(
    tuple(tuple(p for p in range(90) if t in PAWN_MOVES[c][p]) for t in range(90)) for c in Color
)
