"""Move notation: ICCS (``h2e2``), WXF (``C2.5``) and Chinese (``炮二平五``).

:func:`format_move` writes a legal move in one style, as xqbase does;
:func:`parse_move` reads any style and returns the one legal move it names.
Which style a text is in is guessed from its look: any CJK character makes it
Chinese, a square pair such as ``h2e2`` or ``H2-E2`` ICCS, anything else WXF.
Full-width characters count as their ASCII forms and spaces are ignored.
See the modules :mod:`.common`, :mod:`.wxf` and :mod:`.chinese` for the
conventions on like pieces sharing a file and the marks that may follow a move.

Errors carry ``params``: always ``text``; :class:`~rules.errors.InvalidNotation`
adds ``problem``, a short key (``empty``, ``bad_piece``, ``bad_file``,
``bad_place``, ``bad_action``, ``bad_number``, ``trailing``, ``too_short``,
``iccs_format``); :class:`~rules.errors.AmbiguousMove` adds ``moves``, the
fitting moves in ICCS.
"""

from __future__ import annotations

import re

from ..actions import Move
from ..errors import IllegalAction
from ..position import Position
from .chinese import format_chinese, parse_chinese
from .common import clean, invalid
from .iccs import format_iccs, looks_like, parse_iccs
from .wxf import format_wxf, parse_wxf

STYLES = ("iccs", "wxf", "chinese")
_CJK = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff]")

__all__ = ["STYLES", "format_move", "parse_move"]


def format_move(
    position: Position, move: Move, style: str = "chinese", *, traditional: bool = False
) -> str:
    """Write ``move``, legal in ``position``, in ``style`` (one of :data:`STYLES`).

    ``traditional`` picks traditional glyphs for Chinese; other styles ignore it.

    :raises ValueError: for an unknown style.
    :raises IllegalAction: when ``move`` is not legal in ``position``.
    """
    if style not in STYLES:
        raise ValueError(f"unknown notation style {style!r}; expected one of {STYLES}")
    if not position.is_legal(move):
        raise IllegalAction(f"{move.text} is not a legal move here", move=move.text)
    if style == "iccs":
        return format_iccs(move)
    if style == "wxf":
        return format_wxf(position, move)
    return format_chinese(position, move, traditional=traditional)


def parse_move(position: Position, text: str) -> Move:
    """The one legal move of ``position`` that ``text`` names, in any style.

    :raises InvalidNotation: when ``text`` is no move in any style we know.
    :raises IllegalAction: when it is well formed but fits no legal move.
    :raises AmbiguousMove: when it fits more than one.
    """
    cleaned = clean(text)
    if not cleaned:
        raise invalid(text, "empty move", "empty")
    if _CJK.search(cleaned):
        return parse_chinese(position, text)
    if looks_like(cleaned):
        return parse_iccs(position, text)
    return parse_wxf(position, text)
