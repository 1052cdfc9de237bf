"""What a move chases in third-generation xiangqi (S-4 read for new pieces).

The standard chase rules (``repetition.chased_squares``) are the AXF reading
for the seven standard kinds. Third-generation pieces move in ways those rules
never describe (a 石 that captures over an empty point, a 骉 that borrows the
opponent's last kind), so this variant judges a chase on its own generator:
the moved piece chases an enemy piece it may legally take that is either
worth more than itself or unprotected. Kings, pawns, ministers (which never
capture, F-5) do not chase; kings and pawns on their own half are never chased.
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Move
from .pieces import Kind
from .position import Position
from .squares import own_half

# New pieces rank with the piece whose back they are (F-5 to F-7).
CHASE_VALUE = {
    Kind.CHARIOT: 4,
    Kind.ZHU: 4,
    Kind.FU: 4,
    Kind.HORSE: 3,
    Kind.CANNON: 3,
    Kind.FEI: 3,
    Kind.BIAO: 3,
    Kind.PAO: 3,
    Kind.SHI: 3,
    Kind.ADVISOR: 2,
    Kind.ELEPHANT: 2,
    Kind.CAMEL: 2,
    Kind.MULE: 2,
    Kind.MINISTER: 2,
    Kind.PAWN: 1,
    Kind.KING: 0,
}
NEVER_CHASE = frozenset({Kind.KING, Kind.PAWN, Kind.MINISTER})


def _is_protected(position: Position, attacker_sq: int, target_sq: int) -> bool:
    """Could the target's side legally recapture after the attacker takes it?"""
    board = position.board
    attacker, target = board[attacker_sq], board[target_sq]
    assert attacker is not None and target is not None
    board[target_sq], board[attacker_sq] = attacker, None
    try:
        return any(
            piece is not None
            and piece.color is target.color
            and target_sq in position.pseudo_targets(sq)
            and position.is_legal_pseudo(Move(sq, target_sq))
            for sq, piece in enumerate(board)
        )
    finally:
        board[attacker_sq], board[target_sq] = attacker, target


def chased_targets(position: Position, moved_to: int, ids: Sequence[int | None]) -> frozenset[int]:
    """Ids of the enemy pieces chased by the piece that just moved to ``moved_to``."""
    attacker = position.board[moved_to]
    if attacker is None or attacker.kind in NEVER_CHASE:
        return frozenset()
    chased = set()
    for t in position.pseudo_targets(moved_to):
        target = position.board[t]
        if target is None or target.kind is Kind.KING:
            continue
        if target.kind is Kind.PAWN and own_half(t, target.color):
            continue
        if not position.is_legal_pseudo(Move(moved_to, t)):
            continue
        worth_more = CHASE_VALUE[target.kind] > CHASE_VALUE[attacker.kind]
        if (worth_more or not _is_protected(position, moved_to, t)) and ids[t] is not None:
            chased.add(ids[t])
    return frozenset(chased)
