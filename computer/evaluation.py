"""Shared scoring: piece values and the terms every variant's evaluation uses.

Scores are centipawns from the point of view of the side to move; a win is
``MATE`` minus the plies it takes, so the search prefers the quickest.
"""

from __future__ import annotations

from typing import Final

from rules.pieces import Color, Kind
from rules.standard import NO_CAPTURE_LIMIT

MATE: Final = 100_000
MATE_BOUND: Final = MATE - 1_000  # scores beyond this are wins or losses
# A won game in one sample of many counts as this much above the sample's best other
# outcome when samples are summed,
# or a small chance of taking a face-down king would outweigh everything.
KING_WORTH: Final = 3_000

VALUES: Final[dict[Kind, int]] = {
    Kind.KING: 0,
    Kind.ADVISOR: 200,
    Kind.ELEPHANT: 200,
    Kind.HORSE: 400,
    Kind.CHARIOT: 900,
    Kind.CANNON: 450,
    Kind.PAWN: 100,
    Kind.QUEEN: 1200,
}
# The same by FEN letter: the search orders captures by it, and a letter
# hashes in C where an enum member's hash is a Python call.
LETTER_VALUES: Final[dict[str, int]] = {kind._value_: value for kind, value in VALUES.items()}
CROSSED_PAWN: Final = 100  # extra for a pawn over the river: it can move sideways
MOBILITY: Final = 4  # per square a chariot, horse or cannon can reach
NEAR_KING: Final = 6  # per step closer an attacker stands to the enemy king
KING_FREEDOM: Final = 15  # per square the king can step to: a hemmed-in king is nearer mate
ATTACKERS: Final = frozenset({Kind.CHARIOT, Kind.HORSE, Kind.CANNON, Kind.PAWN})
AHEAD: Final = 150  # a lead worth making progress for (see :func:`progress`)


def crossed(sq: int, color: Color) -> bool:
    """Whether ``sq`` is over the river for ``color`` (Red starts on ranks 0 to 4)."""
    return sq // 9 >= 5 if color is Color.RED else sq // 9 <= 4


def nearness(sq: int, king: int | None) -> int:
    """How close ``sq`` is to ``king`` (0 when far or without a king), for mating attacks."""
    if king is None:
        return 0
    distance = abs(sq % 9 - king % 9) + abs(sq // 9 - king // 9)
    return max(0, 12 - distance)


def piece_value(kind: Kind, sq: int, color: Color) -> int:
    value = VALUES[kind]
    if kind is Kind.PAWN and crossed(sq, color):
        value += CROSSED_PAWN
    return value


def progress(score: int, quiet: int) -> int:
    """``score`` with a lead shrunk as quiet plies pile up: a side ahead gains
    by taking and mating, not by shuffling towards the no-capture draw."""
    if abs(score) < AHEAD:
        return score
    lead = abs(score) - (abs(score) - AHEAD) * quiet // (2 * NO_CAPTURE_LIMIT)
    return lead if score > 0 else -lead
