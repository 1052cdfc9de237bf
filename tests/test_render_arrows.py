"""Arrows drawn over the board: where they fall, their two styles, both orientations."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render import Arrow, ArrowStyle, RenderOptions, render_png, samples
from render.layout import centre
from render.palette import CHECK, MOVE
from rules.pieces import Color
from rules.squares import parse_square


def rgb(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def midpoint(start: str, end: str, bottom: Color) -> tuple[int, int]:
    (x0, y0), (x1, y1) = centre(parse_square(start), bottom), centre(parse_square(end), bottom)
    return (x0 + x1) // 2, (y0 + y1) // 2


@pytest.mark.parametrize("bottom", [Color.RED, Color.BLACK])
def test_arrows_colour_their_path_in_either_orientation(bottom: Color) -> None:
    view = samples.start()
    played = Arrow(parse_square("b2"), parse_square("e2"), ArrowStyle.PLAYED)
    better = Arrow(parse_square("h0"), parse_square("g2"), ArrowStyle.BETTER)
    plain = rgb(render_png(view, None, RenderOptions(perspective=bottom)))
    drawn = rgb(render_png(view, None, RenderOptions(perspective=bottom, arrows=(played, better))))
    assert drawn.size == plain.size
    for arrow, colour in ((("b2", "e2"), CHECK), (("h0", "g2"), MOVE)):
        at = midpoint(*arrow, bottom)
        assert plain.getpixel(at) != colour
        assert drawn.getpixel(at) == colour


def test_arrows_leave_the_rest_of_the_board_alone() -> None:
    view = samples.start()
    arrow = Arrow(parse_square("b2"), parse_square("e2"), ArrowStyle.PLAYED)
    plain = rgb(render_png(view))
    drawn = rgb(render_png(view, None, RenderOptions(arrows=(arrow,))))
    far = centre(parse_square("e9"), Color.RED)
    assert drawn.getpixel(far) == plain.getpixel(far)
    assert drawn.tobytes() != plain.tobytes()
