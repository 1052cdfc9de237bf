"""Chinese notation: ``炮二平五``, ``马8进7``, ``前车进一``, ``一兵平四``.

Written as xqbase does: Red's files and numbers in Chinese numerals 一-九,
Black's in digits 1-9; 进/退/平; like pieces sharing a file named 前/后,
前/中/后 for three, 一二三四五 for four or five (for both sides); see
:mod:`rules.notation.common` for which piece each name picks. Simplified
glyphs by default, traditional (俥傌炮 車馬砲 進 後) on request.

Read: simplified, traditional and variant glyphs (車俥硨 馬傌 炮砲包 帥將
進 後 ...), numerals or digits (half- or full-width) for either side,
spaces anywhere. The piece may be named as ``炮二`` (piece, file), ``前炮``
or ``炮前`` (place), ``一兵`` (n-th, xqbase order), ``前兵四`` (place on file
四) or ``前四`` (place on file 四, piece left out). After the final number
only check or comment marks may follow: 将 將 将军 將軍 绝杀 絕殺 and
``+ # ! ?`` (a 将 there is a mark, never the king: the move is complete).
"""

from __future__ import annotations

import re

from ..actions import Move
from ..pieces import SIMPLIFIED_NAMES, THIRD_GEN_KINDS, TRADITIONAL_NAMES, Color, Kind
from ..position import Position
from .common import (
    BACKWARD,
    DIAGONAL_KINDS,
    FORWARD,
    FRONT,
    MIDDLE,
    REAR,
    SIDEWAYS,
    Spec,
    SpecFields,
    clean,
    describe,
    invalid,
    resolve,
)

NUMERALS = "一二三四五六七八九"
PIECES = {
    **{ch: Kind.KING for ch in "帅帥将將"},
    **{ch: Kind.ADVISOR for ch in "仕士"},
    **{ch: Kind.ELEPHANT for ch in "相象"},
    **{ch: Kind.HORSE for ch in "马馬傌"},
    **{ch: Kind.CHARIOT for ch in "车車俥硨"},
    **{ch: Kind.CANNON for ch in "炮砲包"},
    **{ch: Kind.PAWN for ch in "兵卒"},
    # Third-generation xiangqi (F-5 to F-7), simplified and traditional.
    **{
        ch: kind
        for kind in THIRD_GEN_KINDS
        for ch in SIMPLIFIED_NAMES[kind] + TRADITIONAL_NAMES[kind]
    },
}
PLACES = {"前": FRONT, "中": MIDDLE, "后": REAR, "後": REAR}
ACTIONS = {"进": FORWARD, "進": FORWARD, "退": BACKWARD, "平": SIDEWAYS}
NUMBERS = {ch: i + 1 for i, ch in enumerate(NUMERALS)} | {str(i): i for i in range(1, 10)}
_ANNOTATION = re.compile(r"(?:[将將][军軍]?|绝杀|絕殺|[+#!?])*")


def _number(n: int, color: Color) -> str:
    return NUMERALS[n - 1] if color is Color.RED else str(n)


def format_chinese(position: Position, move: Move, *, traditional: bool = False) -> str:
    """``move`` (legal in ``position``) in xqbase's Chinese notation."""
    spec = describe(position, move)
    assert spec.kind is not None
    color = position.turn
    names = TRADITIONAL_NAMES if traditional else SIMPLIFIED_NAMES
    glyph = names[spec.kind][color]
    if spec.place is not None:
        place = {FRONT: "前", MIDDLE: "中", REAR: "後" if traditional else "后"}[spec.place]
        who = place + glyph
    elif spec.ordinal is not None:
        who = NUMERALS[spec.ordinal - 1] + glyph
    else:
        assert spec.file is not None
        who = glyph + _number(spec.file, color)
    action = {FORWARD: "進" if traditional else "进", BACKWARD: "退", SIDEWAYS: "平"}
    return f"{who}{action[spec.action]}{_number(spec.number, color)}"


def parse_chinese(position: Position, text: str) -> Move:
    """The legal move Chinese ``text`` names.

    :raises InvalidNotation: when ``text`` is no such move, naming the fault.
    :raises IllegalAction: when no legal move fits.
    :raises AmbiguousMove: when several do.
    """
    clean_text = clean(text)
    at = next((i for i, ch in enumerate(clean_text) if ch in ACTIONS), None)
    if at is None:
        raise invalid(text, "no direction 进, 退 or 平", "bad_action")
    if at + 1 >= len(clean_text):
        raise invalid(text, f"no number after {clean_text[at]}", "bad_number")
    name, num, tail = clean_text[:at], clean_text[at + 1], clean_text[at + 2 :]
    action = ACTIONS[clean_text[at]]
    kind, fields = _designation(text, name)
    if kind in DIAGONAL_KINDS and action == SIDEWAYS:
        raise invalid(text, f"a {kind.name.lower()} never moves sideways (平)", "bad_action")
    if num not in NUMBERS:
        what = "file number" if action == SIDEWAYS or kind in DIAGONAL_KINDS else "number"
        raise invalid(text, f"{num} is not a {what} 1-9", "bad_number")
    if not _ANNOTATION.fullmatch(tail):
        raise invalid(text, f"unexpected {tail!r} after the move", "trailing")
    return resolve(position, Spec(kind, action, NUMBERS[num], **fields), text)


def _designation(text: str, name: str) -> tuple[Kind | None, SpecFields]:
    """Kind and ``Spec`` fields from the characters naming the piece."""
    if not name:
        raise invalid(text, "no piece before the direction", "bad_piece")
    shape = ""  # P for a piece, Q for 前/中/后, N for a number
    for ch in name:
        if ch in PIECES:
            shape += "P"
        elif ch in PLACES:
            shape += "Q"
        elif ch in NUMBERS:
            shape += "N"
        else:
            raise invalid(text, f"{ch} is not a piece, a file number nor 前/中/后", "bad_piece")
    kinds = [PIECES[ch] for ch in name if ch in PIECES]
    places = [PLACES[ch] for ch in name if ch in PLACES]
    numbers = [NUMBERS[ch] for ch in name if ch in NUMBERS]
    if shape in ("PN", "QPN", "QN"):
        fields: SpecFields = {"file": numbers[0]}
        if places:
            fields["place"] = places[0]
    elif shape in ("QP", "PQ"):
        fields = {"place": places[0]}
    elif shape == "NP":
        fields = {"ordinal": numbers[0]}
    else:
        raise invalid(text, f"cannot tell which piece {name!r} is", "bad_piece")
    return (kinds[0] if kinds else None), fields
