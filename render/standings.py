"""A tournament's standings as an image: rank, name, points and tie-breaks,
headed by the tournament's name and the round, in the viewer's language.

It is given the table already ranked (``tournaments.standings`` makes it; the
renderer imports no more than ``rules``), names as typed, and the keys of
the tie-break columns, whose headings it words itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from .fonts import fit, names_font, readable_name
from .image import encode_png
from .palette import GOLD, IVORY, LINE, RED, WOOD

WIDTH = 640
ROW, TOP, SIDE = 30, 78, 24
NAME_X, NAME_WIDTH = 80, 250  # the name column; points and tie-breaks follow
COLUMN = 96

HEADINGS = {
    "en": {
        "rank": "#",
        "name": "Player",
        "points": "Points",
        "buchholz": "Buchholz",
        "sonneborn_berger": "S-B",
        "direct": "Direct",
        "wins": "Wins",
        "withdrawn": "withdrawn",
        "empty": "No players yet",
    },
    "zh": {
        "rank": "名次",
        "name": "棋手",
        "points": "积分",
        "buchholz": "布赫霍尔茨",
        "sonneborn_berger": "索伯分",
        "direct": "直胜",
        "wins": "胜局",
        "withdrawn": "退赛",
        "empty": "尚无棋手",
    },
}


@dataclass(frozen=True, slots=True)
class Row:
    rank: int
    name: str
    points: float
    tiebreaks: tuple[float, ...]
    withdrawn: bool = False


def score_text(value: float) -> str:
    """A score as players write it: ``2``, ``1½``, ``½``, ``3.25``."""
    whole, part = divmod(value, 1)
    if part == 0:
        return str(int(whole))
    if part == 0.5:
        return f"{int(whole) or ''}½"
    return f"{value:g}"


def standings_image(
    title: str,
    subtitle: str,
    rows: Sequence[Row],
    tiebreaks: Sequence[str],
    lang: str = "en",
) -> bytes:
    """A PNG of the table ``rows`` (ranked), its columns the points and ``tiebreaks``."""
    words = HEADINGS.get(lang, HEADINGS["en"])
    height = TOP + ROW * (max(len(rows), 1) + 1) + SIDE
    image = Image.new("RGB", (WIDTH, height), IVORY)
    draw = ImageDraw.Draw(image)
    big, small, cell = names_font(22), names_font(14), names_font(16)
    draw.text((SIDE, 14), fit(readable_name(title), big, WIDTH - 2 * SIDE), fill=RED, font=big)
    draw.text((SIDE, 46), fit(subtitle, small, WIDTH - 2 * SIDE), fill=LINE, font=small)
    columns = ["points", *tiebreaks]
    header_y = TOP
    draw.rectangle([SIDE - 8, header_y - 4, WIDTH - SIDE + 8, header_y + ROW - 6], fill=WOOD)
    draw.text((SIDE, header_y), words["rank"], fill=LINE, font=small)
    draw.text((NAME_X, header_y), words["name"], fill=LINE, font=small)
    for index, key in enumerate(columns):
        text = fit(words[key], small, COLUMN - 6)
        x = NAME_X + NAME_WIDTH + COLUMN * (index + 1) - small.getlength(text)
        draw.text((x, header_y), text, fill=LINE, font=small)
    if not rows:
        draw.text((NAME_X, TOP + ROW), words["empty"], fill=LINE, font=cell)
    for line, row in enumerate(rows, start=1):
        y = TOP + ROW * line
        if row.rank == 1 and not row.withdrawn:
            draw.ellipse([SIDE - 4, y + 1, SIDE + 18, y + 23], fill=GOLD)
        draw.text((SIDE + 2, y + 2), str(row.rank), fill=LINE, font=cell)
        name = readable_name(row.name)
        if row.withdrawn:
            name = f"{name} ({words['withdrawn']})"
        draw.text((NAME_X, y + 2), fit(name, cell, NAME_WIDTH), fill=LINE, font=cell)
        for index, value in enumerate((row.points, *row.tiebreaks)):
            text = score_text(value)
            x = NAME_X + NAME_WIDTH + COLUMN * (index + 1) - cell.getlength(text)
            draw.text((x, y + 2), text, fill=RED if index == 0 else LINE, font=cell)
        draw.line([(SIDE - 8, y + ROW - 4), (WIDTH - SIDE + 8, y + ROW - 4)], fill=WOOD)
    return encode_png(image)
