"""The two shipped fonts, and how player names are made drawable with them.

Both fonts are subsets of Noto CJK (see ``render/fonts/OFL.txt``) so the
image looks the same on a machine with no fonts installed. The board font has
only the fixed glyphs; the names font has Latin, Greek, Cyrillic, kana, the
2,350 common Hangul syllables and the ~7000 most common simplified and
traditional hanzi. A player's name character the names font lacks is written
in Latin letters (:func:`readable_name`); a badge's becomes ``?``.
"""

from __future__ import annotations

import unicodedata
from functools import cache, lru_cache
from pathlib import Path

from anyascii import anyascii
from PIL import ImageFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"
BOARD_FONT = FONT_DIR / "board.otf"
NAMES_FONT = FONT_DIR / "names.otf"

Font = ImageFont.FreeTypeFont

_PROBE_SIZE = 16
_NOT_IN_FONT = "\ue000"  # a private-use character no subset contains
_DROPPED_CATEGORIES = {"So", "Sk", "Cf", "Cc", "Cs", "Co", "Cn", "Mn", "Me", "Zl", "Zp"}


@cache
def board_font(size: int) -> Font:
    """Serif bold for piece glyphs, river, numerals, tiles and badges."""
    # The basic layout gives the same pixels with or without libraqm.
    return ImageFont.truetype(BOARD_FONT, size, layout_engine=ImageFont.Layout.BASIC)


@cache
def names_font(size: int) -> Font:
    """Sans bold for player names, clocks and the result banner."""
    return ImageFont.truetype(NAMES_FONT, size, layout_engine=ImageFont.Layout.BASIC)


def _bitmap(char: str) -> tuple[tuple[int, int], bytes]:
    mask = names_font(_PROBE_SIZE).getmask(char)
    return mask.size, bytes(mask)


@lru_cache(maxsize=8192)
def has_glyph(char: str) -> bool:
    """Whether the names font draws ``char`` (rather than its empty-box glyph)."""
    return char == " " or _bitmap(char) != _bitmap(_NOT_IN_FONT)


def clean_name(name: str) -> str:
    """A display name reduced to what the names font can draw.

    Symbols (emoji, dingbats), marks and control characters are dropped, since
    a ``?`` for each would only add noise; any other missing letter becomes
    ``?`` so the name keeps its length and shape. Runs of spaces collapse.
    """
    kept = []
    for char in unicodedata.normalize("NFC", name):
        if char.isspace():
            kept.append(" ")
        elif unicodedata.category(char) in _DROPPED_CATEGORIES:
            continue
        else:
            kept.append(char if has_glyph(char) else "?")
    return " ".join("".join(kept).split())


def readable_name(name: str) -> str:
    """A player's name as the names font can draw it, readable in any script.

    A letter the font lacks (Hangul, a rare hanzi) is written in Latin letters
    (``김철수`` is ``GimCheolSu``), never as a box or ``?``. Symbols (emoji)
    are dropped beside other characters, as in :func:`clean_name`; a name of
    symbols alone is spelled by their names (``🍀`` is ``four leaf clover``).
    """
    kept, symbols = [], []
    for char in unicodedata.normalize("NFC", name):
        if char.isspace():
            kept.append(" ")
        elif unicodedata.category(char) in _DROPPED_CATEGORIES:
            symbols.append(char)
        else:
            kept.append(char if has_glyph(char) else anyascii(char))
    readable = " ".join("".join(kept).split())
    if readable or not symbols:
        return readable
    spelled = (anyascii(char).strip(":").replace("_", " ") for char in symbols)
    return " ".join(" ".join(spelled).split())


def fit(text: str, font: Font, width: float) -> str:
    """``text`` cut with an ellipsis so that it is at most ``width`` pixels wide:
    its longest start that fits with the ellipsis, found by halving (a start
    is never wider than a longer one), as measuring costs a glyph layout."""
    if font.getlength(text) <= width:
        return text
    fits, wide = 0, len(text)  # text[:fits] + "…" fits, or fits is 0; text[:wide] + "…" does not
    while wide - fits > 1:
        middle = (fits + wide) // 2
        if font.getlength(text[:middle] + "…") <= width:
            fits = middle
        else:
            wide = middle
    return text[:fits].rstrip() + "…"


def wrap(text: str, font: Font, width: float) -> list[str]:
    """``text`` broken at its spaces into lines at most ``width`` wide; a word
    wider than that is cut with an ellipsis."""
    lines: list[str] = []
    for word in text.split():
        if lines and font.getlength(f"{lines[-1]} {word}") <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(fit(word, font, width))
    return lines


@lru_cache(maxsize=1024)
def fit_names(text: str, width: float, sizes: tuple[int, ...]) -> tuple[Font, str]:
    """The largest of ``sizes`` at which ``text`` fits, else the smallest, cut
    (kept: a game's names are fitted again on each of its boards)."""
    for size in sizes:
        font = names_font(size)
        if font.getlength(text) <= width:
            return font, text
    return font, fit(text, font, width)
