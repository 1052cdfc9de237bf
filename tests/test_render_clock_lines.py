"""A clock too wide for the card breaks into two lines rather than being cut."""

from __future__ import annotations

from render.layout import CLOCK_SIZES
from render.panel import _DISC as DISC
from render.panel import _STEP as STEP
from render.panel import (
    CAPTURE_ROWS,
    CAPTURES,
    CARD_HEIGHT,
    CLOCK_LINE,
    CONTENT_WIDTH,
    _clock_lines,
)


def test_a_rapid_clock_in_english_keeps_both_times_whole() -> None:
    lines = _clock_lines("9:45 · move 0:45", CONTENT_WIDTH, two=True)
    assert [text for _, text in lines] == ["9:45", "move 0:45"]
    assert all(font.size in CLOCK_SIZES for font, _ in lines)


def test_a_clock_that_fits_stays_on_one_line() -> None:
    assert [text for _, text in _clock_lines("9:45步0:45", CONTENT_WIDTH, two=True)] == [
        "9:45步0:45"
    ]


def test_beside_a_tile_rack_the_clock_keeps_one_line() -> None:
    (only,) = _clock_lines("9:45 · move 0:45", CONTENT_WIDTH, two=False)
    assert only[1].endswith("…")


def test_the_captures_pushed_down_a_line_stay_inside_the_card() -> None:
    # Only cards without a tile rack break the clock, so the rack's room is free.
    assert CAPTURES + CLOCK_LINE + (CAPTURE_ROWS - 1) * STEP + DISC <= CARD_HEIGHT
