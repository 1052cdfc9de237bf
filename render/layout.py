"""Where everything goes: one fixed geometry for every image.

The image is the board on the left and a side panel on the right. The size
never depends on the view or the options, so images of one game line up in a
replay and in a Discord channel.
"""

from __future__ import annotations

from rules.pieces import Color
from rules.squares import Square, file_of, rank_of

CELL = 60  # distance between two neighbouring points
RADIUS = 27  # piece disc
GRID_LEFT = 50
GRID_TOP = 62
GRID_WIDTH = 8 * CELL
GRID_HEIGHT = 9 * CELL
BOARD_WIDTH = GRID_LEFT * 2 + GRID_WIDTH
BOARD_HEIGHT = GRID_TOP + GRID_HEIGHT + 78  # the bottom margin also holds ICCS letters

PANEL_LEFT = BOARD_WIDTH
PANEL_WIDTH = 200
WIDTH = BOARD_WIDTH + PANEL_WIDTH
HEIGHT = BOARD_HEIGHT

# Distances from the grid's edge, outward, of the margin texts.
NUMERAL_OFFSET = 44
ICCS_FILE_OFFSET = 64
ICCS_RANK_OFFSET = 38


def point(file: int, rank: int, perspective: Color) -> tuple[int, int]:
    """Pixel centre of a board point; ``perspective``'s side is at the bottom."""
    if perspective is Color.BLACK:
        file, rank = 8 - file, 9 - rank
    return GRID_LEFT + file * CELL, GRID_TOP + (9 - rank) * CELL


def centre(sq: Square, perspective: Color) -> tuple[int, int]:
    """Pixel centre of a square."""
    return point(file_of(sq), rank_of(sq), perspective)
