"""The image on a phone: shown 400 px wide, the board keeps 80 % of the width
and every text a player must read is at least 11 px tall."""

from __future__ import annotations

import io
import itertools
from dataclasses import replace

import pytest
from PIL import Image, ImageChops, ImageFont

from render import RenderOptions, board, fonts, panel, pieces, render_png, samples, tiles
from render.frame import draw_frame
from render.layout import BOARD_WIDTH, HEIGHT, PANEL_LEFT, TEXT_SIZES, WIDTH, centre
from render.palette import PANEL
from render.sprite import SCALE
from render.variants.fanbing import TRADITIONAL_BACKS, gallery
from render.variants.houji import start as houji_start
from render.variants.tuibei import TILES
from rules.outcome import Outcome, Reason
from rules.pieces import STANDARD_KINDS, Color, Kind
from rules.squares import parse_square
from rules.view import HIDDEN_TILE, PieceView, PoolView

PHONE = 400  # px: how wide a phone shows the image
SMALLEST = 11  # px: the smallest text a player must read there


def on_phone(pixels: float) -> float:
    """How tall ``pixels`` of the image are when the image is shown on a phone."""
    return pixels * PHONE / WIDTH


def rgb(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def test_every_text_size_of_the_layout_reads_on_a_phone() -> None:
    for what, sizes in TEXT_SIZES.items():
        for size in sizes:
            assert on_phone(size) >= SMALLEST, (what, size, on_phone(size))


def test_the_board_keeps_four_fifths_of_the_width() -> None:
    assert BOARD_WIDTH >= 0.8 * WIDTH
    image = rgb(render_png(samples.tuibei(), samples.PLAYERS))
    assert image.size == (WIDTH, HEIGHT)
    # The panel's colour starts where the board ends, not before.
    row = [image.getpixel((x, HEIGHT // 2)) for x in range(WIDTH)]
    first_panel = next(x for x, p in enumerate(row) if p == PANEL)
    assert first_panel >= 0.8 * WIDTH
    assert first_panel == PANEL_LEFT


_LAYER_CACHES = (
    board.board_layer,
    pieces.piece_sprite,
    pieces.mini_piece,
    tiles.tile,
    tiles.empty_slot,
    panel._card,
    panel._banner,
    panel._blank,
    fonts.board_font,
    fonts.names_font,
)


def _odd_badges():
    view = samples.backs()
    board_ = list(view.board)
    for name, label in (("a3", "🍀"), ("c3", "龍王国"), ("e3", "Ж")):
        board_[parse_square(name)] = replace(board_[parse_square(name)], back=label)
    return replace(view, board=tuple(board_))


def _every_picture():
    """A frame of every kind of view and option the renderer draws."""
    views = [
        samples.start(),
        samples.middlegame(),
        samples.jieqi(),
        samples.jieqi(Color.RED),
        samples.backs(),
        _odd_badges(),
        samples.tuibei(),
        samples.tuibei(Color.RED),
        gallery().view(None),
        houji_start(),
    ]
    views += [
        replace(samples.middlegame(), outcome=Outcome(winner, reason))
        for reason in Reason
        for winner in (Color.RED, None)
    ]
    for view in views:
        for traditional, lang in itertools.product((False, True), ("zh", "en")):
            options = RenderOptions(traditional=traditional, labels=True, lang=lang)
            yield view, options


def test_every_font_size_drawn_is_one_of_the_layout(monkeypatch) -> None:
    # Drawn from scratch, the renderer asks for fonts only in the layout's
    # sizes (supersampled sprites at SCALE times them): no size escapes the
    # test above. The names font is also probed, not drawn, at one size.
    asked: set[int] = set()
    truetype = ImageFont.truetype

    def recording(font, size, *args, **kwargs):
        asked.add(size)
        return truetype(font, size, *args, **kwargs)

    for cached in _LAYER_CACHES:
        cached.cache_clear()
    monkeypatch.setattr(ImageFont, "truetype", recording)
    try:
        for view, options in _every_picture():
            draw_frame(view, samples.PLAYERS, options)
    finally:
        monkeypatch.undo()
        for cached in _LAYER_CACHES:
            cached.cache_clear()
    allowed = {s * k for sizes in TEXT_SIZES.values() for s in sizes for k in (1, SCALE)}
    assert asked - {fonts._PROBE_SIZE} <= allowed, sorted(asked - allowed)
    assert {s * SCALE for s in TEXT_SIZES["badge"] + TEXT_SIZES["tile"]} <= asked


def _with_back(label: str):
    view = samples.backs()
    board_ = list(view.board)
    board_[parse_square("c3")] = replace(board_[parse_square("c3")], back=label)
    return replace(view, board=tuple(board_))


@pytest.mark.parametrize("traditional", [False, True])
def test_badge_glyphs_are_tall_enough_on_a_phone(traditional: bool) -> None:
    # The glyph of a badge is what differs from a blank badge: its inked box,
    # measured on the drawn image, inside the badge.
    options = RenderOptions(traditional=traditional)
    blank = rgb(render_png(_with_back(" "), options=options))
    x0, y0, x1, y1 = pieces.badge_box(centre(parse_square("c3"), Color.RED))
    for label in TRADITIONAL_BACKS:  # every back, drawn in the chosen glyph set
        drawn = rgb(render_png(_with_back(label), options=options))
        box = ImageChops.difference(drawn, blank).getbbox()
        assert box is not None, label
        left, top, right, bottom = box
        assert on_phone(bottom - top) >= SMALLEST, (label, bottom - top)
        assert x0 + 1 <= left and right <= x1 - 1 and y0 + 1 <= top and bottom <= y1 - 1, label


def _ink_heights(image: Image.Image, box: tuple[int, int, int, int], chars: int, lost: bool):
    """The inked height of each character of the tile in ``box``: pixels far
    from the tile's face colour (its commonest), away from a strike-through."""
    tile_image = image.crop(box)
    w, h = tile_image.size
    face = max(tile_image.getcolors(w * h))[1]
    heights = []
    for i in range(chars):
        rows = set()
        for x in range(2 + i * (w - 4) // chars, 2 + (i + 1) * (w - 4) // chars):
            for y in range(2, h - 3):
                near_stroke = abs((h - 3 - y) - (x - 2) * (h - 6) / (w - 4)) < 4
                if lost and near_stroke:
                    continue
                p = tile_image.getpixel((x, y))
                if sum(abs(a - b) for a, b in zip(p, face, strict=True)) > 90:
                    rows.add(y)
        heights.append(max(rows) - min(rows) + 1 if rows else 0)
    return heights


@pytest.mark.parametrize("traditional", [False, True])
def test_tile_glyphs_are_tall_enough_on_a_phone(traditional: bool) -> None:
    # Red sees its pending tile; Black has lost two kinds, struck through.
    base = samples.tuibei(Color.RED)
    red_pool = base.pools[Color.RED]
    lost = (Kind.HORSE, Kind.ELEPHANT)
    black_rack = tuple(k for k in STANDARD_KINDS if k not in lost)
    view = replace(base, pools=(red_pool, PoolView(None, black_rack, lost)))
    options = RenderOptions(traditional=traditional)
    image = rgb(render_png(view, samples.PLAYERS, options))
    measured = 0
    for color, top in ((Color.BLACK, panel.TOP_CARD), (Color.RED, panel.BOTTOM_CARD)):
        pool = view.pools[color]
        shown = [k for k in TILES.kinds if k in pool.rack or k in pool.lost]
        places = panel.rack_places(TILES, shown, traditional)
        for kind, (x, y) in zip(shown, places, strict=True):
            left, up = PANEL_LEFT + x, top + y
            box = (left, up, left + tiles.width(TILES, kind, traditional), up + tiles.HEIGHT)
            chars = len(TILES.name(kind, traditional))
            for height in _ink_heights(image, box, chars, kind in pool.lost):
                assert on_phone(height) >= SMALLEST, (kind, height)
                measured += 1
    pending = red_pool.pending
    assert pending is Kind.CANNON
    w = tiles.width(TILES, pending, traditional)
    left, up = PANEL_LEFT + panel.CONTENT_RIGHT - w, panel.BOTTOM_CARD + panel.CLOCK_ROW
    (height,) = _ink_heights(image, (left, up, left + w, up + tiles.HEIGHT), 1, False)
    assert on_phone(height) >= SMALLEST
    assert measured == 8 + 7  # Black's seven tiles and Red's six, 百搭 as two glyphs


def _panel_diff(a, b) -> Image.Image:
    box = (PANEL_LEFT, 0, WIDTH, HEIGHT)
    first, second = rgb(render_png(a, samples.PLAYERS)), rgb(render_png(b, samples.PLAYERS))
    return ImageChops.difference(first.crop(box), second.crop(box))


def _only_in(diff: Image.Image, boxes: list[tuple[int, int, int, int]]) -> bool:
    """Whether ``diff`` is empty outside ``boxes``, and not empty in any of them."""
    diff = diff.copy()
    for box in boxes:
        if diff.crop(box).getbbox() is None:
            return False
        diff.paste((0, 0, 0), box)
    return diff.getbbox() is None


def test_a_full_card_keeps_captures_and_rack_apart_inside_it() -> None:
    # Sixteen captured pieces, and a whole rack with a pending tile, on both
    # sides: each lies in its own rows of its card, nothing spills out.
    sixteen = tuple(PieceView(Color.BLACK, k) for k in STANDARD_KINDS for _ in range(3))[:16]
    captured = (tuple(replace(p, color=Color.RED) for p in sixteen), sixteen)
    rack = tuple(STANDARD_KINDS)
    pools = (PoolView(HIDDEN_TILE, rack, ()), PoolView(Kind.ELEPHANT, rack[1:-1], rack[:1]))
    bare = replace(samples.tuibei(), pools=(PoolView(None, (), ()),) * 2, captured=((), ()))
    left, right = panel.CONTENT_LEFT - 1, panel.CONTENT_RIGHT + 1
    tops = (panel.TOP_CARD, panel.BOTTOM_CARD)
    captures = [(left, t + panel.CAPTURES, right, t + panel.RACK) for t in tops]
    assert _only_in(_panel_diff(replace(bare, captured=captured), bare), captures)
    rows = [(left, t + panel.CLOCK_ROW, right, t + panel.CAPTURES) for t in tops]
    racks = [(left, t + panel.RACK, right, t + panel.CARD_HEIGHT - 4) for t in tops]
    assert _only_in(_panel_diff(replace(bare, pools=pools), bare), rows + racks)


def test_every_rack_fits_in_two_rows_of_its_card() -> None:
    for traditional in (False, True):
        for n in range(len(TILES.kinds) + 1):
            for kinds in itertools.combinations(TILES.kinds, n):
                places = panel.rack_places(TILES, list(kinds), traditional)
                for kind, (x, y) in zip(kinds, places, strict=True):
                    assert x >= panel.CONTENT_LEFT
                    assert x + tiles.width(TILES, kind, traditional) <= panel.CONTENT_RIGHT
                    assert y + tiles.HEIGHT <= panel.CARD_HEIGHT - 4
                assert len({y for _, y in places}) <= 2
