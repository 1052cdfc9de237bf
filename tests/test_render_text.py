"""Fonts, names and words of the renderer, and its command line."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render.__main__ import START_FEN, main, view_from_fen
from render.fonts import FONT_DIR, board_font, clean_name, fit, has_glyph, names_font, wrap
from render.panel import BANNER_LINES, BANNER_TEXT_WIDTH, banner_lines
from render.text import (
    REASONS,
    board_glyphs,
    outcome_parts,
    outcome_text,
    panel_glyphs,
    side_name,
)
from rules.outcome import Outcome, Reason
from rules.pieces import Color, Kind
from rules.squares import parse_square


def _drawn_by(font: object, char: str) -> bool:
    missing = font.getmask("\ue000")  # type: ignore[attr-defined]
    mask = font.getmask(char)  # type: ignore[attr-defined]
    return (mask.size, bytes(mask)) != (missing.size, bytes(missing))


def test_shipped_fonts_are_small_and_licensed() -> None:
    sizes = {p.name: p.stat().st_size for p in FONT_DIR.iterdir()}
    assert {"board.otf", "names.otf", "OFL.txt"} <= set(sizes)
    assert sum(sizes.values()) < 2_000_000
    assert "SIL OPEN FONT LICENSE" in (FONT_DIR / "OFL.txt").read_text(encoding="utf-8")


def test_every_fixed_glyph_is_in_its_font() -> None:
    board = board_font(20)
    assert [c for c in board_glyphs() if c != " " and not _drawn_by(board, c)] == []
    assert [c for c in panel_glyphs() if not has_glyph(c)] == []


def test_common_hanzi_of_both_scripts_are_covered() -> None:
    for char in "张王李陳國華劉黃龍楊たなカナΩЖé한국":
        assert has_glyph(char), char
    assert not has_glyph("ก") and not has_glyph("똠")  # Thai; a rare Hangul syllable


@pytest.mark.parametrize(
    ("name", "cleaned"),
    [
        ("Alice", "Alice"),
        ("张三丰", "张三丰"),
        ("陳國華", "陳國華"),
        ("🔥龍🔥  Dragon", "龍 Dragon"),
        ("สม", "??"),
        ("\u200bzero\n", "zero"),
        ("🍀🍀", ""),
    ],
)
def test_names_are_cleaned(name: str, cleaned: str) -> None:
    assert clean_name(name) == cleaned


def test_long_names_are_cut_with_an_ellipsis() -> None:
    font = names_font(19)
    text = fit("A very long display name indeed", font, 100)
    assert text.endswith("…") and font.getlength(text) <= 100
    assert fit("Li", font, 100) == "Li"


@pytest.mark.parametrize("width", [0, 12, 40, 100, 157, 230])
def test_a_cut_name_keeps_the_longest_start_that_fits(width: int) -> None:
    """The cut (found by halving) is the one of dropping a letter at a time
    until the name and its ellipsis fit."""
    font = names_font(19)

    def one_at_a_time(text: str) -> str:
        if font.getlength(text) <= width:
            return text
        while text and font.getlength(text + "…") > width:
            text = text[:-1]
        return text.rstrip() + "…"

    names = [
        "A very long display name indeed",
        "一个非常非常长的名字啊啊",
        "Wu Zi  Xu 伍子胥 the Elder",
        "WWWWWWWWWWWWWWWWWWWW",
    ]
    for name in names:
        assert fit(name, font, width) == one_at_a_time(name)


def test_words() -> None:
    mate = Outcome(Color.RED, Reason.CHECKMATE)
    assert outcome_text(mate, "zh", False) == "1-0 · 将死"
    assert outcome_text(mate, "zh", True) == "1-0 · 將死"
    assert outcome_text(mate, "en", False) == "1-0 · checkmate"
    draw = Outcome(None, Reason.DRAW_AGREED)
    assert outcome_text(draw, "en", False) == "½-½ · draw agreed"
    assert side_name(Color.BLACK, "zh", False) == "黑方"
    assert side_name(Color.RED, "zh", True) == "紅方"
    assert set(Reason) == set(REASONS)


def test_every_result_fits_its_banner_uncut() -> None:
    # The panel is narrow: a result too wide for one line is the score above
    # the reason's words, never cut.
    for reason in Reason:
        for lang in ("zh", "en"):
            for traditional in (False, True):
                outcome = Outcome(Color.BLACK, reason)
                font, lines = banner_lines(outcome, lang, traditional)
                score, words = outcome_parts(outcome, lang, traditional)
                assert len(lines) <= BANNER_LINES
                assert all(font.getlength(line) <= BANNER_TEXT_WIDTH for line in lines)
                if len(lines) == 1:
                    assert lines == [outcome_text(outcome, lang, traditional)]
                else:
                    assert lines[0] == score and " ".join(lines[1:]) == words
    assert banner_lines(Outcome(Color.RED, Reason.CHECKMATE), "zh", False)[1] == ["1-0 · 将死"]
    long = banner_lines(Outcome(Color.RED, Reason.PERPETUAL_CHECK), "en", False)[1]
    assert long == ["1-0", "perpetual", "check"]


def test_wrap_breaks_at_spaces_and_cuts_a_word_too_wide() -> None:
    font = names_font(20)
    assert wrap("no-capture rule", font, 200) == ["no-capture rule"]
    assert wrap("no-capture rule", font, 130) == ["no-capture", "rule"]
    cut = wrap("supercalifragilistic", font, 60)
    assert len(cut) == 1 and cut[0].endswith("…") and font.getlength(cut[0]) <= 60


def test_fen_helper_reads_placement_and_side() -> None:
    view = view_from_fen(START_FEN)
    assert view.turn is Color.RED and view.viewer is None
    assert view.board[parse_square("e0")].kind is Kind.KING
    assert view.board[parse_square("b7")].color is Color.BLACK
    assert sum(p is not None for p in view.board) == 32
    assert view_from_fen("4k4/9/9/9/9/9/9/9/9/4K4 b").turn is Color.BLACK
    for bad in ("4k4/9 w", "4k5/9/9/9/9/9/9/9/9/4K4 w", "4k4/9/9/9/9/9/9/9/9/4K4 x"):
        with pytest.raises(ValueError):
            view_from_fen(bad)


def test_command_line_writes_a_png(tmp_path) -> None:
    out = tmp_path / "board.png"
    main(["--fen", START_FEN, "--out", str(out), "--perspective", "black", "--labels"])
    image = Image.open(io.BytesIO(out.read_bytes()))
    assert image.format == "PNG"
