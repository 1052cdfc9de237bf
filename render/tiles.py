"""Prediction tiles (Tuibei, T-1): small mahjong tiles with their suit's name.

A tile face is ivory with the suit name in the suit's usual ink; a hidden
tile shows the green back, the same for every kind; a lost kind (T-3) is
dimmed and struck through. Tiles are as tall as the panel's clock row and
carry their name at full size, so 百搭 is written side by side on a wider
tile.
"""

from __future__ import annotations

from functools import cache

from PIL import Image

from rules.pieces import Kind

from .extras import Tiles
from .fonts import board_font
from .layout import TILE_GLYPH
from .palette import (
    BLACK,
    CARD,
    CHECK,
    RED,
    RGB,
    TILE_BACK,
    TILE_BLUE,
    TILE_EDGE,
    TILE_FACE,
    TILE_GREEN,
    TILE_ORANGE,
    TILE_PURPLE,
)
from .sprite import SCALE, Canvas

_INK: dict[Kind, RGB] = {
    Kind.CHARIOT: RED,
    Kind.HORSE: TILE_GREEN,
    Kind.CANNON: TILE_BLUE,
    Kind.KING: BLACK,
    Kind.ADVISOR: TILE_PURPLE,
    Kind.ELEPHANT: TILE_ORANGE,
    Kind.PAWN: RED,
    Kind.QUEEN: BLACK,
}


HEIGHT = 34
UNIT = 28  # the width of a one-character tile and of the back
_CHAR = 24  # each further character widens the tile by this much


def width(tiles: Tiles, kind: Kind | None, traditional: bool) -> int:
    """How wide the tile of ``kind`` is: 百搭 is written side by side, at full size."""
    return UNIT if kind is None else UNIT + _CHAR * (len(tiles.name(kind, traditional)) - 1)


@cache
def tile(tiles: Tiles, kind: Kind | None, traditional: bool, lost: bool = False) -> Image.Image:
    """One RGBA tile of the set ``tiles``, :data:`HEIGHT` tall; ``kind=None`` is
    the face-down back."""
    w, h = width(tiles, kind, traditional), HEIGHT
    canvas = Canvas((w, h))
    canvas.rect((0, 0, w, h), fill=TILE_EDGE, radius=4)
    if kind is None:
        canvas.rect((1.5, 1.5, w - 1.5, h - 3), fill=TILE_BACK, radius=3)
        return canvas.result()
    canvas.rect((1.5, 1.5, w - 1.5, h - 3), fill=TILE_FACE, radius=3)
    name = tiles.name(kind, traditional)
    font = board_font(TILE_GLYPH * SCALE)
    left = (w - _CHAR * (len(name) - 1)) / 2
    for i, char in enumerate(name):
        canvas.glyphs((left + i * _CHAR, (h - 1.5) / 2), char, font, _INK[kind])
    face = canvas.result()
    if lost:
        face.putalpha(face.getchannel("A").point(lambda a: a * 45 // 100))
        stroke = Canvas((w, h))
        stroke.line([(2, h - 3), (w - 2, 3)], CHECK, 2.5)
        face.alpha_composite(stroke.result())
    return face


@cache
def empty_slot() -> Image.Image:
    """The outline of an empty prediction pool."""
    canvas = Canvas((UNIT, HEIGHT))
    canvas.rect(
        (0.5, 0.5, UNIT - 0.5, HEIGHT - 0.5), fill=CARD, outline=TILE_EDGE, width=1.5, radius=4
    )
    return canvas.result()
