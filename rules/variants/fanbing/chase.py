"""The chase test's hooks for third-generation pieces (F-9).

Repetition is judged by the standard algorithm (``repetition.chased_squares``)
whole: new attacks, discovered attacks, protection, pins and offered
exchanges. This module only tells it what the standard tables cannot: how a
new piece (or a pawn-born advisor or elephant) attacks, whether it defends,
and what it is worth. A cycle of standard pieces therefore gets the verdict it
gets in standard xiangqi.

The hooks read a frozen copy of the position right after the move and build
scratch positions for their questions, so the game's own position (and its
incremental index of new-piece attackers) is never touched.
"""

from __future__ import annotations

from ...actions import Move
from ...pieces import THIRD_GEN_KINDS, Kind, Piece
from ...repetition import Board, ChaseRules, Occupancy
from .moves import NEW_KINDS, PAWN_BORN, FanbingPosition

MINISTER, CAMEL, MULE, ZHU, FU, FEI, BIAO, PAO, SHI = THIRD_GEN_KINDS

# F-9: valued with the chariot when moving along whole lines, else with the horse.
RANKS = {FU: Kind.CHARIOT, PAO: Kind.CHARIOT, SHI: Kind.CHARIOT}
RANKS.update(dict.fromkeys((ZHU, FEI, BIAO, CAMEL, MULE, MINISTER), Kind.HORSE))


class FanbingChaseRules(ChaseRules):
    """Hooks answered from the position right after ``move``."""

    def __init__(self, position: FanbingPosition, move: Move) -> None:
        self._flags = tuple(position.flags)
        self._backs = tuple(position.backs)
        self._last_rule = tuple(position.last_rule)
        self._just_moved = position.just_moved
        self._easy = position.easy
        self._from, self._to = move.from_sq, move.to_sq

    def _flags_of(self, board: Board, sq: int) -> int:
        """Flags of the piece on ``board[sq]``: on the board before the move the
        moved piece still stands on its origin, with the flags it carried."""
        if sq == self._from and board[sq] is not None:
            return self._flags[self._to]
        return self._flags[sq]

    def exotic(self, board: Board, sq: int) -> bool:
        piece = board[sq]
        return piece is not None and (
            piece.kind in NEW_KINDS or bool(self._flags_of(board, sq) & PAWN_BORN)
        )

    def _scratch(
        self, board: list[Piece | None], flags: list[int], piece: Piece
    ) -> FanbingPosition:
        position = FanbingPosition(board, piece.color, list(self._backs), flags, self._easy)
        position.last_rule = list(self._last_rule)
        position.just_moved = self._just_moved
        return position

    def attacks(
        self, board: Board, sq: int, occupied: Occupancy, confined: bool = True, at: int = -1
    ) -> list[int]:
        """A new piece attacks what its own rules let it capture (F-9): every
        occupied point counts as an enemy, so defence is measured too."""
        if not self.exotic(board, sq):
            return super().attacks(board, sq, occupied, confined, at)
        piece = board[sq]
        assert piece is not None
        at = sq if at < 0 else at
        enemy = Piece(piece.color.other(), Kind.PAWN)
        scratch: list[Piece | None] = [None if o is None else enemy for o in occupied]
        scratch[at] = piece
        flags = [0] * 90
        flags[at] = self._flags_of(board, sq)
        return list(self._scratch(scratch, flags, piece).pseudo_targets(at))

    def protects(self, board: Board, sq: int, target: int, occupied: Occupancy) -> bool:
        """骉 never takes back: the capturer on ``target`` is the piece that just
        moved, which 骉 may not capture (F-7)."""
        piece = board[sq]
        if piece is not None and piece.kind is BIAO:
            return False
        return super().protects(board, sq, target, occupied)

    def rank(self, kind: Kind) -> Kind:
        return RANKS.get(kind, kind)

    def may_capture(self, board: Board, attacker_sq: int, target: int) -> bool:
        """Legal in this variant: pins by new pieces, and a minister taken only
        under two attackers (F-5)."""
        attacker = board[attacker_sq]
        assert attacker is not None
        position = self._scratch(list(board), list(self._flags), attacker)
        return position.is_legal_pseudo(Move(attacker_sq, target))
