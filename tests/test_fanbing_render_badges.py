"""Secret-back badges of third-generation xiangqi follow the viewer's glyph set:
a view carries the simplified label, the renderer draws it in the viewer's set."""

from __future__ import annotations

from dataclasses import replace

from render import RenderOptions, render_png
from render.fonts import board_font
from render.pieces import piece_sprite
from render.text import badge_text, board_glyphs
from render.variants.fanbing import PLAYERS, TRADITIONAL_BACKS, opening
from rules.pieces import Color, Kind
from rules.variants.fanbing.game import BACK_LABELS, back_label
from rules.view import PieceView
from tests.test_render_text import _drawn_by


def test_every_back_has_its_traditional_glyph_in_the_board_font():
    expected = {
        Kind.CHARIOT: "車",
        Kind.HORSE: "馬",
        Kind.CANNON: "砲",
        Kind.ELEPHANT: "象",
        Kind.ADVISOR: "士",
        Kind.MINISTER: "臣",
        Kind.CAMEL: "駝",
        Kind.MULE: "騾",
        Kind.FU: "輔",
        Kind.PAO: "拋",
    }
    for color in Color:
        for kind, glyph in expected.items():
            assert badge_text(back_label(color, kind), traditional=True) == glyph, kind
    assert badge_text(back_label(Color.RED, Kind.KING), traditional=True) == "帥"
    assert badge_text(back_label(Color.BLACK, Kind.KING), traditional=True) == "將"
    labels = {back_label(color, kind) for color in Color for kind in (Kind.KING, *BACK_LABELS)}
    assert set(TRADITIONAL_BACKS) == labels
    for label in labels:
        assert badge_text(label, traditional=False) == label
    font = board_font(20)
    assert all(g in board_glyphs() and _drawn_by(font, g) for g in TRADITIONAL_BACKS.values())


def test_a_traditional_badge_is_drawn_with_the_traditional_glyph():
    pawn = PieceView(Color.RED, Kind.PAWN, back="车")  # 兵 in both sets: only the badge differs
    written = replace(pawn, back="車")
    traditional, simplified = piece_sprite(pawn, True), piece_sprite(pawn, False)
    assert traditional.image.tobytes() != simplified.image.tobytes()
    assert traditional.image.tobytes() == piece_sprite(written, False).image.tobytes()


def test_red_sees_its_backs_in_its_own_glyph_set():
    view = opening().view(Color.RED)
    backs = [pv.back for pv in view.board if pv is not None and pv.back]
    assert {"马", "炮", "帅", "驼"} <= set(backs)  # glyphs that differ in traditional
    written = replace(
        view,
        board=tuple(
            pv if pv is None or not pv.back else replace(pv, back=TRADITIONAL_BACKS[pv.back])
            for pv in view.board
        ),
    )
    traditional = RenderOptions(traditional=True)
    drawn = render_png(view, PLAYERS, traditional)
    assert drawn == render_png(written, PLAYERS, traditional)
    assert render_png(view, PLAYERS) != render_png(written, PLAYERS)  # the labels do differ
