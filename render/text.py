"""Every fixed word and glyph the renderer draws, in one place, with the
words the variants register (:mod:`render.extras`).

The font subset is cut from this module (``scripts/subset_font.py`` reads
:func:`board_glyphs` and :func:`panel_glyphs`), so a word added here or in
a variant's extras is a word the shipped fonts can draw once the script is
run again.
"""

from __future__ import annotations

from functools import cache

from rules.outcome import Outcome, Reason
from rules.pieces import SIMPLIFIED_NAMES, TRADITIONAL_NAMES, Color

from .extras import registered

# File numbers: Red's edge counts files right-to-left from Red's view in
# Chinese numerals (file i is 一); Black's edge counts right-to-left from
# Black's view in Arabic numerals (file a is 1).
RED_FILE_NUMERALS = "九八七六五四三二一"
BLACK_FILE_NUMERALS = "123456789"

RIVER = {False: ("楚河", "汉界"), True: ("楚河", "漢界")}

REASONS = {
    Reason.CHECKMATE: ("将死", "checkmate"),
    Reason.STALEMATE: ("困毙", "stalemate"),
    Reason.KING_CAPTURED: ("吃将", "king captured"),
    Reason.QUEEN_CAPTURED: ("吃后", "queen captured"),
    Reason.PERPETUAL_CHECK: ("长将", "perpetual check"),
    Reason.PERPETUAL_CHASE: ("长捉", "perpetual chase"),
    Reason.REPETITION: ("重复局面", "repetition"),
    Reason.NO_CAPTURE: ("限着", "no-capture rule"),
    Reason.INSUFFICIENT_MATERIAL: ("子力不足", "no attackers"),
    Reason.DOUBLE_PASS: ("双方停着", "double pass"),
    Reason.FOUL: ("犯规", "foul"),
    Reason.MINISTER_HOME: ("臣入宫", "minister home"),
    Reason.RESIGNATION: ("认输", "resignation"),
    Reason.TIMEOUT: ("超时", "timeout"),
    Reason.DRAW_AGREED: ("议和", "draw agreed"),
    Reason.ABORTED: ("中止", "aborted"),
}

SIDE_NAMES = {
    "zh": ("红方", "黑方"),
    "en": ("Red", "Black"),
}

# The winning-chance graph: its axes and the names of its three labels.
GRAPH_WORDS = {
    "en": {
        "axis": "Red's winning chance",
        "moves": "move",
        "?!": "inaccuracy",
        "?": "mistake",
        "??": "blunder",
    },
    "zh": {"axis": "红方胜率", "moves": "回合", "?!": "缓着", "?": "错着", "??": "漏着"},
}

# Character-level simplified -> traditional map for the few words above; a
# whole converter would be overkill for a fixed vocabulary.
_TRADITIONAL = str.maketrans("将毙长复着双认输时议规红缓错漏胜", "將斃長複著雙認輸時議規紅緩錯漏勝")


def _zh(text: str, traditional: bool) -> str:
    return text.translate(_TRADITIONAL) if traditional else text


def side_name(color: Color, lang: str, traditional: bool) -> str:
    """The default label of a side when no player name is given."""
    if lang == "en":
        return SIDE_NAMES["en"][color]
    return _zh(SIDE_NAMES["zh"][color], traditional)


def graph_words(lang: str, traditional: bool) -> dict[str, str]:
    """The graph's fixed words in the viewer's language and glyph set."""
    if lang == "en":
        return GRAPH_WORDS["en"]
    return {key: _zh(word, traditional) for key, word in GRAPH_WORDS["zh"].items()}


def outcome_parts(outcome: Outcome, lang: str, traditional: bool) -> tuple[str, str]:
    """The score and the reason of a result, e.g. ``("1-0", "将死")``; a draw is ``½-½``."""
    zh, en = REASONS[outcome.reason]
    return outcome.result.replace("1/2", "½"), en if lang == "en" else _zh(zh, traditional)


def outcome_text(outcome: Outcome, lang: str, traditional: bool) -> str:
    """The result on one line, e.g. ``1-0 · 将死``."""
    return " · ".join(outcome_parts(outcome, lang, traditional))


def ply_text(ply: int, lang: str) -> str:
    """Which round the image shows, from 1 (the number the bot's messages use)."""
    number = ply // 2 + 1
    return f"move {number}" if lang == "en" else f"第 {number} 回合"


def badge_text(label: str, traditional: bool) -> str:
    """A secret back's badge in the viewer's glyph set (any other label as it is)."""
    if traditional:
        for extras in registered():
            if label in extras.badges:
                return extras.badges[label]
    return label


def _all_piece_names() -> str:
    return "".join(
        a + b for table in (SIMPLIFIED_NAMES, TRADITIONAL_NAMES) for a, b in table.values()
    )


_ASCII = "".join(chr(c) for c in range(0x20, 0x7F))


def _badge_glyphs() -> str:
    """Every glyph a badge may need (both forms of every label), so badges
    never need one outside the subset."""
    return "".join(
        label + glyph for extras in registered() for label, glyph in extras.badges.items()
    )


@cache
def board_glyphs() -> frozenset[str]:
    """Drawn with the serif board font: pieces, river, numerals, tiles, badges.
    Made at the first question, once the variants have registered."""
    tiles = [t for extras in registered() if (t := extras.tiles) is not None]
    return frozenset(
        _all_piece_names()
        + "".join(RIVER[False] + RIVER[True])
        + RED_FILE_NUMERALS
        + _ASCII
        + "".join(name for t in tiles for name in t.simplified + t.traditional)
        + _badge_glyphs()
    )


@cache
def panel_glyphs() -> frozenset[str]:
    """Drawn with the sans panel font besides player names: results and labels."""
    return frozenset(
        "".join(zh + _zh(zh, True) + en for zh, en in REASONS.values())
        + "".join(_zh(n, t) for n in SIDE_NAMES["zh"] for t in (False, True))
        + "".join(SIDE_NAMES["en"])
        + "".join(_zh(word, t) for word in GRAPH_WORDS["zh"].values() for t in (False, True))
        + "".join(GRAPH_WORDS["en"].values())
        + "第手ply·…?½%"
        + _ASCII
        + _badge_glyphs()
    )
