"""How a game ended: who won and why."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .frozen import Frozen
from .pieces import Color


class Reason(Enum):
    """Why a game ended. Values are stable: storage keeps them."""

    CHECKMATE = "checkmate"  # S-3
    STALEMATE = "stalemate"  # S-3: no legal move loses
    KING_CAPTURED = "king_captured"  # Jieqi J-4, Tuibei T-4, Successor H-4
    QUEEN_CAPTURED = "queen_captured"  # Successor H-3
    PERPETUAL_CHECK = "perpetual_check"  # S-4
    PERPETUAL_CHASE = "perpetual_chase"  # S-4
    REPETITION = "repetition"  # S-4 / J-8 draw
    NO_CAPTURE = "no_capture"  # S-12: 120 plies without a capture
    INSUFFICIENT_MATERIAL = "insufficient_material"  # no attacking pieces left
    DOUBLE_PASS = "double_pass"  # J-7
    FOUL = "foul"  # a variant's rule that loses at once (F-4)
    MINISTER_HOME = "minister_home"  # F-5: a minister reached the enemy king's point
    RESIGNATION = "resignation"  # S-7
    TIMEOUT = "timeout"  # S-7
    DRAW_AGREED = "draw_agreed"  # S-6
    ABORTED = "aborted"  # before both sides moved; no result


@dataclass(frozen=True, slots=True)
class Outcome(Frozen):
    """``winner`` is ``None`` for a draw (and for an aborted game)."""

    winner: Color | None
    reason: Reason

    @property
    def result(self) -> str:
        """PGN result: ``1-0``, ``0-1``, ``1/2-1/2``, or ``*`` when aborted."""
        if self.reason is Reason.ABORTED:
            return "*"
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner is Color.RED else "0-1"
