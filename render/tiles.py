"""Tuibei prediction tiles (T-1): small mahjong tiles with their suit's name.

A tile face is ivory with the suit name in the suit's usual ink; a hidden
tile shows the green back, the same for every kind; a lost kind (T-3) is
dimmed and struck through.
"""

from __future__ import annotations

from functools import cache

from PIL import Image

from rules.pieces import Kind

from .fonts import board_font
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
from .text import tile_name

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


SMALL = (22, 30)
LARGE = (30, 40)


@cache
def tile(
    kind: Kind | None, size: tuple[int, int], traditional: bool, lost: bool = False
) -> Image.Image:
    """One RGBA tile; ``kind=None`` is the face-down back."""
    w, h = size
    canvas = Canvas(size)
    canvas.rect((0, 0, w, h), fill=TILE_EDGE, radius=4)
    if kind is None:
        canvas.rect((1.5, 1.5, w - 1.5, h - 3), fill=TILE_BACK, radius=3)
        return canvas.result()
    canvas.rect((1.5, 1.5, w - 1.5, h - 3), fill=TILE_FACE, radius=3)
    name = tile_name(kind, traditional)
    ink = _INK[kind]
    mid = (h - 1.5) / 2
    if len(name) == 1:
        canvas.glyphs((w / 2, mid), name, board_font(round(w * 0.7) * SCALE), ink)
    else:  # 百搭: two characters stacked
        size_px = round(h * 0.36)
        font = board_font(size_px * SCALE)
        canvas.glyphs((w / 2, mid - size_px / 2 - 0.5), name[0], font, ink)
        canvas.glyphs((w / 2, mid + size_px / 2 + 0.5), name[1], font, ink)
    face = canvas.result()
    if lost:
        face.putalpha(face.getchannel("A").point(lambda a: a * 45 // 100))
        stroke = Canvas(size)
        stroke.line([(2, h - 3), (w - 2, 3)], CHECK, 2.5)
        face.alpha_composite(stroke.result())
    return face


@cache
def empty_slot(size: tuple[int, int]) -> Image.Image:
    """The outline of an empty prediction pool."""
    canvas = Canvas(size)
    canvas.rect(
        (0.5, 0.5, size[0] - 0.5, size[1] - 0.5), fill=CARD, outline=TILE_EDGE, width=1.5, radius=4
    )
    return canvas.result()
