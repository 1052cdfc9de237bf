"""Move generation for Jieqi 揭棋 on a board that has face-down pieces.

A :class:`HiddenBoard` knows what every piece really is and whether it lies
face-down; a :class:`RuleSet` says how pieces move. Two rule sets exist:

* :data:`DOCUMENT_RULES` (J-2 to J-6): face-down pieces never move (J-3);
  revealed kings and advisors follow J-5, everything else moves as usual.
* :data:`CLASSIC_RULES` (J-9): a face-down piece moves by the standard rules
  of the piece that belongs on its point; revealed advisors and elephants
  roam the whole board.

Legality only ever looks at *whether* a piece is face-down and, for face-down
pieces, at the point it stands on, never at what it really is: what a player
may do must not betray a secret. Check, facing kings and self-exposure count
only revealed kings (J-6) and only attackers that can move.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from ...actions import MOVES, Move
from ...geometry import (
    ADVISOR_MOVES,
    DIAGONAL_NEIGHBOURS,
    ELEPHANT_MOVES,
    FILE_RAYS,
    HORSE_ATTACKERS,
    HORSE_MOVES,
    JUMPS_ANYWHERE,
    KING_MOVES,
    ORTHOGONAL_NEIGHBOURS,
    PAWN_MOVES,
    RAYS,
)
from ...pieces import OTHER, Color, Kind, Piece
from ...position import (
    ADVISOR,
    CANNON,
    CHARIOT,
    ELEPHANT,
    HORSE,
    KING,
    PAWN,
    START_FEN,
    Position,
    slide_targets,
)
from ...squares import in_palace, own_half

# Tables indexed [colour][square]: target squares, or (target, eye) pairs for elephants.
StepTable = tuple[tuple[tuple[int, ...], ...], ...]
EyeTable = tuple[tuple[tuple[tuple[int, int], ...], ...], ...]


def _confined(palace_table: StepTable, neighbours: tuple[tuple[int, ...], ...]) -> StepTable:
    """J-5: inside its palace a piece keeps the palace table; outside it may
    step to any neighbour on its own half (the palace included)."""
    return tuple(
        tuple(
            palace_table[c][sq]
            if in_palace(sq, c)
            else tuple(t for t in neighbours[sq] if own_half(t, c))
            for sq in range(90)
        )
        for c in Color
    )


J5_KING_MOVES: Final = _confined(KING_MOVES, ORTHOGONAL_NEIGHBOURS)
J5_ADVISOR_MOVES: Final = _confined(ADVISOR_MOVES, DIAGONAL_NEIGHBOURS)
# J-9: revealed advisors and elephants ignore palace and river.
FREE_ADVISOR_MOVES: Final[StepTable] = (DIAGONAL_NEIGHBOURS, DIAGONAL_NEIGHBOURS)
FREE_ELEPHANT_MOVES: Final[EyeTable] = (JUMPS_ANYWHERE, JUMPS_ANYWHERE)


@dataclass(frozen=True, slots=True)
class Reach:
    """The step tables of the kinds whose movement a rule set changes."""

    king: StepTable
    advisor: StepTable
    elephant: EyeTable

    def steps(self, kind: Kind) -> StepTable:
        return self.king if kind is KING else self.advisor if kind is ADVISOR else PAWN_MOVES


STANDARD_REACH: Final = Reach(KING_MOVES, ADVISOR_MOVES, ELEPHANT_MOVES)


@dataclass(frozen=True, slots=True)
class RuleSet:
    """How revealed pieces move, and how face-down ones do (``None``: never, J-3)."""

    revealed: Reach
    face_down: Reach | None


DOCUMENT_RULES: Final = RuleSet(Reach(J5_KING_MOVES, J5_ADVISOR_MOVES, ELEPHANT_MOVES), None)
CLASSIC_RULES: Final = RuleSet(
    Reach(KING_MOVES, FREE_ADVISOR_MOVES, FREE_ELEPHANT_MOVES), STANDARD_REACH
)

_START = Position.from_fen(START_FEN).board
# The piece that belongs on each starting point in standard xiangqi (None elsewhere).
POINT_KINDS: Final[tuple[Kind | None, ...]] = tuple(
    p.kind if p is not None else None for p in _START
)
# Each side's sixteen starting points, in square order.
START_POINTS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(sq for sq, p in enumerate(_START) if p is not None and p.color is c) for c in Color
)


class HiddenBoard:
    """Pieces with their true identities, a face-down flag per square, and the turn.

    ``board[sq]`` is the true :class:`Piece` or ``None``; ``down[sq]`` says it
    lies face-down. Only :mod:`rules.variants.jieqi.game` may read identities of face-down
    pieces; every method here decides from public facts alone.
    """

    __slots__ = ("board", "down", "rules", "turn")

    def __init__(
        self, board: list[Piece | None], down: list[bool], turn: Color, rules: RuleSet
    ) -> None:
        self.board = board
        self.down = down
        self.turn = turn
        self.rules = rules

    # Compiled (setup.py), the class has no __dict__ for a deep copy of a game
    # to fill in, so it copies itself; pieces and rules are immutable.
    def __deepcopy__(self, memo: dict[int, object]) -> HiddenBoard:
        return HiddenBoard(list(self.board), list(self.down), self.turn, self.rules)

    def mover(self, sq: int) -> tuple[Kind, Reach] | None:
        """The kind the piece on ``sq`` moves as and its tables, or ``None`` if it cannot move."""
        piece = self.board[sq]
        if piece is None:
            return None
        if not self.down[sq]:
            return piece.kind, self.rules.revealed
        face_down = self.rules.face_down
        kind = POINT_KINDS[sq]
        if face_down is None or kind is None:
            return None  # J-3: face-down pieces never move (document rules)
        return kind, face_down  # J-9: it moves as its point's piece

    def targets(self, sq: int) -> Iterator[int]:
        """Squares the piece on ``sq`` could move to, ignoring its own king's safety."""
        found = self.mover(sq)
        if found is None:
            return
        kind, reach = found
        board = self.board
        piece = board[sq]
        assert piece is not None
        color = piece.color
        if kind is CHARIOT or kind is CANNON:
            # J-3: a face-down piece blocks and screens like any other.
            yield from slide_targets(board, sq, color, kind is CANNON)
            return
        if kind is HORSE or kind is ELEPHANT:
            pairs = HORSE_MOVES[sq] if kind is HORSE else reach.elephant[color][sq]
            for t, blocker in pairs:
                p = board[t]
                if board[blocker] is None and (p is None or p.color is not color):
                    yield t
            return
        for t in reach.steps(kind)[color][sq]:
            p = board[t]
            if p is None or p.color is not color:
                yield t

    def attacks(self, sq: int, by: Color) -> bool:
        """Whether a piece of ``by`` that can move could capture on ``sq``."""
        board = self.board
        for ray in RAYS[sq]:
            screened = False
            for t in ray:
                if board[t] is None:
                    continue
                found = self._mover_of(t, by)
                if not screened:
                    if found is not None and found[0] is CHARIOT:
                        return True
                    screened = True
                else:
                    if found is not None and found[0] is CANNON:
                        return True
                    break
        for h, leg in HORSE_ATTACKERS[sq]:
            if board[leg] is None:
                found = self._mover_of(h, by)
                if found is not None and found[0] is HORSE:
                    return True
        for near in (ORTHOGONAL_NEIGHBOURS[sq], DIAGONAL_NEIGHBOURS[sq]):
            for a in near:
                found = self._mover_of(a, by)
                if found is None or found[0] not in (KING, ADVISOR, PAWN):
                    continue
                if sq in found[1].steps(found[0])[by][a]:
                    return True
        for e, eye in JUMPS_ANYWHERE[sq]:
            found = self._mover_of(e, by)
            if found is None or found[0] is not ELEPHANT or board[eye] is not None:
                continue
            if (sq, eye) in found[1].elephant[by][e]:
                return True
        return False

    def _mover_of(self, sq: int, by: Color) -> tuple[Kind, Reach] | None:
        """:meth:`mover` for a piece of ``by`` only (a method: compiled, a
        closure would be built at every attack test)."""
        p = self.board[sq]
        return self.mover(sq) if p is not None and p.color is by else None

    def king(self, color: Color) -> int | None:
        """The square of ``color``'s king if it is revealed (J-6: hidden kings do not count)."""
        for sq, p in enumerate(self.board):
            if p is not None and p.kind is KING and p.color is color and not self.down[sq]:
                return sq
        return None

    def in_danger(self, color: Color, king: int | None = None) -> bool:
        """``color``'s revealed king is attacked or faces the revealed enemy king (J-6)."""
        if king is None:
            king = self.king(color)
            if king is None:
                return False
        if self.attacks(king, OTHER[color]):
            return True
        for ray in FILE_RAYS[king]:
            for t in ray:
                p = self.board[t]
                if p is not None:
                    if p.kind is KING and not self.down[t]:
                        return True
                    break
        return False

    def _safe_after(self, move: Move, king: int) -> bool:
        """Make-test-unmake: the mover's revealed king on ``king`` is safe after ``move``."""
        board, down = self.board, self.down
        f, t = move.from_sq, move.to_sq
        mover, captured, down_f, down_t = board[f], board[t], down[f], down[t]
        assert mover is not None
        board[t], board[f] = mover, None
        down[t] = down[f] = False  # the mover's own piece: what it is cannot matter
        try:
            return not self.in_danger(mover.color, king)
        finally:
            board[f], board[t], down[f], down[t] = mover, captured, down_f, down_t

    def pseudo_moves(self) -> Iterator[Move]:
        turn = self.turn
        for sq, p in enumerate(self.board):
            if p is not None and p.color is turn:
                row = MOVES[sq]
                for t in self.targets(sq):
                    yield row[t]

    def legal_moves(self) -> list[Move]:
        king = self.king(self.turn)
        if king is None:
            return list(self.pseudo_moves())  # J-6: no revealed king, nothing to expose
        return [
            m
            for m in self.pseudo_moves()
            if self._safe_after(m, m.to_sq if m.from_sq == king else king)
        ]
