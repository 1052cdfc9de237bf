"""What WXF and Chinese notation share: per-side file numbers, naming one of
several like pieces on a file, and finding the one legal move a text fits.

Both notations say *which piece* (kind plus its file, or its place among like
pieces on one file), *which way* (forward ``+`` 进, backward ``-`` 退,
sideways ``.`` 平) and *a number*. Files count 1-9 from the mover's own right.
For pieces moving straight (king, chariot, cannon, pawn) the number after
forward/backward is how many ranks; after sideways, and always for pieces
moving diagonally (advisor, elephant, horse), it is the destination file.

Naming like pieces on one file, as xqbase writes it (:func:`describe`):

* A piece alone of its kind on its file is named by its file (``炮二``).
* Otherwise take every piece of that kind standing on a file with another
  like piece, ordered by file from the mover's right, then front to back.
  Two of them are front/rear (前/后, WXF ``+``/``-``); three are
  front/middle/rear (前/中/后, ``+``/``.``/``-``); four or five (pawns on two
  files, or four or five on one) are numbered 一二三四五 (WXF ``a``-``e``).
* Advisors and elephants keep their file even when two share it: forward or
  backward already tells them apart (``仕六进五``). Only if that still fits
  two legal moves (possible only in odd set-ups) are they named like the rest.

Reading is more lenient (:class:`Spec`): front/middle/rear pick among like
pieces on the piece's own file (so ``前兵`` works whichever file, and is
ambiguous only if the move fits on two files); a number without a file counts
through the ordered list above; a number with a file counts on that file.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import TypedDict

from ..actions import Move
from ..errors import AmbiguousMove, IllegalAction, InvalidNotation
from ..pieces import Color, Kind, Piece
from ..position import Position

FORWARD, BACKWARD, SIDEWAYS = "+", "-", "."
FRONT, MIDDLE, REAR = "front", "middle", "rear"

DIAGONAL_KINDS = frozenset(
    {
        Kind.ADVISOR,
        Kind.ELEPHANT,
        Kind.HORSE,
        # Third-generation pieces that always change file (F-5 to F-7).
        Kind.MINISTER,
        Kind.CAMEL,
        Kind.MULE,
        Kind.ZHU,
        Kind.FEI,
    }
)
_SELF_EVIDENT = frozenset({Kind.KING, Kind.ADVISOR, Kind.ELEPHANT})


@dataclass(frozen=True, slots=True)
class Spec:
    """A move as notation states it, before looking at the board.

    ``kind`` is ``None`` in forms that leave the piece out (``前四进一``).
    ``place`` is :data:`FRONT`, :data:`MIDDLE` or :data:`REAR`; ``ordinal``
    counts from 1 (on ``file`` when one is given).
    """

    kind: Kind | None
    action: str
    number: int
    file: int | None = None
    place: str | None = None
    ordinal: int | None = None


class SpecFields(TypedDict, total=False):
    """The ``Spec`` fields a piece's designation fixes."""

    file: int
    place: str
    ordinal: int


def clean(text: str) -> str:
    """Fold full-width forms (``１``, ``Ｃ``, ``．``) to ASCII and drop all spaces."""
    return "".join(unicodedata.normalize("NFKC", text).split())


def invalid(text: str, why: str, problem: str) -> InvalidNotation:
    """An :class:`InvalidNotation` naming ``text``; ``problem`` is a short key."""
    return InvalidNotation(f"{text!r}: {why}", text=text, problem=problem)


def file_number(sq: int, color: Color) -> int:
    """File 1-9 counted from ``color``'s own right."""
    return 9 - sq % 9 if color is Color.RED else sq % 9 + 1


def _ahead(sq: int, color: Color) -> int:
    """Rank counted from ``color``'s own back rank."""
    return sq // 9 if color is Color.RED else 9 - sq // 9


def motion(move: Move, piece: Piece) -> tuple[str, int]:
    """The direction and number notation gives this move of ``piece``."""
    color = piece.color
    steps = _ahead(move.to_sq, color) - _ahead(move.from_sq, color)
    action = FORWARD if steps > 0 else BACKWARD if steps < 0 else SIDEWAYS
    # 抛 and 骉 (F-7) may move either way: a change of file is named by the file.
    slanting = piece.kind in (Kind.PAO, Kind.BIAO) and move.from_sq % 9 != move.to_sq % 9
    if action == SIDEWAYS or piece.kind in DIAGONAL_KINDS or slanting:
        return action, file_number(move.to_sq, color)
    return action, abs(steps)


def _order(sq: int, color: Color) -> tuple[int, int]:
    return file_number(sq, color), -_ahead(sq, color)


def _column(position: Position, sq: int, piece: Piece) -> list[int]:
    """Like pieces on the file of ``sq``, front first."""
    row = [s for s in range(sq % 9, 90, 9) if position.board[s] == piece]
    return sorted(row, key=lambda s: _order(s, piece.color))


def _crowded(position: Position, piece: Piece) -> list[int]:
    """Like pieces on files holding two or more, right file first, front first."""
    squares = [s for s, p in enumerate(position.board) if p == piece]
    files = [s % 9 for s in squares]
    crowded = [s for s in squares if files.count(s % 9) > 1]
    return sorted(crowded, key=lambda s: _order(s, piece.color))


def _designates(position: Position, spec: Spec, sq: int, piece: Piece) -> bool:
    if spec.kind is not None and piece.kind is not spec.kind:
        return False
    if spec.file is not None and file_number(sq, piece.color) != spec.file:
        return False
    if spec.place is None and spec.ordinal is None:
        return True
    if spec.ordinal is not None:
        row = _crowded(position, piece) if spec.file is None else _column(position, sq, piece)
        return spec.ordinal <= len(row) and row[spec.ordinal - 1] == sq
    column = _column(position, sq, piece)
    if len(column) < 2:
        return False
    index = column.index(sq)
    if spec.place == FRONT:
        return index == 0
    if spec.place == REAR:
        return index == len(column) - 1
    return len(column) == 3 and index == 1


def candidates(position: Position, spec: Spec) -> list[Move]:
    """Every legal move of the side to move that ``spec`` fits."""
    found = []
    for sq, piece in enumerate(position.board):
        if piece is None or piece.color is not position.turn:
            continue
        if not _designates(position, spec, sq, piece):
            continue
        for target in position.pseudo_targets(sq):
            move = Move(sq, target)
            if motion(move, piece) == (spec.action, spec.number) and position.is_legal_pseudo(move):
                found.append(move)
    return found


def resolve(position: Position, spec: Spec, text: str) -> Move:
    """The one legal move ``spec`` (read from ``text``) stands for.

    :raises IllegalAction: when no legal move fits.
    :raises AmbiguousMove: when several do, naming them in ICCS.
    """
    found = candidates(position, spec)
    if len(found) == 1:
        return found[0]
    if not found:
        raise IllegalAction(f"{text!r}: no legal {_explain(spec)}", text=text)
    names = ", ".join(m.text for m in found)
    raise AmbiguousMove(f"{text!r} fits {len(found)} legal moves: {names}", text=text, moves=names)


def _explain(spec: Spec) -> str:
    """``cannon move from file 2 to file 5`` and the like, for error messages."""
    kind = spec.kind.name.lower() if spec.kind is not None else "piece"
    if spec.place is not None:
        origin = f"for the {spec.place} one"
    elif spec.ordinal is not None:
        origin = f"for no. {spec.ordinal}"
    else:
        origin = ""
    if spec.file is not None:
        origin = f"{origin} on file {spec.file}" if origin else f"from file {spec.file}"
    way = {FORWARD: "forward", BACKWARD: "backward", SIDEWAYS: ""}[spec.action]
    if spec.action == SIDEWAYS or spec.kind in DIAGONAL_KINDS:
        target = f"to file {spec.number}"
    else:
        target = f"{spec.number} rank{'s' if spec.number > 1 else ''}"
    return " ".join(part for part in (kind, "move", origin, way, target) if part)


def describe(position: Position, move: Move) -> Spec:
    """How xqbase names ``move`` (which must be legal): see the module doc."""
    piece = position.board[move.from_sq]
    assert piece is not None
    action, number = motion(move, piece)
    sq, color = move.from_sq, piece.color
    plain = Spec(piece.kind, action, number, file=file_number(sq, color))
    if len(_column(position, sq, piece)) < 2:
        return plain
    if piece.kind in _SELF_EVIDENT and len(candidates(position, plain)) == 1:
        return plain
    crowded = _crowded(position, piece)
    index = crowded.index(sq)
    if len(crowded) > 3:
        return Spec(piece.kind, action, number, ordinal=index + 1)
    places = (FRONT, REAR) if len(crowded) == 2 else (FRONT, MIDDLE, REAR)
    return Spec(piece.kind, action, number, place=places[index])
