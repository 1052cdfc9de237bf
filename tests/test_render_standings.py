"""The standings image: one line per player, headings in the viewer's language."""

from __future__ import annotations

import io

from PIL import Image

from render.fonts import has_glyph
from render.standings import HEADINGS, Row, score_text, standings_image

ROWS = [
    Row(1, "alice", 2.5, (4.0, 3.25)),
    Row(2, "王小明", 2, (4.5, 2.0)),
    Row(3, "bob", 0.5, (3, 0.5), True),
]


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png))


def test_scores_are_written_as_players_write_them() -> None:
    assert [score_text(v) for v in (0, 0.5, 1, 2.5, 3.25, 12)] == [
        "0",
        "½",
        "1",
        "2½",
        "3.25",
        "12",
    ]


def test_each_player_adds_a_line() -> None:
    three = _image(
        standings_image("Spring", "Round 3 of 3", ROWS, ("buchholz", "sonneborn_berger"))
    )
    one = _image(
        standings_image("Spring", "Round 3 of 3", ROWS[:1], ("buchholz", "sonneborn_berger"))
    )
    assert three.width == one.width and three.height - one.height == 2 * 30


def test_the_headings_follow_the_viewers_language() -> None:
    args = ("Spring", "3", ROWS, ("direct", "sonneborn_berger"))
    assert standings_image(*args, lang="en") != standings_image(*args, lang="zh")
    words = "".join(w for table in HEADINGS.values() for w in table.values()) + "½"
    assert all(has_glyph(c) for c in words if not c.isspace())


def test_an_empty_table_says_so() -> None:
    assert _image(standings_image("Arena", "", [], ("wins",))).height > 0
