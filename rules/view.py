"""What one viewer may know of a game: the only thing the renderer ever sees.

A view is built by the variant for Red, Black or the public (``viewer=None``).
Whatever a viewer may not know is simply absent from it, so code that only
receives views (images, messages, exports during a game) cannot leak secrets.
Views are frozen and hashable, which lets the renderer cache by view.
"""

from __future__ import annotations

from dataclasses import dataclass

from .outcome import Outcome
from .pieces import Color, Kind, Piece
from .squares import Square


@dataclass(frozen=True, slots=True)
class PieceView:
    """A piece as the viewer sees it.

    ``kind`` is ``None`` for a face-down piece whose identity the viewer does
    not know. ``back`` is a secret back the viewer may see (a short label,
    shown as a badge); ``learned`` marks a face-down piece whose identity the
    viewer alone was told (drawn differently from a piece that is face-up).
    """

    color: Color
    kind: Kind | None
    back: str | None = None
    learned: bool = False


_FACE_UP: dict[Piece, PieceView] = {}


def face_up(piece: Piece) -> PieceView:
    """How anyone sees a face-up ``piece``: one view per side and kind, shared
    (views are frozen), since every report builds a board of them."""
    seen = _FACE_UP.get(piece)
    if seen is None:
        seen = _FACE_UP[piece] = PieceView(piece.color, piece.kind)
    return seen


@dataclass(frozen=True, slots=True)
class PoolView:
    """One side's Tuibei prediction pool and tile rack.

    ``pending`` is ``None`` when the pool is empty; otherwise it is the tile's
    kind when the viewer may see it, and ``HIDDEN_TILE`` when not.
    """

    pending: Kind | str | None
    rack: tuple[Kind, ...]
    lost: tuple[Kind, ...]


HIDDEN_TILE = "hidden"


@dataclass(frozen=True, slots=True)
class View:
    """A board as one viewer may know it.

    ``board`` has 90 cells indexed by square; ``captured[c]`` lists the pieces
    of colour ``c`` taken off the board, in order; ``check`` is the square of
    a king in check that the viewer may know of. ``foul_callable`` is true
    only in the view of a player who may call a foul now (H-6): no other
    viewer is ever told.
    """

    variant: str
    viewer: Color | None
    board: tuple[PieceView | None, ...]
    turn: Color
    ply: int
    last_move: tuple[Square, Square] | None = None
    check: Square | None = None
    captured: tuple[tuple[PieceView, ...], tuple[PieceView, ...]] = ((), ())
    pools: tuple[PoolView, PoolView] | None = None
    outcome: Outcome | None = None
    foul_callable: bool = False
