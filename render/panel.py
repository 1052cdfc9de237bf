"""The side panel: a card per player, the move number, and the result.

Each card holds the side's king as its colour marker and the player's name,
the clock (in Tuibei with the prediction pool at its right), the enemy pieces
that player has captured, and in Tuibei the tile rack. The top card belongs
to the side at the top of the board. The card of the side to move is
highlighted in gold.

The panel is only a fifth of the image wide, yet no text in it is smaller
than the layout allows on a phone. So its rows are fixed and sized for the
worst case, captured pieces overlap a little, like a stack of coins (the
next disc covers the rim, never the glyph), and a result too long for one
line is broken into lines rather than shrunk.
"""

from __future__ import annotations

from functools import cache

from PIL import Image

from rules.outcome import Outcome
from rules.pieces import Color, Kind
from rules.view import HIDDEN_TILE, PoolView, View

from .extras import Tiles, extras_of
from .fonts import Font, fit, fit_names, names_font, readable_name, wrap
from .layout import (
    BANNER_SIZES,
    CLOCK_SIZES,
    HEIGHT,
    MINI_RADIUS,
    NAME_SIZE,
    PANEL_WIDTH,
    PLY_SIZE,
)
from .options import Players, RenderOptions
from .palette import BLACK, CARD, CARD_ACTIVE, GOLD, PANEL, TEXT, TEXT_DIM
from .pieces import mini_piece, side_marker
from .sprite import Canvas
from .stamps import stamp
from .text import outcome_parts, ply_text, side_name
from .tiles import HEIGHT as TILE_HEIGHT
from .tiles import empty_slot, tile, width

CARD_LEFT, CARD_RIGHT = 5, PANEL_WIDTH - 5
_PAD = 7  # card edge to its content
CONTENT_LEFT, CONTENT_RIGHT = CARD_LEFT + _PAD, CARD_RIGHT - _PAD
CONTENT_WIDTH = CONTENT_RIGHT - CONTENT_LEFT
_DISC = 2 * MINI_RADIUS + 2  # side of a captured piece's image
# Rows of a card, from its top.
_HEADER = 5
CLOCK_ROW = _HEADER + _DISC + 4
CAPTURES = CLOCK_ROW + TILE_HEIGHT + 4
_STEP = 29  # between captured pieces: the next disc covers the rim, not the glyph
PER_ROW = (CONTENT_WIDTH - _DISC) // _STEP + 1
CAPTURE_ROWS = 4  # room for the 16 pieces of a side
RACK = CAPTURES + (CAPTURE_ROWS - 1) * _STEP + _DISC + 4
_TILE_GAP = 3
CARD_HEIGHT = RACK + 2 * TILE_HEIGHT + _TILE_GAP + 6
TOP_CARD = 6
# A clock too wide for one line breaks here (the captures move down a line);
# only without a tile rack, which needs the card's room below them.
CLOCK_SEPARATOR = " · "
CLOCK_LINE = 24
BOTTOM_CARD = HEIGHT - 6 - CARD_HEIGHT
MIDDLE_TOP, MIDDLE_BOTTOM = TOP_CARD + CARD_HEIGHT, BOTTOM_CARD
BANNER_TEXT_WIDTH = CARD_RIGHT - CARD_LEFT - 12
BANNER_LINES = 3


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
    canvas.rect((0, 0, width, height), fill=GOLD, radius=min(height / 2, 14))
    return canvas.result()


def _overlay(panel: Image.Image, image: Image.Image, xy: tuple[int, int]) -> None:
    panel.paste(image, xy, image)


def _cards(bottom: Color) -> tuple[tuple[Color, int], tuple[Color, int]]:
    """Each side with the top of its card: the side at the bottom of the board below."""
    return (bottom.other(), TOP_CARD), (bottom, BOTTOM_CARD)


@cache
def _blank(bottom: Color, active: Color | None, traditional: bool) -> Image.Image:
    """The panel before its words and captures: both cards, ``active``'s in
    gold, each with its side's marker; the same for every game, so composed
    once and copied."""
    panel = Image.new("RGB", (PANEL_WIDTH, HEIGHT), PANEL)
    for color, top in _cards(bottom):
        _overlay(panel, _card(color is active), (CARD_LEFT, top))
        marker = mini_piece(side_marker(color), traditional, MINI_RADIUS)
        _overlay(panel, marker, (CONTENT_LEFT - 1, top + _HEADER))
    return panel


def _player_card(
    panel: Image.Image,
    view: View,
    color: Color,
    top: int,
    name: str,
    clock: str | None,
    options: RenderOptions,
) -> None:
    font = names_font(NAME_SIZE)
    name_left = CONTENT_LEFT + _DISC + 4
    middle = top + _HEADER + _DISC // 2
    stamp(panel, (name_left, middle), fit(name, font, CONTENT_RIGHT - name_left), TEXT, font, "lm")
    tiles = _tiles(view) if view.pools else None
    pools = view.pools
    pending = _pending(tiles, pools[color], options.traditional) if pools and tiles else None
    lower = 0  # how far a clock on two lines pushes the captures down
    if clock:
        room = CONTENT_WIDTH - (pending.width + 6 if pending else 0)
        lines = _clock_lines(clock, room, two=view.pools is None)
        lower = (len(lines) - 1) * CLOCK_LINE
        for i, (font, text) in enumerate(lines):
            y = top + CLOCK_ROW + TILE_HEIGHT // 2 + i * CLOCK_LINE
            stamp(panel, (CONTENT_LEFT, y), text, TEXT, font, "lm")
    if pending is not None:
        _overlay(panel, pending, (CONTENT_RIGHT - pending.width, top + CLOCK_ROW))
    for i, pv in enumerate(view.captured[color.other()]):
        row, col = divmod(i, PER_ROW)
        image = mini_piece(pv, options.traditional, MINI_RADIUS)
        y = top + CAPTURES + lower + row * _STEP
        _overlay(panel, image, (CONTENT_LEFT - 1 + col * _STEP, y))
    if view.pools is not None and tiles is not None:
        pool = view.pools[color]
        shown = [k for k in tiles.kinds if k in pool.rack or k in pool.lost]  # rack order
        places = rack_places(tiles, shown, options.traditional)
        for kind, (x, y) in zip(shown, places, strict=True):
            image = tile(tiles, kind, options.traditional, lost=kind in pool.lost)
            _overlay(panel, image, (x, top + y))


def _tiles(view: View) -> Tiles:
    """The tiles of a view with pools: its variant registers them."""
    tiles = extras_of(view.variant).tiles
    if tiles is None:
        raise ValueError(f"a view of {view.variant} has pools but the variant has no tiles")
    return tiles


def _clock_lines(clock: str, room: float, *, two: bool) -> list[tuple[Font, str]]:
    """The clock on one line, or, where it does not fit and there is room
    below (no tile rack), the game time above the labelled move time."""
    for size in CLOCK_SIZES:
        font = names_font(size)
        if font.getlength(clock) <= room:
            return [(font, clock)]
    if two and CLOCK_SEPARATOR in clock:
        return [fit_names(part, room, CLOCK_SIZES) for part in clock.split(CLOCK_SEPARATOR, 1)]
    return [fit_names(clock, room, CLOCK_SIZES)]


def _pending(tiles: Tiles, pool: PoolView, traditional: bool) -> Image.Image:
    """The prediction pool: empty, a hidden tile, or the tile the viewer may see."""
    if pool.pending is None:
        return empty_slot()
    return tile(tiles, None if pool.pending == HIDDEN_TILE else pool.pending, traditional)


def rack_places(tiles: Tiles, kinds: list[Kind], traditional: bool) -> list[tuple[int, int]]:
    """The top left corner of each tile of a rack, from its card's top left:
    centred rows, as many tiles to a row as fit, in the given order."""
    rows: list[list[int]] = [[]]
    for kind in kinds:
        row = rows[-1]
        used = sum(row) + _TILE_GAP * len(row)
        if row and used + width(tiles, kind, traditional) > CONTENT_WIDTH:
            rows.append(row := [])
        row.append(width(tiles, kind, traditional))
    places = []
    for r, row in enumerate(rows):
        x = CONTENT_LEFT + (CONTENT_WIDTH - sum(row) - _TILE_GAP * (len(row) - 1)) // 2
        for w in row:
            places.append((x, RACK + r * (TILE_HEIGHT + _TILE_GAP)))
            x += w + _TILE_GAP
    return places


def banner_lines(outcome: Outcome, lang: str, traditional: bool) -> tuple[Font, list[str]]:
    """The result on one line if it fits, else the score above the reason's words."""
    score, reason = outcome_parts(outcome, lang, traditional)
    text = f"{score} · {reason}"
    for size in BANNER_SIZES:
        font = names_font(size)
        if font.getlength(text) <= BANNER_TEXT_WIDTH:
            return font, [text]
    return font, [score, *wrap(reason, font, BANNER_TEXT_WIDTH)][:BANNER_LINES]


def _middle(panel: Image.Image, view: View, options: RenderOptions) -> None:
    centre = PANEL_WIDTH // 2
    ply = ply_text(view.ply, options.lang)
    if view.outcome is None:
        middle = (MIDDLE_TOP + MIDDLE_BOTTOM) // 2
        stamp(panel, (centre, middle), ply, TEXT_DIM, names_font(PLY_SIZE), "mm")
        return
    stamp(panel, (centre, MIDDLE_TOP + 14), ply, TEXT_DIM, names_font(PLY_SIZE), "mm")
    font, lines = banner_lines(view.outcome, options.lang, options.traditional)
    line = int(font.size) + 1
    height = line * len(lines) + 8
    top = MIDDLE_TOP + 28 + (MIDDLE_BOTTOM - MIDDLE_TOP - 28 - height) // 2
    _overlay(panel, _banner(CARD_RIGHT - CARD_LEFT, height), (CARD_LEFT, top))
    for i, text in enumerate(lines):
        y = top + 4 + line * i + line // 2
        stamp(panel, (centre, y), text, BLACK, font, "mm")


def draw_panel(view: View, players: Players | None, options: RenderOptions) -> Image.Image:
    """The panel as an RGB image ``PANEL_WIDTH`` wide."""
    bottom = options.bottom(view)
    active = view.turn if view.outcome is None else None
    panel = _blank(bottom, active, options.traditional).copy()
    for color, top in _cards(bottom):
        name = readable_name(players.name(color)) if players else ""
        name = name or side_name(color, options.lang, options.traditional)
        clock = players.clock(color) if players else None
        _player_card(panel, view, color, top, name, clock, options)
    _middle(panel, view, options)
    return panel
