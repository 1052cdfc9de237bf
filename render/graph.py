"""The winning-chance graph of a reviewed game.

Red's chance of winning runs from 0 % at the bottom to 100 % at the top, the
moves along the bottom; the area above the even line is Red's, below it
Black's. Each labelled move (?!, ?, ??) is a dot with its move number; the
labels are placed so that none covers another (one that cannot be placed
clear of the others is left out, its dot stays). A header names both players
in their colours, a legend the three labels, all in the viewer's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from PIL import Image, ImageDraw

from rules.pieces import Color

from .fonts import Font, fit, names_font, readable_name
from .image import encode_png
from .palette import BLACK, IVORY, LINE, RED, WOOD
from .text import graph_words, side_name

WIDTH, HEIGHT = 800, 380
LEFT, RIGHT, TOP, BOTTOM = 64, 20, 64, 52  # the plot's margins
GRID = (214, 196, 166)
# Lichess's colours of the labels, which its players know.
MARK_COLOURS = {"?!": (86, 180, 233), "?": (230, 159, 0), "??": (219, 48, 49)}
Box = tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class Mark:
    """A labelled move: the position after it is ``index``; ``text`` its
    number and label (``12?``)."""

    index: int
    text: str
    label: str


def evaluation_graph(
    chances: Sequence[float],
    names: tuple[str, str],
    marks: Sequence[Mark] = (),
    lang: str = "en",
    traditional: bool = False,
) -> bytes:
    """A PNG of ``chances`` (Red's winning chance in each position, -1 to 1)."""
    image = Image.new("RGB", (WIDTH, HEIGHT), IVORY)
    draw = ImageDraw.Draw(image)
    words = graph_words(lang, traditional)
    left, right, top, bottom = LEFT, WIDTH - RIGHT, TOP, HEIGHT - BOTTOM
    middle = (top + bottom) / 2
    count = max(len(chances) - 1, 1)
    small, label_font = names_font(13), names_font(15)

    def point(i: int) -> tuple[float, float]:
        chance = max(-1.0, min(1.0, chances[i]))
        return left + (right - left) * i / count, middle - (middle - top) * chance

    _header(draw, names, lang, traditional)
    for percent in (0, 25, 50, 75, 100):
        y = bottom - (bottom - top) * percent / 100
        draw.line([(left, y), (right, y)], fill=LINE if percent == 50 else GRID, width=1)
        text = f"{percent}%"
        draw.text((left - 8 - small.getlength(text), y - 8), text, fill=LINE, font=small)
    draw.text((6, top - 22), words["axis"], fill=LINE, font=small)
    plies = len(chances) - 1
    step = _tick_step(plies)
    for ply in range(0, plies + 1, step):
        x = left + (right - left) * ply / count
        draw.line([(x, bottom), (x, bottom + 4)], fill=LINE, width=1)
        text = str((ply + 1) // 2) if ply else "0"
        draw.text((x - small.getlength(text) / 2, bottom + 6), text, fill=LINE, font=small)
    moves = words["moves"]
    draw.text(
        ((left + right - small.getlength(moves)) / 2, bottom + 24), moves, fill=LINE, font=small
    )

    points = [point(i) for i in range(len(chances))]
    if len(points) > 1:
        draw.polygon([(left, middle), *points, (points[-1][0], middle)], fill=WOOD)
        for (x0, y0), (x1, y1) in pairwise(points):
            colour = RED if (y0 + y1) / 2 <= middle else BLACK
            draw.line([(x0, y0), (x1, y1)], fill=colour, width=3)
    draw.rectangle([left, top, right, bottom], outline=LINE, width=1)
    shown = [m for m in marks if 0 <= m.index < len(points)]
    for mark in shown:
        x, y = points[mark.index]
        draw.ellipse([x - 5, y - 5, x + 5, y + 5], fill=MARK_COLOURS[mark.label], outline=LINE)
    placed = place_labels(
        [points[m.index] for m in shown],
        [m.text for m in shown],
        label_font,
        (left, top, right, bottom),
    )
    for mark, box in zip(shown, placed, strict=True):
        if box is not None:
            draw.text((box[0], box[1]), mark.text, fill=MARK_COLOURS[mark.label], font=label_font)
    _legend(draw, words, small)
    return encode_png(image)


def _header(
    draw: ImageDraw.ImageDraw, names: tuple[str, str], lang: str, traditional: bool
) -> None:
    """Both players, each with a swatch in their side's colour."""
    font = names_font(17)
    x: float = LEFT
    for side, colour in ((Color.RED, RED), (Color.BLACK, BLACK)):
        text = fit(f"{side_name(side, lang, traditional)} {readable_name(names[side])}", font, 300)
        draw.rectangle([x, 14, x + 16, 30], fill=colour)
        draw.text((x + 22, 12), text, fill=colour, font=font)
        x += 22 + font.getlength(text) + 28


def _legend(draw: ImageDraw.ImageDraw, words: dict[str, str], font: Font) -> None:
    """The three labels and their colours, right-aligned above the plot."""
    x: float = WIDTH - RIGHT
    for label in ("??", "?", "?!"):
        text = f"{label} {words[label]}"
        x -= font.getlength(text)
        draw.text((x, 40), text, fill=MARK_COLOURS[label], font=font)
        x -= 16
        draw.ellipse([x + 2, 44, x + 12, 54], fill=MARK_COLOURS[label], outline=LINE)
        x -= 14


def _tick_step(plies: int) -> int:
    """Plies between two move numbers below the graph: a whole number of
    moves, at most about twelve numbers."""
    step = 2
    while plies / step > 12:
        step += 2
    return step


def place_labels(
    points: Sequence[tuple[float, float]], texts: Sequence[str], font: Font, area: Box
) -> list[Box | None]:
    """Where each text goes near its point: the first of a few spots above and
    below it that stays inside ``area`` and clear of every dot and of every
    label placed before; ``None`` where there is none."""
    placed: list[Box] = [(x - 6, y - 6, x + 6, y + 6) for x, y in points]
    boxes: list[Box | None] = []
    left, top, right, bottom = area
    for (x, y), text in zip(points, texts, strict=True):
        width, height = font.getlength(text), font.size + 2
        found: Box | None = None
        spots = [(dx, dy) for dy in (-24, 8, -42, 26, -60, 44) for dx in (0, 14, -14)]
        for dx, dy in spots:
            x0 = min(max(x - width / 2 + dx * width / 28, left + 2), right - 2 - width)
            y0 = y + dy
            box = (x0, y0, x0 + width, y0 + height)
            inside = top + 1 <= y0 and y0 + height <= bottom - 1
            if inside and not any(_overlap(box, other) for other in placed):
                found = box
                break
        if found is not None:
            placed.append(found)
        boxes.append(found)
    return boxes


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
