"""The empty board, drawn once per orientation, label choice and glyph style.

Everything that does not change during a game is in this layer: wood, grid,
palaces, river words, point marks, file numbers, ICCS labels, and the blank
side panel. A frame starts as a copy of it.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from rules.pieces import Color
from rules.squares import FILES

from .fonts import board_font
from .layout import (
    BOARD_WIDTH,
    CELL,
    GRID_HEIGHT,
    GRID_LEFT,
    GRID_TOP,
    GRID_WIDTH,
    HEIGHT,
    ICCS_FILE_OFFSET,
    ICCS_GLYPH,
    ICCS_RANK_OFFSET,
    NUMERAL_GLYPH,
    NUMERAL_OFFSET,
    RIVER_GLYPH,
    WIDTH,
    point,
)
from .palette import LINE, PANEL, WOOD, to_palette
from .sprite import Canvas
from .text import BLACK_FILE_NUMERALS, RED_FILE_NUMERALS, RIVER

_LINE = 2
_FRAME = 4
_FRAME_GAP = 6
_MARK_GAP = 4
_MARK_ARM = 9
# Points with marks (file, rank), by Red's coordinates.
_CANNON_POINTS = [(f, r) for r in (2, 7) for f in (1, 7)]
_PAWN_POINTS = [(f, r) for r in (3, 6) for f in (0, 2, 4, 6, 8)]
# The diamond of each palace: back centre, left middle, front centre, right middle.
_DIAMONDS = [[(4, 0), (3, 1), (4, 2), (5, 1), (4, 0)], [(4, 9), (3, 8), (4, 7), (5, 8), (4, 9)]]


def _grid(canvas: Canvas, perspective: Color) -> None:
    left, top = GRID_LEFT, GRID_TOP
    right, bottom = left + GRID_WIDTH, top + GRID_HEIGHT
    for rank in range(10):
        y = top + rank * CELL
        canvas.line([(left, y), (right, y)], LINE, _LINE)
    river_top, river_bottom = top + 4 * CELL, top + 5 * CELL
    for file in range(9):
        x = left + file * CELL
        if file in (0, 8):
            canvas.line([(x, top), (x, bottom)], LINE, _LINE)
        else:
            canvas.line([(x, top), (x, river_top)], LINE, _LINE)
            canvas.line([(x, river_bottom), (x, bottom)], LINE, _LINE)
    g = _FRAME_GAP + _FRAME / 2
    canvas.rect((left - g, top - g, right + g, bottom + g), outline=LINE, width=_FRAME)
    for ranks in ((0, 2), (7, 9)):
        for a, b in (((3, ranks[0]), (5, ranks[1])), ((5, ranks[0]), (3, ranks[1]))):
            canvas.line([point(*a, perspective), point(*b, perspective)], LINE, _LINE)
    for file, rank in _CANNON_POINTS + _PAWN_POINTS:
        _mark(canvas, point(file, rank, perspective))


def _mark(canvas: Canvas, centre: tuple[int, int]) -> None:
    """The small corner ticks around a cannon or pawn point, inside the grid only."""
    x, y = centre
    for dx in (-1, 1):
        if not GRID_LEFT < x + dx * CELL / 2 < GRID_LEFT + GRID_WIDTH:
            continue
        for dy in (-1, 1):
            cx, cy = x + dx * _MARK_GAP, y + dy * _MARK_GAP
            canvas.line(
                [(cx + dx * _MARK_ARM, cy), (cx, cy), (cx, cy + dy * _MARK_ARM)], LINE, _LINE
            )


def _centred(draw: ImageDraw.ImageDraw, centre: tuple[float, float], text: str, size: int) -> None:
    font = board_font(size)
    left, top, right, bottom = font.getbbox(text, anchor="ls")
    x = centre[0] - (left + right) / 2
    y = centre[1] - (top + bottom) / 2
    draw.text((x, y), text, font=font, fill=LINE, anchor="ls")


def _texts(image: Image.Image, perspective: Color, labels: bool, traditional: bool) -> None:
    draw = ImageDraw.Draw(image)
    top, bottom = GRID_TOP, GRID_TOP + GRID_HEIGHT
    river_y = GRID_TOP + 4.5 * CELL
    chu, han = RIVER[traditional]
    _centred(draw, (GRID_LEFT + 2 * CELL, river_y), "  ".join(chu), RIVER_GLYPH)
    _centred(draw, (GRID_LEFT + 6 * CELL, river_y), "  ".join(han), RIVER_GLYPH)
    red_y, black_y = (bottom, top) if perspective is Color.RED else (top, bottom)
    red_out = 1 if perspective is Color.RED else -1
    for file in range(9):
        x, _ = point(file, 0, perspective)
        _centred(
            draw, (x, red_y + red_out * NUMERAL_OFFSET), RED_FILE_NUMERALS[file], NUMERAL_GLYPH
        )
        _centred(
            draw, (x, black_y - red_out * NUMERAL_OFFSET), BLACK_FILE_NUMERALS[file], NUMERAL_GLYPH
        )
        if labels:
            _centred(draw, (x, bottom + ICCS_FILE_OFFSET), FILES[file], ICCS_GLYPH)
    if labels:
        for rank in range(10):
            _, y = point(0, rank, perspective)
            _centred(draw, (GRID_LEFT - ICCS_RANK_OFFSET, y), str(rank), ICCS_GLYPH)


@cache
def board_layer(
    perspective: Color, labels: bool, traditional: bool, diamond: bool = False
) -> Image.Image:
    """The empty board in palette mode, the size of the whole image; with
    ``diamond``, each palace also has the diamond lines."""
    canvas = Canvas((BOARD_WIDTH, HEIGHT), WOOD)
    _grid(canvas, perspective)
    if diamond:
        for corners in _DIAMONDS:
            canvas.line([point(f, r, perspective) for f, r in corners], LINE, _LINE)
    board = canvas.result().convert("RGB")
    _texts(board, perspective, labels, traditional)
    image = Image.new("RGB", (WIDTH, HEIGHT), PANEL)
    image.paste(board, (0, 0))
    return to_palette(image)
