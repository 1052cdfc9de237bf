"""Pure game logic for Chuhan: positions, variants, notation, adjudication.

No I/O, no Discord, no asyncio. Importing the package registers every variant,
so :func:`find_variant` knows them all.
"""

from . import standard, variants
from .actions import Action, Move, parse_action
from .errors import (
    AmbiguousMove,
    GameOver,
    IllegalAction,
    InvalidFen,
    InvalidNotation,
    RulesError,
    UnknownVariant,
)
from .outcome import Outcome, Reason
from .pieces import Color, Kind, Piece
from .variant import Event, Game, find_variant
from .view import PieceView, PoolView, View

__all__ = [
    "Action",
    "AmbiguousMove",
    "Color",
    "Event",
    "Game",
    "GameOver",
    "IllegalAction",
    "InvalidFen",
    "InvalidNotation",
    "Kind",
    "Move",
    "Outcome",
    "Piece",
    "PieceView",
    "PoolView",
    "Reason",
    "RulesError",
    "UnknownVariant",
    "View",
    "find_variant",
    "parse_action",
    "standard",
    "variants",
]
