"""Stamped texts set the very pixels drawing them would."""

from __future__ import annotations

import itertools

import pytest
from PIL import Image, ImageDraw

from render.fonts import board_font, names_font
from render.palette import CARD, TEXT
from render.stamps import stamp

TEXTS = ("张三丰", "Lucky Li", "1d 20h · 0:30", "第 23 回合", "j")
POINTS = ((12, 40), (20.5, 33.25), (71.75, 18.5), (3.1, 0.9))


@pytest.mark.parametrize("anchor", ["lm", "mm", "ls"])
def test_a_stamp_is_the_drawn_text(anchor: str) -> None:
    for font, text, xy in itertools.product((names_font(20), board_font(31)), TEXTS, POINTS):
        drawn = Image.new("RGB", (150, 60), CARD)
        ImageDraw.Draw(drawn).text(xy, text, TEXT, font, anchor)
        stamped = Image.new("RGB", (150, 60), CARD)
        stamp(stamped, xy, text, TEXT, font, anchor)
        assert stamped.tobytes() == drawn.tobytes(), (text, xy, anchor)
