"""Texts rendered once and stamped: the panel's words recur from board to board
(a game's names on each of its boards, the clock faces and move numbers
across games), and rendering a text is most of a panel's cost.

A stamp is the text's coverage at the same fractional position as drawn
directly, so stamping it in a colour sets the very pixels
:meth:`ImageDraw.ImageDraw.text` would.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from .fonts import Font
from .palette import RGB


@lru_cache(maxsize=2048)
def _stamp(
    text: str, font: Font, anchor: str, start: tuple[float, float]
) -> tuple[Image.Image, tuple[int, int]]:
    """The coverage of ``text`` and where its top left corner lies from the
    whole-pixel part of the point it is drawn at."""
    left, top, right, bottom = font.getbbox(text, anchor=anchor)
    x0, y0 = math.floor(left) - 1, math.floor(top) - 1
    mask = Image.new("L", (math.ceil(right) - x0 + 2, math.ceil(bottom) - y0 + 2), 0)
    ImageDraw.Draw(mask).text((start[0] - x0, start[1] - y0), text, 255, font, anchor)
    return mask, (x0, y0)


def stamp(
    image: Image.Image, xy: tuple[float, float], text: str, fill: RGB, font: Font, anchor: str
) -> None:
    """Draw ``text`` on ``image`` as ``ImageDraw.text`` would, from a cached stamp."""
    (fx, x), (fy, y) = math.modf(xy[0]), math.modf(xy[1])
    mask, (dx, dy) = _stamp(text, font, anchor, (fx, fy))
    image.paste(fill, (int(x) + dx, int(y) + dy), mask)
