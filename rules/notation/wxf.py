"""WXF notation: piece letter, file, direction, number (``C2.5``, ``H8+7``).

Written as xqbase does: letters ``K A E H R C P``; ``.`` for sideways; like
pieces sharing a file named ``+``/``-`` (front/rear), ``+``/``.``/``-`` for
three, ``a``-``e`` for four or five, after the letter (``R+.3``, ``Pa+1``).
See :mod:`rules.notation.common` for which piece each name picks.

Read (always four characters, spaces ignored, piece letters in any case):

* ``C2.5``, ``C2=5`` (``=`` is sideways too), ``B``/``N`` for ``E``/``H``;
* ``R+.3`` and ``+R.3`` (front), ``-``, and ``.`` for middle;
* ``Pa+1`` .. ``Pe+1`` and ``2P+1``: the n-th in xqbase order;
* ``17+1``: the 1st pawn on file 7 (front first), as Fairy-Stockfish and many
  sites write tandem pawns; the form names pawns only, so a chariot on file 7
  that could make the same step does not make it ambiguous;
* a plain file even when two like pieces share it (``R6-1``, as
  Fairy-Stockfish writes when only one of them can make the move): it is
  read when exactly one legal move fits.

Anything after the four characters must be check or comment marks
(``+ # ! ?``): ``C2.5+`` is ``C2.5`` giving check. The direction is always
the third character, so a trailing ``+`` cannot be mistaken for it.
"""

from __future__ import annotations

import re

from ..actions import Move
from ..pieces import Kind
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

LETTERS = {kind.wxf: kind for kind in Kind if kind is not Kind.QUEEN} | {
    "B": Kind.ELEPHANT,
    "N": Kind.HORSE,
}
ACTIONS = {"+": FORWARD, "-": BACKWARD, ".": SIDEWAYS, "=": SIDEWAYS}
PLACES = {"+": FRONT, ".": MIDDLE, "-": REAR}
PLACE_MARKS = {place: mark for mark, place in PLACES.items()}
ORDINALS = "abcdefghi"
_ANNOTATION = re.compile(r"[+#!?]*")


def format_wxf(position: Position, move: Move) -> str:
    """``move`` (legal in ``position``) in xqbase's WXF."""
    spec = describe(position, move)
    assert spec.kind is not None
    if spec.place is not None:
        where = PLACE_MARKS[spec.place]
    elif spec.ordinal is not None:
        where = ORDINALS[spec.ordinal - 1]
    else:
        where = str(spec.file)
    return f"{spec.kind.wxf}{where}{spec.action}{spec.number}"


def parse_wxf(position: Position, text: str) -> Move:
    """The legal move WXF ``text`` names.

    :raises InvalidNotation: when ``text`` is no WXF move, naming the fault.
    :raises IllegalAction: when no legal move fits.
    :raises AmbiguousMove: when several do.
    """
    clean_text = clean(text)
    if len(clean_text) < 4:
        raise invalid(text, "too short for a WXF move such as C2.5", "too_short")
    core, tail = clean_text[:4], clean_text[4:]
    first, second, act, num = core[0], core[1], core[2], core[3]
    kind, spec_args = _designation(text, first, second)
    if act not in ACTIONS:
        raise invalid(text, f"{act} is not a direction (+, - or .)", "bad_action")
    action = ACTIONS[act]
    if kind in DIAGONAL_KINDS and action == SIDEWAYS:
        raise invalid(text, f"a {kind.name.lower()} never moves sideways", "bad_action")
    if not ("1" <= num <= "9"):
        what = "file number" if action == SIDEWAYS or kind in DIAGONAL_KINDS else "number"
        raise invalid(text, f"{num} is not a {what} 1-9", "bad_number")
    if not _ANNOTATION.fullmatch(tail):
        raise invalid(text, f"unexpected {tail!r} after the move", "trailing")
    return resolve(position, Spec(kind, action, int(num), **spec_args), text)


def _designation(text: str, first: str, second: str) -> tuple[Kind | None, SpecFields]:
    """Kind and ``Spec`` fields from the first two characters."""
    head, next_ = first.upper(), second.upper()
    if head in LETTERS:
        kind = LETTERS[head]
        if "1" <= second <= "9":
            return kind, {"file": int(second)}
        if second in PLACES:
            return kind, {"place": PLACES[second]}
        if second.lower() in ORDINALS:
            return kind, {"ordinal": ORDINALS.index(second.lower()) + 1}
        raise invalid(text, f"{second} is not a file number 1-9 nor + - .", "bad_file")
    if next_ in LETTERS:
        kind = LETTERS[next_]
        if first in PLACES:
            return kind, {"place": PLACES[first]}
        if "1" <= first <= "9":
            return kind, {"ordinal": int(first)}
        raise invalid(text, f"{first} cannot stand before a piece letter", "bad_place")
    if "1" <= first <= "9" and "1" <= second <= "9":
        return Kind.PAWN, {"ordinal": int(first), "file": int(second)}
    raise invalid(text, f"{first} is not a piece letter (K A E H R C P)", "bad_piece")
