"""Successor xiangqi pictures: the queen's glyph in both glyph sets (H-1) and
the diamond lines on this variant's board (H-2)."""

from __future__ import annotations

import io

from PIL import Image

from render import RenderOptions, render_png
from render.board import board_layer
from render.fonts import board_font
from render.layout import point
from render.palette import LINE, WOOD
from render.variants.houji import flying_capture, pinned_elephant, start, write_samples
from rules.pieces import SIMPLIFIED_NAMES, TRADITIONAL_NAMES, Color, Kind
from rules.variants.houji.game import Houji
from rules.variants.houji.moves import HoujiPosition

MISSING = "\U0002a6a5"  # a rare hanzi the board subset does not carry


def _ink(text: str) -> bytes:
    return bytes(board_font(48).getmask(text))


def test_queen_glyph_is_in_the_board_font_for_both_glyph_sets():
    glyphs = {SIMPLIFIED_NAMES[Kind.QUEEN][c] for c in Color}
    glyphs |= {TRADITIONAL_NAMES[Kind.QUEEN][c] for c in Color}
    assert glyphs == {"后"}
    assert _ink("后") != _ink(MISSING)  # drawn, not the missing-glyph box
    assert _ink("后") != _ink("後")


def test_diamond_lines_only_on_the_houji_board():
    for perspective in Color:
        plain = board_layer(perspective, False, False).convert("RGB")
        diamond = board_layer(perspective, False, False, True).convert("RGB")
        for (f1, r1), (f2, r2) in (((4, 0), (3, 1)), ((5, 8), (4, 7))):
            (x1, y1), (x2, y2) = point(f1, r1, perspective), point(f2, r2, perspective)
            # A quarter along the side: clear of the palace's own diagonals,
            # which cross the diamond's sides at their middles.
            quarter = (x1 + (x2 - x1) // 4, y1 + (y2 - y1) // 4)
            assert plain.getpixel(quarter) == WOOD
            assert diamond.getpixel(quarter) == LINE


def test_houji_start_image_draws_both_queens():
    image = Image.open(io.BytesIO(render_png(start()))).convert("RGB")
    empty = board_layer(Color.RED, False, False, True).convert("RGB")
    for name in ((4, 1), (4, 8)):
        x, y = point(*name, Color.RED)
        assert image.getpixel((x, y)) != empty.getpixel((x, y))
    traditional = render_png(start(), options=RenderOptions(traditional=True))
    assert traditional != render_png(start())


def test_public_and_offender_images_equal_an_unpinned_twin(monkeypatch):
    game = Houji.start({"fen": "3k5/9/9/9/2b6/9/Q8/9/9/5K3 b"})
    game.push(game.parse("c5e7"))
    monkeypatch.setattr(HoujiPosition, "pinned_elephant", lambda _self, _sq: False)
    twin = Houji.start({"fen": "3k5/9/9/9/2b6/9/Q8/9/9/5K3 b"})
    twin.push(twin.parse("c5e7"))
    for viewer in (Color.BLACK, None):
        assert render_png(game.view(viewer)) == render_png(twin.view(viewer))


def test_samples_render(tmp_path):
    write_samples(tmp_path)
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [
        "houji-flying-capture.png",
        "houji-pin.png",
        "houji-queens-facing.png",
        "houji-start-traditional.png",
        "houji-start.png",
    ]
    assert flying_capture().outcome is not None and pinned_elephant().outcome is None
