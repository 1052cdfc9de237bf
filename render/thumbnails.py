"""Small boards side by side in one picture: the game list's (``/games``).

Each board is the full picture of a public view without its side panel,
scaled down, under a caption that says which game it is (``#12 bob``).
One picture for the whole list rather than one per game: a message holds
at most ten files, and a single image reads the same in every client.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from rules.pieces import Color
from rules.view import View

from .fonts import fit, names_font, readable_name
from .frame import draw_frame
from .image import encode_png
from .layout import PANEL_LEFT
from .options import RenderOptions
from .palette import PANEL, TEXT

THUMB_WIDTH = 200  # pixels of one small board
COLUMNS = 3
GAP = 10
CAPTION_SIZE = 18
CAPTION_HEIGHT = 28
MAX_BOARDS = 9


@dataclass(frozen=True, slots=True)
class Thumb:
    """One small board: its caption, the view and the side drawn at the bottom."""

    caption: str
    view: View
    bottom: Color = Color.RED


@lru_cache(maxsize=64)
def _small(view: View, bottom: Color) -> Image.Image:
    frame = draw_frame(view, None, RenderOptions(perspective=bottom)).convert("RGB")
    board = frame.crop((0, 0, PANEL_LEFT, frame.height))
    height = round(board.height * THUMB_WIDTH / board.width)
    return board.resize((THUMB_WIDTH, height), Image.Resampling.BOX)


def thumbnails_png(thumbs: Sequence[Thumb]) -> bytes:
    """The small boards of ``thumbs`` (at most ``MAX_BOARDS``), in their order,
    ``COLUMNS`` a row.

    :raises ValueError: with no board, or more than ``MAX_BOARDS``.
    """
    if not 1 <= len(thumbs) <= MAX_BOARDS:
        raise ValueError(f"between 1 and {MAX_BOARDS} boards, not {len(thumbs)}")
    smalls = [_small(thumb.view, thumb.bottom) for thumb in thumbs]
    height = smalls[0].height + CAPTION_HEIGHT
    columns = min(COLUMNS, len(thumbs))
    rows = -(-len(thumbs) // COLUMNS)
    sheet = Image.new(
        "RGB", (GAP + columns * (THUMB_WIDTH + GAP), GAP + rows * (height + GAP)), PANEL
    )
    draw = ImageDraw.Draw(sheet)
    font = names_font(CAPTION_SIZE)
    for index, (thumb, small) in enumerate(zip(thumbs, smalls, strict=True)):
        left = GAP + (index % COLUMNS) * (THUMB_WIDTH + GAP)
        top = GAP + (index // COLUMNS) * (height + GAP)
        caption = fit(readable_name(thumb.caption), font, THUMB_WIDTH)
        draw.text((left, top + 2), caption, font=font, fill=TEXT)
        sheet.paste(small, (left, top + CAPTION_HEIGHT))
    return encode_png(sheet)
