"""Move generation for successor xiangqi 后继象棋: the queen and the diamond lines.

:class:`HoujiPosition` is a standard :class:`~rules.position.Position` whose
generator also knows

* the queen (H-1): a chess queen confined to its own half, with two flying
  captures across the river: the facing enemy queen on any line (H-3) and
  the enemy king on an open file or rank (H-4);
* the diamond lines (H-2): an advisor on its back rank may step sideways
  inside the palace without capturing, which brings it onto the diamond
  e0-d1-e2-f1 (e9-d8-e7-f8 for Black). Along the diamond's sides it moves
  and captures by the standard one-step diagonal table, which already
  covers every palace point, so attacks need no change either.

The queen is silent (H-5): the standard attack test, and so check, mate and
self-exposure, never counts a queen, since it knows no queen. Every other
attack is standard (S-2).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from ...actions import Move
from ...geometry import DIAGONAL, ORTHOGONAL, ray_from
from ...pieces import Color, Kind, Piece
from ...position import Position
from ...squares import own_half, parse_square, square

KING: Final = Kind.KING
ADVISOR: Final = Kind.ADVISOR
ELEPHANT: Final = Kind.ELEPHANT
QUEEN: Final = Kind.QUEEN

# H-1: each side's queen starts on its palace centre.
START_FEN = "rnbakabnr/4q4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4Q4/RNBAKABNR w - - 0 1"
PALACE_CENTRE: Final = (parse_square("e1"), parse_square("e8"))


# QUEEN_RAYS[sq] = (ray, straight) for the eight directions, nearest square first.
QUEEN_RAYS: Final[tuple[tuple[tuple[tuple[int, ...], bool], ...], ...]] = tuple(
    tuple(
        (line, straight)
        for deltas, straight in ((ORTHOGONAL, True), (DIAGONAL, False))
        for df, dr in deltas
        if (line := ray_from(sq, df, dr))
    )
    for sq in range(90)
)
# DIAGONAL_RAYS[sq]: the four diagonal rays only, for the elephant pin (H-6).
DIAGONAL_RAYS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(line for line, straight in QUEEN_RAYS[sq] if not straight) for sq in range(90)
)


def _sideways(color: Color) -> dict[int, tuple[int, ...]]:
    """H-2: back-rank sideways steps inside the palace (never a capture)."""
    back = 0 if color is Color.RED else 9
    d, e, f = square(3, back), square(4, back), square(5, back)
    return {d: (e,), e: (d, f), f: (e,)}


SIDEWAYS: Final = (_sideways(Color.RED), _sideways(Color.BLACK))


def queen_targets(board: list[Piece | None], sq: int, color: Color) -> Iterator[int]:
    """Where the queen of ``color`` on ``sq`` may go (H-1, H-3, H-4).

    Along each of eight lines it slides to empty points and captures the first
    piece it meets, staying on its own half; past the river it still sees
    along the line, and may take the first piece there only if that is the
    enemy queen, or the enemy king on a file or rank.
    """
    for ray, straight in QUEEN_RAYS[sq]:
        for t in ray:
            p = board[t]
            home = own_half(t, color)
            if p is None:
                if home:
                    yield t
                continue
            if p.color is not color and (home or p.kind is QUEEN or (straight and p.kind is KING)):
                yield t
            break


class HoujiPosition(Position):
    """A standard position whose pieces include queens and diamond advisors."""

    __slots__ = ()

    def copy(self) -> HoujiPosition:
        return HoujiPosition(list(self.board), self.turn, self.quiet_plies)

    def pseudo_targets(self, sq: int) -> Iterator[int]:
        piece = self.board[sq]
        if piece is None:
            return iter(())
        if piece.kind is QUEEN:
            return queen_targets(self.board, sq, piece.color)
        if piece.kind is ADVISOR:
            return self._advisor_targets(sq, piece.color)
        return super().pseudo_targets(sq)

    def _advisor_targets(self, sq: int, color: Color) -> Iterator[int]:
        """The standard diagonal steps, which from a diamond corner run along
        the diamond's sides (H-2), plus the back-rank sideways step."""
        board = self.board
        yield from super().pseudo_targets(sq)
        for t in SIDEWAYS[color].get(sq, ()):  # H-2: no capture
            if board[t] is None:
                yield t

    def is_legal_pseudo(self, move: Move) -> bool:
        """S-2, except that taking the enemy king or queen ends the game at
        once (H-3, H-4), so such a capture is always allowed."""
        target = self.board[move.to_sq]
        if target is not None and target.kind in (KING, QUEEN):
            return True
        return super().is_legal_pseudo(move)

    def pinned_elephant(self, sq: int) -> bool:
        """H-6: the elephant on ``sq`` shares an open diagonal with the enemy queen."""
        board = self.board
        elephant = board[sq]
        if elephant is None or elephant.kind is not ELEPHANT:
            return False
        for ray in DIAGONAL_RAYS[sq]:
            for t in ray:
                p = board[t]
                if p is not None:
                    if p.kind is QUEEN and p.color is not elephant.color:
                        return True
                    break
        return False


def diagonal(move: Move) -> bool:
    """Whether ``move`` goes along a diagonal (for the queen's notation, H-9)."""
    df = move.to_sq % 9 - move.from_sq % 9
    dr = move.to_sq // 9 - move.from_sq // 9
    return df != 0 and dr != 0
