"""Where everything goes: one fixed geometry for every image, and the size of
every text it draws.

The image is the board on the left and a narrow side panel on the right. The
size never depends on the view or the options, so images of one game line up
in a replay and in a Discord channel.

The same image serves desktop and phone. On a phone Discord shows it about
:data:`PHONE_WIDTH` pixels wide, so the panel takes at most a fifth of the
width (the board keeps 80 % of it) and every text a player must read is at
least :data:`MIN_MARK` pixels tall at that width: no size below is under
``MIN_MARK * WIDTH / PHONE_WIDTH`` (20 px).
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
PANEL_WIDTH = BOARD_WIDTH // 4  # the board keeps 80 % of the width
WIDTH = BOARD_WIDTH + PANEL_WIDTH
HEIGHT = BOARD_HEIGHT

# Distances from the grid's edge, outward, of the margin texts.
NUMERAL_OFFSET = 44
ICCS_FILE_OFFSET = 66
ICCS_RANK_OFFSET = 38

PHONE_WIDTH = 400  # how wide a phone shows the image
MIN_MARK = 11  # the smallest text height, in pixels at that width

# Font sizes in image pixels.
PIECE_GLYPH = 33
BADGED_GLYPH = 23  # a face-up piece's glyph beside its secret-back badge
LEARNED_GLYPH = 23  # in the window of a learned back
BADGE_GLYPH = 23
MINI_RADIUS = 16  # captured pieces and the side markers in the panel
MINI_GLYPH = round(PIECE_GLYPH * MINI_RADIUS / RADIUS)  # a disc's proportions scale with it
TILE_GLYPH = 23
RIVER_GLYPH = 30
NUMERAL_GLYPH = 21
ICCS_GLYPH = 20
NAME_SIZE = 20
CLOCK_SIZES = (24, 22, 20)  # the largest that fits
PLY_SIZE = 20
BANNER_SIZES = (22, 20)

# Every text size the image uses, by what it is drawn for.
TEXT_SIZES: dict[str, tuple[int, ...]] = {
    "piece": (PIECE_GLYPH,),
    "badged piece": (BADGED_GLYPH,),
    "learned piece": (LEARNED_GLYPH,),
    "badge": (BADGE_GLYPH,),
    "captured piece": (MINI_GLYPH,),
    "tile": (TILE_GLYPH,),
    "river": (RIVER_GLYPH,),
    "file number": (NUMERAL_GLYPH,),
    "ICCS label": (ICCS_GLYPH,),
    "name": (NAME_SIZE,),
    "clock": CLOCK_SIZES,
    "move number": (PLY_SIZE,),
    "result": BANNER_SIZES,
}


def point(file: int, rank: int, perspective: Color) -> tuple[int, int]:
    """Pixel centre of a board point; ``perspective``'s side is at the bottom."""
    if perspective is Color.BLACK:
        file, rank = 8 - file, 9 - rank
    return GRID_LEFT + file * CELL, GRID_TOP + (9 - rank) * CELL


def centre(sq: Square, perspective: Color) -> tuple[int, int]:
    """Pixel centre of a square."""
    return point(file_of(sq), rank_of(sq), perspective)
