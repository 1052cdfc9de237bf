"""Repetition verdicts (S-4): perpetual check and perpetual chase.

When a position recurs for the third time with the same side to move, the
plies since its first occurrence form the cycle. Each ply carries two facts
recorded when it was played (:class:`PlyFacts`): whether it gave check, and
which enemy pieces the moved piece chased, named by stable piece ids so a
chase follows the target as it moves.

1. If exactly one side gave check with every one of its moves in the cycle,
   that side loses (长将); if both did, the game is drawn.
2. Otherwise, if exactly one side chased the same enemy piece with every one
   of its moves, that side loses (长捉); otherwise the game is drawn.

A move *chases* a target when, after the move, the moved piece attacks it
with a legal capture and the target counts: it is not the king, not a pawn
still on its own side of the river, and is either unprotected or worth more
than the attacker (chariot > horse = cannon > advisor = elephant). Kings and
pawns never chase. Attacks discovered by moving another piece are not chases
in this simplified reading.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

from .actions import Move
from .outcome import Outcome, Reason
from .pieces import Color, Kind
from .position import Position
from .squares import own_half

CHASE_VALUE = {
    Kind.CHARIOT: 4,
    Kind.HORSE: 3,
    Kind.CANNON: 3,
    Kind.ADVISOR: 2,
    Kind.ELEPHANT: 2,
    Kind.PAWN: 1,
    Kind.KING: 0,
    # Third-generation pieces (F-5 to F-7) rank with the piece whose back they are.
    Kind.ZHU: 4,
    Kind.FU: 4,
    Kind.FEI: 3,
    Kind.BIAO: 3,
    Kind.PAO: 3,
    Kind.SHI: 3,
    Kind.CAMEL: 2,
    Kind.MULE: 2,
    Kind.MINISTER: 2,
}


@dataclass(frozen=True, slots=True)
class PlyFacts:
    mover: Color
    check: bool
    chased: frozenset[int]


def _is_protected(position: Position, attacker_sq: int, target_sq: int) -> bool:
    """Could the target's side legally recapture after the attacker takes it?"""
    board = position.board
    attacker, target = board[attacker_sq], board[target_sq]
    assert attacker is not None and target is not None
    board[target_sq], board[attacker_sq] = attacker, None
    try:
        for sq, piece in enumerate(board):
            if piece is None or piece.color is not target.color:
                continue
            if target_sq in position.pseudo_targets(sq) and position.is_legal_pseudo(
                Move(sq, target_sq)
            ):
                return True
        return False
    finally:
        board[attacker_sq], board[target_sq] = attacker, target


def chased_targets(position: Position, moved_to: int, ids: Sequence[int | None]) -> frozenset[int]:
    """Ids of the enemy pieces chased by the piece that just moved to ``moved_to``."""
    attacker = position.board[moved_to]
    # A queen (successor xiangqi, H-5) is silent: it neither chases nor is chased.
    if attacker is None or attacker.kind in (Kind.KING, Kind.PAWN, Kind.QUEEN):
        return frozenset()
    chased = set()
    for t in position.pseudo_targets(moved_to):
        target = position.board[t]
        if target is None or target.kind in (Kind.KING, Kind.QUEEN):
            continue
        if target.kind is Kind.PAWN and own_half(t, target.color):
            continue
        if not position.is_legal_pseudo(Move(moved_to, t)):
            continue
        worth_more = CHASE_VALUE[target.kind] > CHASE_VALUE[attacker.kind]
        if worth_more or not _is_protected(position, moved_to, t):
            ident = ids[t]
            if ident is not None:
                chased.add(ident)
    return frozenset(chased)


def _perpetual(cycle: Sequence[PlyFacts], test: Callable[[list[PlyFacts]], bool]) -> set[Color]:
    """The sides whose own plies in ``cycle`` all pass ``test``."""
    sides = set()
    for color in Color:
        own = [ply for ply in cycle if ply.mover is color]
        if own and test(own):
            sides.add(color)
    return sides


def verdict(cycle: Sequence[PlyFacts]) -> Outcome:
    """The S-4 outcome of a repetition whose cycle is ``cycle``."""
    checkers = _perpetual(cycle, lambda own: all(p.check for p in own))
    if len(checkers) == 1:
        return Outcome(checkers.pop().other(), Reason.PERPETUAL_CHECK)
    if len(checkers) == 2:
        return Outcome(None, Reason.REPETITION)
    chasers = _perpetual(cycle, lambda own: bool(frozenset.intersection(*(p.chased for p in own))))
    if len(chasers) == 1:
        return Outcome(chasers.pop().other(), Reason.PERPETUAL_CHASE)
    return Outcome(None, Reason.REPETITION)


class Occurrences:
    """Every position key seen in a game, indexed by ply, for threefold repetition.

    A key of ``None`` marks a ply that cannot repeat (a variant's transient state).
    """

    def __init__(self) -> None:
        self._plies: dict[Hashable, list[int]] = {}
        self._count = 0
        self.first_of_third: int | None = None

    def add(self, key: Hashable | None) -> None:
        """Record the key of the next ply; sets ``first_of_third`` to the ply of
        the key's first occurrence when this is its third, else ``None``.
        """
        ply, self._count = self._count, self._count + 1
        self.first_of_third = None
        if key is None:
            return
        plies = self._plies.setdefault(key, [])
        plies.append(ply)
        if len(plies) >= 3:
            self.first_of_third = plies[0]

    def __contains__(self, key: Hashable) -> bool:
        return key in self._plies
