"""The fast PNG writer: every board it writes decodes to the frame's pixels."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render import samples
from render.frame import draw_frame
from render.image import encode_png, render_png
from render.options import RenderOptions
from render.png import palette_png
from rules.pieces import Color

VIEWS = {
    "middlegame": samples.middlegame(),
    "jieqi": samples.jieqi(Color.RED),
    "start": samples.start(),
    "tuibei": samples.tuibei(Color.BLACK),
}


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_a_board_decodes_to_its_frame(name: str) -> None:
    frame = draw_frame(VIEWS[name], samples.PLAYERS, RenderOptions())
    decoded = Image.open(io.BytesIO(palette_png(frame)))
    decoded.load()
    assert decoded.mode == "P"
    assert decoded.size == frame.size
    assert decoded.tobytes() == frame.tobytes()
    assert decoded.convert("RGB").tobytes() == frame.convert("RGB").tobytes()


def test_boards_are_written_by_the_fast_writer() -> None:
    frame = draw_frame(VIEWS["middlegame"], samples.PLAYERS, RenderOptions())
    assert encode_png(frame) == palette_png(frame)
    assert render_png(VIEWS["middlegame"], samples.PLAYERS) == palette_png(frame)


def test_other_images_keep_pillows_writer() -> None:
    image = Image.new("RGB", (7, 3), (10, 200, 30))
    decoded = Image.open(io.BytesIO(encode_png(image)))
    assert decoded.convert("RGB").tobytes() == image.tobytes()
    with pytest.raises(ValueError):
        palette_png(image)
