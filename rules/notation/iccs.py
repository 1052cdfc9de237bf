"""ICCS coordinates: ``h2e2`` (files a-i from Red's left, ranks 0-9 from Red's side).

Read case-insensitively, with an optional dash or space (``H2-E2``, ``h2 e2``)
and trailing check marks (``+ # ! ?``). Written lower case without a dash.
"""

from __future__ import annotations

import re

from ..actions import Move
from ..errors import IllegalAction
from ..position import Position
from ..squares import parse_square, square_name
from .common import clean, invalid

ICCS = re.compile(r"([a-i][0-9])-?([a-i][0-9])[+#!?]*", re.IGNORECASE)


def looks_like(text: str) -> bool:
    """Whether cleaned ``text`` has the shape of an ICCS move."""
    return ICCS.fullmatch(text) is not None


def format_iccs(move: Move) -> str:
    return move.text


def parse_iccs(position: Position, text: str) -> Move:
    """The legal move ``text`` names.

    :raises InvalidNotation: when ``text`` is no ICCS move.
    :raises IllegalAction: when it is not legal now, saying why.
    """
    match = ICCS.fullmatch(clean(text))
    if match is None:
        raise invalid(text, "not an ICCS move such as h2e2", "iccs_format")
    move = Move(parse_square(match[1]), parse_square(match[2]))
    if position.is_legal(move):
        return move
    origin, target = square_name(move.from_sq), square_name(move.to_sq)
    piece = position.board[move.from_sq]
    if piece is None:
        why = f"there is no piece on {origin}"
    elif piece.color is not position.turn:
        why = f"the piece on {origin} is not {position.turn.name.title()}'s"
    else:
        why = f"the {piece.kind.name.lower()} on {origin} cannot move to {target} now"
    raise IllegalAction(f"{text!r}: {why}", text=text)
