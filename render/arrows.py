"""Arrows from square to square, drawn over the pieces to show moves.

A review shows the move played and the engine's better move on one board;
the two styles keep them apart at a glance (red for the move played, blue
for the better one).
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from rules.pieces import Color

from .layout import CELL, centre
from .options import Arrow, ArrowStyle
from .palette import CHECK, MOVE, index_of

_SHAFT = max(3, CELL // 9)
_HEAD_LENGTH = CELL // 3
_HEAD_WIDTH = CELL // 4
_COLOURS = {ArrowStyle.PLAYED: CHECK, ArrowStyle.BETTER: MOVE}


def _polygon(start: tuple[int, int], end: tuple[int, int]) -> list[tuple[float, float]]:
    """The outline of a straight arrow whose tip touches ``end``."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    nx, ny = -uy, ux
    bx, by = x1 - ux * _HEAD_LENGTH, y1 - uy * _HEAD_LENGTH
    half = _SHAFT / 2
    return [
        (x0 + nx * half, y0 + ny * half),
        (bx + nx * half, by + ny * half),
        (bx + nx * _HEAD_WIDTH, by + ny * _HEAD_WIDTH),
        (x1, y1),
        (bx - nx * _HEAD_WIDTH, by - ny * _HEAD_WIDTH),
        (bx - nx * half, by - ny * half),
        (x0 - nx * half, y0 - ny * half),
    ]


def draw_arrows(frame: Image.Image, arrows: tuple[Arrow, ...], bottom: Color) -> None:
    """Draw ``arrows`` on the palette ``frame`` seen with ``bottom`` at the bottom."""
    draw = ImageDraw.Draw(frame)
    for arrow in arrows:
        if arrow.start == arrow.end:
            continue
        points = _polygon(centre(arrow.start, bottom), centre(arrow.end, bottom))
        draw.polygon(points, fill=index_of(_COLOURS[arrow.style]))
