"""The colours of the image and the one 256-colour palette every layer shares.

Images are assembled in palette ('P') mode: copying and pasting indices is
cheap and the PNG stays small. The palette is fixed, not adapted per image:
each named colour, plus a ramp between every pair of colours that meet at an
anti-aliased edge, so edges and text stay smooth after quantisation.
"""

from __future__ import annotations

from functools import cache

from PIL import Image

RGB = tuple[int, int, int]

WOOD = (234, 197, 138)
LINE = (84, 52, 26)
IVORY = (250, 238, 212)
RIM = (178, 128, 70)
RED = (188, 30, 34)
BLACK = (34, 34, 38)
RED_BACK = (150, 36, 36)
BLACK_BACK = (52, 56, 64)
GOLD = (236, 186, 82)
BADGE = (38, 92, 176)
WHITE = (255, 255, 255)
MOVE = (24, 112, 210)
CHECK = (228, 36, 28)
PANEL = (46, 34, 28)
CARD = (70, 54, 44)
CARD_ACTIVE = (112, 78, 36)
TEXT = (246, 236, 216)
TEXT_DIM = (176, 160, 138)
TILE_FACE = (252, 248, 236)
TILE_BACK = (38, 128, 92)
TILE_EDGE = (148, 140, 120)
TILE_GREEN = (28, 120, 64)
TILE_BLUE = (30, 70, 170)
TILE_PURPLE = (140, 50, 150)
TILE_ORANGE = (200, 110, 20)

_NAMED = (
    WOOD, LINE, IVORY, RIM, RED, BLACK, RED_BACK, BLACK_BACK, GOLD, BADGE, WHITE, MOVE, CHECK,
    PANEL, CARD, CARD_ACTIVE, TEXT, TEXT_DIM, TILE_FACE, TILE_BACK, TILE_EDGE, TILE_GREEN,
    TILE_BLUE, TILE_PURPLE, TILE_ORANGE,
)  # fmt: skip

SIDE_INK = (RED, BLACK)
SIDE_BACK = (RED_BACK, BLACK_BACK)

# Colours that meet at anti-aliased edges (glyph on disc, disc on wood, ...).
_EDGES: tuple[tuple[RGB, RGB], ...] = (
    (WOOD, LINE),
    (WOOD, RIM),
    (IVORY, RIM),
    (IVORY, RED),
    (IVORY, BLACK),
    (WOOD, RED),
    (WOOD, BLACK),
    (RED_BACK, GOLD),
    (BLACK_BACK, GOLD),
    (WOOD, RED_BACK),
    (WOOD, BLACK_BACK),
    (BADGE, WHITE),
    (WOOD, BADGE),
    (WOOD, MOVE),
    (WOOD, CHECK),
    (PANEL, TEXT),
    (CARD, TEXT),
    (CARD_ACTIVE, TEXT),
    (CARD_ACTIVE, GOLD),
    (CARD, RIM),
    (CARD_ACTIVE, RIM),
    (PANEL, GOLD),
    (GOLD, BLACK),
    (CARD, TILE_EDGE),
    (TILE_FACE, RED),
    (TILE_FACE, TILE_GREEN),
    (TILE_FACE, TILE_BLUE),
    (TILE_FACE, TILE_PURPLE),
    (TILE_FACE, TILE_ORANGE),
    (TILE_FACE, BLACK),
    (CARD, TEXT_DIM),
    (PANEL, TEXT_DIM),
    (CARD, TILE_BACK),
)
_STEPS = 7  # intermediate shades per edge


def _blend(a: RGB, b: RGB, t: float) -> RGB:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


@cache
def _colours() -> tuple[RGB, ...]:
    colours = dict.fromkeys(_NAMED)
    for a, b in _EDGES:
        for i in range(1, _STEPS + 1):
            colours.setdefault(_blend(a, b, i / (_STEPS + 1)))
    result = tuple(colours)
    if len(result) > 256:
        raise AssertionError(f"palette has {len(result)} colours")
    return result


@cache
def palette_image() -> Image.Image:
    """A 'P' image carrying the shared palette, for :meth:`Image.quantize`."""
    flat = [x for c in _colours() for x in c]
    image = Image.new("P", (1, 1))
    image.putpalette(flat + [0] * (768 - len(flat)))
    return image


def to_palette(image: Image.Image) -> Image.Image:
    """Map an RGB image onto the shared palette (nearest colour, no dithering)."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    return rgb.quantize(palette=palette_image(), dither=Image.Dither.NONE)


def index_of(colour: RGB) -> int:
    """The palette index of a named colour, for drawing straight onto a 'P' frame."""
    return _colours().index(colour)
