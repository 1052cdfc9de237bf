"""The side panel: a card per player, the ply, and the result.

Each card holds the side's king as its colour marker, the player's name, the
clock, the enemy pieces that player has captured, and in Tuibei the
prediction pool and tile rack. The top card belongs to the side at the top
of the board. The card of the side to move is highlighted in gold.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from rules.pieces import Color
from rules.tuibei import TILES
from rules.view import HIDDEN_TILE, PoolView, View

from .fonts import fit, fit_names, names_font, readable_name
from .layout import HEIGHT, PANEL_WIDTH
from .options import Players, RenderOptions
from .palette import BLACK, CARD, CARD_ACTIVE, GOLD, PANEL, TEXT, TEXT_DIM
from .pieces import mini_piece, side_marker
from .sprite import Canvas
from .text import outcome_text, ply_text, side_name
from .tiles import LARGE, SMALL, empty_slot, tile

CARD_LEFT, CARD_RIGHT = 10, PANEL_WIDTH - 10
CARD_HEIGHT = 228
TOP_CARD = 12
BOTTOM_CARD = HEIGHT - 12 - CARD_HEIGHT
MIDDLE = HEIGHT // 2
BANNER_TEXT_WIDTH = CARD_RIGHT - CARD_LEFT - 16
BANNER_SIZES = (19, 16, 13)
_MINI = 13  # radius of a captured piece
_PER_ROW = 6


@cache
def _card(active: bool) -> Image.Image:
    size = (CARD_RIGHT - CARD_LEFT, CARD_HEIGHT)
    canvas = Canvas(size)
    box = (1, 1, size[0] - 1, size[1] - 1)
    if active:
        canvas.rect(box, fill=CARD_ACTIVE, outline=GOLD, width=2.5, radius=10)
    else:
        canvas.rect(box, fill=CARD, radius=10)
    return canvas.result()


@cache
def _banner(width: int, height: int) -> Image.Image:
    canvas = Canvas((width, height))
    canvas.rect((0, 0, width, height), fill=GOLD, radius=height / 2)
    return canvas.result()


def _overlay(panel: Image.Image, image: Image.Image, xy: tuple[int, int]) -> None:
    panel.paste(image, xy, image)


def _player_card(
    panel: Image.Image,
    view: View,
    color: Color,
    top: int,
    name: str,
    clock: str | None,
    options: RenderOptions,
) -> None:
    active = view.outcome is None and view.turn is color
    _overlay(panel, _card(active), (CARD_LEFT, top))
    draw = ImageDraw.Draw(panel)
    x0 = CARD_LEFT
    marker = mini_piece(side_marker(color), options.traditional, 14)
    _overlay(panel, marker, (x0 + 8, top + 11))
    font = names_font(19)
    draw.text(
        (x0 + 44, top + 26),
        fit(name, font, CARD_RIGHT - x0 - 52),
        font=font,
        fill=TEXT,
        anchor="lm",
    )
    if clock:
        room = (LARGE[0] + 14 if view.pools else 0) + 28  # leave the pool tile free
        font, clock = fit_names(clock, CARD_RIGHT - CARD_LEFT - room, (24, 19, 15))
        draw.text((x0 + 14, top + 66), clock, font=font, fill=TEXT, anchor="lm")
    for i, pv in enumerate(view.captured[color.other()]):
        row, col = divmod(i, _PER_ROW)
        image = mini_piece(pv, options.traditional, _MINI)
        _overlay(panel, image, (x0 + 6 + col * 28, top + 90 + row * 28))
    if view.pools is not None:
        _pool(panel, view.pools[color], top, options.traditional)


def _pool(panel: Image.Image, pool: PoolView, top: int, traditional: bool) -> None:
    """Pending prediction at the right of the clock, the tile rack below the captures."""
    if pool.pending is None:
        pending = empty_slot(LARGE)
    elif pool.pending == HIDDEN_TILE:
        pending = tile(None, LARGE, traditional)
    else:
        pending = tile(pool.pending, LARGE, traditional)
    _overlay(panel, pending, (CARD_RIGHT - 14 - LARGE[0], top + 46))
    shown = [k for k in TILES if k in pool.rack or k in pool.lost]  # T-1 order
    step = SMALL[0] + 2
    left = CARD_LEFT + (CARD_RIGHT - CARD_LEFT - len(shown) * step + 2) // 2
    for i, kind in enumerate(shown):
        image = tile(kind, SMALL, traditional, lost=kind in pool.lost)
        _overlay(panel, image, (left + i * step, top + CARD_HEIGHT - 12 - SMALL[1]))


def _middle(panel: Image.Image, view: View, options: RenderOptions) -> None:
    draw = ImageDraw.Draw(panel)
    centre = PANEL_WIDTH // 2
    draw.text(
        (centre, MIDDLE - 22),
        ply_text(view.ply, options.lang),
        font=names_font(14),
        fill=TEXT_DIM,
        anchor="mm",
    )
    if view.outcome is None:
        return
    width, height = CARD_RIGHT - CARD_LEFT, 34
    _overlay(panel, _banner(width, height), (CARD_LEFT, MIDDLE + 2))
    text = outcome_text(view.outcome, options.lang, options.traditional)
    font, text = fit_names(text, BANNER_TEXT_WIDTH, BANNER_SIZES)
    draw.text((centre, MIDDLE + 2 + height // 2), text, font=font, fill=BLACK, anchor="mm")


def draw_panel(view: View, players: Players | None, options: RenderOptions) -> Image.Image:
    """The panel as an RGB image ``PANEL_WIDTH`` wide."""
    panel = Image.new("RGB", (PANEL_WIDTH, HEIGHT), PANEL)
    bottom = options.bottom(view)
    for color, top in ((bottom.other(), TOP_CARD), (bottom, BOTTOM_CARD)):
        name = readable_name(players.name(color)) if players else ""
        name = name or side_name(color, options.lang, options.traditional)
        clock = players.clock(color) if players else None
        _player_card(panel, view, color, top, name, clock, options)
    _middle(panel, view, options)
    return panel
