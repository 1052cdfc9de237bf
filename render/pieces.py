"""Piece discs and board markers, each drawn once and reused.

A face-up piece is an ivory disc with its glyph in its side's ink. A face-down
piece is a plain back in its side's colour: every hidden piece of a side looks
the same, so the image cannot tell them apart. A face-down piece the viewer
alone has learned shows its glyph in a small window on that back. A secret
back (``PieceView.back``) is a blue badge in the top right corner of the
point's cell, in the glyph set of the pieces; large enough to read on a phone,
it would hide a corner of a full-size glyph, so the glyph of a badged piece is
drawn a little smaller and towards the other corner.
"""

from __future__ import annotations

from functools import cache

from PIL import Image

from rules.pieces import Color, Kind, Piece, chinese_name
from rules.view import PieceView

from .fonts import board_font, clean_name, names_font
from .layout import BADGE_GLYPH, BADGED_GLYPH, CELL, LEARNED_GLYPH, PIECE_GLYPH, RADIUS
from .palette import (
    BADGE,
    CHECK,
    GOLD,
    IVORY,
    MOVE,
    RIM,
    SIDE_BACK,
    SIDE_INK,
    WHITE,
    WOOD,
)
from .sprite import SCALE, Canvas, Sprite, bake
from .text import badge_text, board_glyphs

_BADGE_FAR = CELL // 2 + 2  # the badge's outer corner from the point, on both axes:
# the neighbouring discs still keep clear of it
_BADGE_SIDE = 27
_HALF = _BADGE_FAR + 1  # half the side of a piece sprite: room for the badge
_BADGED_SHIFT = 4  # towards the bottom left, away from the badge


def glyph(pv: PieceView, traditional: bool) -> str | None:
    """The character on a piece, or ``None`` for a back the viewer cannot read."""
    if pv.kind is None:
        return None
    return chinese_name(Piece(pv.color, pv.kind), traditional=traditional)


def _disc(
    canvas: Canvas,
    centre: tuple[float, float],
    radius: float,
    pv: PieceView,
    text: str | None,
    badged: bool = False,
) -> None:
    """Draw a disc of ``radius`` for ``pv``; the proportions scale with it."""
    ink = SIDE_INK[pv.color]
    k = radius / RADIUS
    canvas.circle(centre, radius, fill=RIM)
    if text is None or pv.learned:
        canvas.circle(centre, radius - 2 * k, fill=SIDE_BACK[pv.color])
        canvas.circle(centre, radius - 6 * k, outline=GOLD, width=max(1.0, 1.5 * k))
        if text is None:
            canvas.circle(centre, 4 * k, fill=GOLD)
            return
        canvas.circle(centre, radius - 9 * k, fill=IVORY)
        font = board_font(round(LEARNED_GLYPH * k) * SCALE)
    else:
        canvas.circle(centre, radius - 2 * k, fill=IVORY)
        canvas.circle(centre, radius - 5 * k, outline=ink, width=max(1.0, 1.5 * k))
        font = board_font(round((BADGED_GLYPH if badged else PIECE_GLYPH) * k) * SCALE)
        if badged:
            centre = (centre[0] - _BADGED_SHIFT * k, centre[1] + _BADGED_SHIFT * k)
    canvas.glyphs(centre, text, font, ink)


def badge_box(centre: tuple[float, float]) -> tuple[float, float, float, float]:
    """Where the badge of a piece on ``centre`` is drawn: inside the point's cell."""
    x, y = centre
    near = _BADGE_FAR - _BADGE_SIDE
    return x + near, y - _BADGE_FAR, x + _BADGE_FAR, y - near


def _badge(canvas: Canvas, centre: tuple[float, float], label: str) -> None:
    """A back's label in a blue badge: one character (every back's label is
    one), never a missing glyph."""
    box = badge_box(centre)
    canvas.rect(box, fill=BADGE, outline=WHITE, width=1.5, radius=6)
    if label[:1] and label[0] in board_glyphs():
        label, font = label[0], board_font(BADGE_GLYPH * SCALE)
    else:
        label, font = (clean_name(label) or "?")[0], names_font(BADGE_GLYPH * SCALE)
    canvas.glyphs(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), label, font, WHITE)


@cache
def piece_sprite(pv: PieceView, traditional: bool) -> Sprite:
    """The disc of one piece as it stands on the board."""
    canvas = Canvas((2 * _HALF, 2 * _HALF))
    _disc(canvas, (_HALF, _HALF), RADIUS, pv, glyph(pv, traditional), badged=bool(pv.back))
    if pv.back:
        _badge(canvas, (_HALF, _HALF), badge_text(pv.back, traditional))
    return bake(canvas.result(), WOOD)


@cache
def mini_piece(pv: PieceView, traditional: bool, radius: int) -> Image.Image:
    """A small RGBA disc for the side panel (captured pieces, side markers)."""
    plain = PieceView(pv.color, pv.kind)  # badges would be unreadable this small
    canvas = Canvas((2 * radius + 2, 2 * radius + 2))
    _disc(canvas, (radius + 1, radius + 1), radius, plain, glyph(plain, traditional))
    return canvas.result()


@cache
def check_ring() -> Sprite:
    """A red ring around a king in check, outside its disc."""
    half = RADIUS + 7
    canvas = Canvas((2 * half, 2 * half))
    canvas.circle((half, half), RADIUS + 5, outline=CHECK, width=4)
    return bake(canvas.result(), WOOD, threshold=96)


@cache
def move_corners() -> Sprite:
    """Corner brackets around the from and to points of the last move."""
    half = RADIUS + 6
    arm = 9
    canvas = Canvas((2 * half, 2 * half))
    near, far = 2, 2 * half - 2
    for x, dx in ((near, 1), (far, -1)):
        for y, dy in ((near, 1), (far, -1)):
            canvas.line([(x, y + dy * arm), (x, y), (x + dx * arm, y)], MOVE, 3)
    return bake(canvas.result(), WOOD, threshold=96)


@cache
def move_dot() -> Sprite:
    """A dot on the point a piece has just left."""
    canvas = Canvas((16, 16))
    canvas.circle((8, 8), 6, fill=MOVE)
    return bake(canvas.result(), WOOD, threshold=96)


def side_marker(color: Color) -> PieceView:
    """The king of a side, face-up: the panel's marker of that side."""
    return PieceView(color, Kind.KING)
