"""The evaluation graph of a reviewed game: Red's advantage above the middle
line, Black's below, the biggest swings marked with their move numbers."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from PIL import Image, ImageDraw

from .fonts import names_font
from .image import encode_png
from .palette import BLACK, IVORY, LINE, RED, WOOD

WIDTH, HEIGHT = 720, 300
MARGIN = 24
MARK = (24, 112, 210)


def evaluation_graph(
    evaluations: Sequence[int], cap: int, marks: Sequence[tuple[int, str]] = ()
) -> bytes:
    """A PNG of ``evaluations`` (one per position, Red's side, within ``±cap``);
    each ``(index, label)`` of ``marks`` is drawn as a labelled dot."""
    image = Image.new("RGB", (WIDTH, HEIGHT), IVORY)
    draw = ImageDraw.Draw(image)
    left, right, top, bottom = MARGIN, WIDTH - MARGIN, MARGIN, HEIGHT - MARGIN
    middle = (top + bottom) // 2
    count = max(len(evaluations) - 1, 1)

    def point(i: int) -> tuple[float, float]:
        value = max(-cap, min(cap, evaluations[i]))
        return left + (right - left) * i / count, middle - (middle - top) * value / cap

    points = [point(i) for i in range(len(evaluations))]
    if len(points) > 1:
        # The area between the curve and the middle line, then the curve in
        # the colour of the side it favours.
        draw.polygon([(left, middle), *points, (points[-1][0], middle)], fill=WOOD)
        for (x0, y0), (x1, y1) in pairwise(points):
            colour = RED if (y0 + y1) / 2 <= middle else BLACK
            draw.line([(x0, y0), (x1, y1)], fill=colour, width=3)
    draw.line([(left, middle), (right, middle)], fill=LINE, width=1)
    draw.rectangle([left, top, right, bottom], outline=LINE, width=1)
    font = names_font(14)
    for index, label in marks:
        if 0 <= index < len(points):
            x, y = points[index]
            draw.ellipse([x - 5, y - 5, x + 5, y + 5], fill=MARK)
            draw.text((x + 7, y - 18 if y > middle else y + 4), label, fill=MARK, font=font)
    return encode_png(image)
